// The exit status `cp-conformance run` gives a result (README, "Exit status"), for a
// caller that gates on a run made through the library as CI gates on the command.
import type { RunResult } from '../results/model.ts';

/**
 * 1: a rule failed (a MUST rule, or an extension run with failOnExtensions), or with
 * `strict` one warned (a SHOULD rule or an extension) or a known failure passed;
 * 2: with none of those, a check could not be made; 0 otherwise. cli/main.ts
 * `exitStatus` reads the summary the same way (test/library.test.ts holds them alike).
 */
export function exitStatus(result: Pick<RunResult, 'summary'>, options: { strict?: boolean } = {}): 0 | 1 | 2 {
  const { failed, warned, fixed, error } = result.summary;
  if (failed > 0 || (options.strict && warned + fixed > 0)) return 1;
  return error > 0 ? 2 : 0;
}
