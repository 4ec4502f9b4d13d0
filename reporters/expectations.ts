// `cp-conformance expectations RESULTS.json`: the expectations file (CONTRACT 1.2)
// that lists every rule that broke in a run, for a team to commit and gate on.
import { broke, type Expectation, type RunResult } from '../results/model.ts';
import { failureHeadline } from './evidence-text.ts';

export function expectationsFile(run: RunResult): string {
  // A rule in error did not break: the suite could not check it, so it is no known failure of the target.
  const expectations: Expectation[] = run.rules.filter(broke).map((rule) =>
    // A rule already known keeps what the team wrote of it; a new one gets its failure message.
    rule.status === 'known' && rule.expectation ? { rule: rule.id, ...rule.expectation } : { rule: rule.id, reason: failureHeadline(rule) },
  );
  return `${JSON.stringify({ expectations }, null, 2)}\n`;
}
