// `--expect FILE` (CONTRACT 1.2): the rules a team knows its implementation
// breaks. A listed rule that breaks is `known`, one that passes is `fixed`, one
// that is skipped stays skipped; an unlisted rule keeps its verdict.
import type { Expectation, RuleResult } from '../results/model.ts';
import schema from '../results/expectations.schema.json' with { type: 'json' };
import { assertMatches, readJsonFile } from './json-file.ts';
import { RunError } from './run-error.ts';

export interface ExpectationSet {
  file: string;
  byRule: ReadonlyMap<string, Expectation>;
}

/** Reads and checks the file: every `rule` must be an id of the catalogue, listed once. */
export async function loadExpectations(file: string, ruleIds: readonly string[]): Promise<ExpectationSet> {
  const what = `the expectations file ${file}`;
  const { expectations } = await assertMatches<{ expectations: Expectation[] }>(await readJsonFile(file, what), schema, what, 'is not an expectations key');
  const known = new Set(ruleIds);
  const byRule = new Map<string, Expectation>();
  for (const expectation of expectations) {
    if (!known.has(expectation.rule)) {
      const prefix = ruleIds.some((id) => id.startsWith(expectation.rule)) ? ' (an id, not a prefix: list each rule)' : '';
      throw new RunError(`${what} lists "${expectation.rule}", which is not a rule id${prefix}; see \`cp-conformance rules\``);
    }
    if (byRule.has(expectation.rule)) throw new RunError(`${what} lists "${expectation.rule}" twice`);
    byRule.set(expectation.rule, expectation);
  }
  return { file, byRule };
}

export const FIXED_REASON = 'listed in the expectations file as a known failure, but it passed: remove it from the file';

/** The verdict on a rule once the expectations file is read. */
export function judge(result: RuleResult, expectations: ExpectationSet | undefined): RuleResult {
  const listed = expectations?.byRule.get(result.id);
  if (!listed) return result;
  const expectation = { reason: listed.reason, ...(listed.link !== undefined ? { link: listed.link } : {}) };
  if (result.status === 'failed' || result.status === 'warned') return { ...result, status: 'known', expectation };
  if (result.status === 'passed') return { ...result, status: 'fixed', reason: FIXED_REASON, expectation };
  return result;
}
