// The thread lib/suite-thread.ts starts: the run of runner/run.ts (its plan, preflight
// checks, vitest session and verdicts) over the rules asked for, each rule posted as it
// finishes, then the results and the configuration of the caller's extension checks.
import { parentPort, workerData } from 'node:worker_threads';
import { planRun } from '../runner/plan.ts';
import { RunError } from '../runner/run-error.ts';
import { runConformance, suiteConfig } from '../runner/run.ts';
import { rules } from '../spec/rules/index.ts';
import type { SuiteThreadMessage, SuiteThreadRequest } from './suite-thread.ts';

const { options, ruleIds } = workerData as SuiteThreadRequest;
const post = (message: SuiteThreadMessage) => parentPort!.postMessage(message);

try {
  const ids = new Set(ruleIds);
  // Planned as for every rule (planRun refuses an empty selection, which a run of extensions alone has), then narrowed.
  const plan = { ...(await planRun({ ...options, only: [], skip: [] })), selected: rules.filter((rule) => ids.has(rule.id)) };
  const { result } = await runConformance(options, { onRuleFinished: (rule) => post({ kind: 'rule', rule }) }, plan);
  // The extensions' run: the same seed, cases and profile; its shared memory (a request budget, fixture locks) its own.
  post({ kind: 'done', result, config: suiteConfig(options, undefined, { profile: plan.profile.settings, seed: plan.seed, runs: plan.runs }) });
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error), runError: error instanceof RunError });
}
