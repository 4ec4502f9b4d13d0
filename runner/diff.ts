// `cp-conformance diff`: one plan (rules, seed, cases) run against a baseline, then against
// a candidate, every exchange of both kept (runner/exchange-log.ts), and the two compared
// request by request (runner/diff-compare.ts). The runs go one after the other: each has
// its target to itself, as a run does.
import type { Redactor } from '../harness/redact.ts';
import type { DiffReport } from '../results/diff.ts';
import { compareRuns, NORMALISED } from './diff-compare.ts';
import { operationNamer } from './operations.ts';
import type { RunOptions } from './options.ts';
import { planRun } from './plan.ts';
import { runConformance, type RunHooks } from './run.ts';

export type DiffSide = 'baseline' | 'candidate';

export interface DiffResult extends DiffReport {
  /** Masks the credentials of both sides in a text. */
  mask: (text: string) => string;
}

export interface DiffHooks {
  onSide?: (side: DiffSide, info: { seed: number; rules: number; target: DiffReport['baseline']; redactor: Redactor }) => void;
  onRuleFinished?: RunHooks['onRuleFinished'];
}

/** A candidate's curl lines name the variables its credentials come from (CP_AGAINST_TOKEN, ...). */
export const curlForCandidate = (curl: string): string => curl.replace(/\$CP_/g, '$CP_AGAINST_');

export async function runDiff(baseline: RunOptions, candidate: RunOptions, hooks: DiffHooks = {}): Promise<DiffResult> {
  const plan = await planRun(baseline);
  const from = Date.now();
  const sideHooks = (side: DiffSide): RunHooks => ({
    logExchanges: true,
    onStart: ({ seed, target, rules, redactor }) => hooks.onSide?.(side, { seed, rules, target, redactor }),
    ...(hooks.onRuleFinished ? { onRuleFinished: hooks.onRuleFinished } : {}),
  });
  const ours = await runConformance(baseline, sideHooks('baseline'), plan);
  const theirs = await runConformance(candidate, sideHooks('candidate'), plan);
  const comparison = compareRuns(
    { exchanges: ours.exchanges ?? [], urls: ours.result.target },
    { exchanges: (theirs.exchanges ?? []).map((exchange) => ({ ...exchange, curl: curlForCandidate(exchange.curl) })), urls: theirs.result.target },
    await operationNamer(),
    { from, to: Date.now() },
  );
  return {
    seed: plan.seed,
    runs: plan.runs,
    rules: plan.selected.length,
    baseline: ours.result.target,
    candidate: theirs.result.target,
    normalised: NORMALISED,
    comparison,
    mask: (text) => theirs.redactor.text(ours.redactor.text(text)),
  };
}
