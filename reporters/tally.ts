// Every report counts from the rules it lists, so its totals always agree with
// its own body.
import type { RuleResult } from '../results/model.ts';

export interface Tally {
  passed: number;
  failed: number;
  warned: number;
  skipped: number;
}

export function tally(rules: RuleResult[]): Tally {
  const count = (status: RuleResult['status']): number => rules.filter((rule) => rule.status === status).length;
  return { passed: count('passed'), failed: count('failed'), warned: count('warned'), skipped: count('skipped') };
}

/** The closing line of the console summary, which CI log parsers look for. */
export function tallyLine({ passed, failed, warned, skipped }: Tally): string {
  return `${passed} passed, ${failed} failed, ${warned} warned, ${skipped} skipped`;
}
