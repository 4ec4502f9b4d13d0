// Every report counts from the rules it lists, so its totals always agree with
// its own body.
import { RULE_STATUSES, type RuleResult, type Summary } from '../results/model.ts';

export type Tally = Summary;

export function tally(rules: RuleResult[]): Tally {
  const counts = Object.fromEntries(RULE_STATUSES.map((status) => [status, 0])) as Tally;
  for (const rule of rules) counts[rule.status] += 1;
  return counts;
}

/** The closing line of the console summary, which CI log parsers look for: every status, always in this order. */
export function tallyLine(counts: Tally): string {
  return TALLY_ORDER.map((status) => `${counts[status]} ${status}`).join(', ');
}

/** The order of the tally line, kept from before `known`, `fixed` and `error` were added (each at the end) so parsers of it go on working. */
const TALLY_ORDER = ['passed', 'failed', 'warned', 'skipped', 'known', 'fixed', 'error'] as const satisfies readonly (keyof Tally)[];
