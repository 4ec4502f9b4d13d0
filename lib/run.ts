// `cp-conformance run` from code: the chosen rules of the specification and the caller's
// extension checks against a target the caller started, in the caller's process, with
// the options of `run` as an object. It returns what results.json would hold, and writes
// the reports only when asked. The rules are runner/run.ts's run (its plan, preflight
// checks and verdicts), in a thread of their own (lib/suite-thread.ts); the extensions run
// after them in the caller's thread, their bodies being the caller's closures.
import { Redactor } from '../harness/redact.ts';
import { resultsJson } from '../reporters/json.ts';
import { scrubRule } from '../reporters/scrub.ts';
import { tally } from '../reporters/tally.ts';
import { writeReports } from '../reporters/write.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_REPORT_DIR, DEFAULT_TIMEOUT_MS, type RunOptions } from '../runner/options.ts';
import { prepareReportDir } from '../runner/report-dir.ts';
import { RunError } from '../runner/run-error.ts';
import { selectRules } from '../spec/rules/index.ts';
import { runExtensions, type ExtensionCheck } from './extension.ts';
import { runInSuiteThread } from './suite-thread.ts';

/** The target and the options of `cp-conformance run` (README, "Options"), by the same names. */
export interface TargetOptions {
  /** Control-plane base URL, `/v0` included. */
  baseUrl: string;
  /** The admin credential. */
  token: string;
  memberToken?: string;
  noScopeToken?: string;
  otherWorkspaceToken?: string;
  accountId?: string;
  sandboxUrl?: string;
  /** The target's test-control endpoint; without it the checks run on the data the target holds. */
  controlUrl?: string;
  sandboxName?: string;
  processName?: string;
  processPid?: string;
}

export interface RunRulesOptions extends TargetOptions {
  /** Rule ids or id prefixes to run (`functions.`, `ext.`); default every rule and every extension. */
  only?: string[];
  skip?: string[];
  /** A built-in profile's name (`spec`, `blaxel`) or a profile file. */
  profile?: string;
  /** Absent: a random one, which the result records (`seed`) for a replay. */
  seed?: number;
  /** Generated cases per property (default 25). */
  runs?: number;
  timeoutMs?: number;
  /** Checks at once, and cases of one property at once (default 16). */
  concurrency?: number;
  readOnly?: boolean;
  /** Requests at most for the rules of the specification, and as many again for the extensions. */
  maxRequests?: number;
  rateLimit?: number;
  /** An expectations file: the rules it lists are `known` when they break, `fixed` when they pass. */
  expect?: string;
  /** Your checks of behaviour beyond the specification (`extension(...)`); `only` and `skip` select among them too. */
  extensions?: readonly ExtensionCheck[];
  /** A broken extension is `failed` (exit status 1) rather than `warned`. */
  failOnExtensions?: boolean;
  /** Also write junit.xml, report.html and results.json there. */
  reportDir?: string;
  /** Each rule's result as it finishes, credentials masked as in the reports. */
  onRuleFinished?: (result: RuleResult) => void;
}

const matches = (id: string, patterns: readonly string[]) => patterns.some((p) => id === p || id.startsWith(p));

export async function runRules(options: RunRulesOptions): Promise<RunResult> {
  const { only = [], skip = [] } = options;
  // Without a base URL runner/run.ts would test its embedded reference: a caller's test means its own server.
  if (!options.baseUrl || !options.token) throw new RunError('runRules needs baseUrl and token: the target your test started (startReference() gives both as `target`)');
  const runOptions = runOptionsOf(options);
  const selected = selectRules(only, skip);
  const extensions = (options.extensions ?? []).filter(({ definition: { id } }) => (only.length === 0 || matches(id, only)) && !matches(id, skip));
  const duplicate = extensions.find((e, i) => extensions.findIndex((other) => other.definition.id === e.definition.id) !== i);
  if (duplicate) throw new RunError(`two extensions have the id ${duplicate.definition.id}`);
  if (selected.length === 0 && extensions.length === 0) throw new RunError(`no rule or extension matches only ${only.join(', ')}`);
  if (options.reportDir !== undefined) await prepareReportDir(options.reportDir);
  // The run's Redactor: that of runner/run.ts, made of the same credentials.
  const redactor = new Redactor([options.token, options.memberToken, options.noScopeToken, options.otherWorkspaceToken].filter((c): c is string => !!c));
  const finished = (rule: RuleResult) => options.onRuleFinished?.(scrubRule(rule, redactor));
  const ran = await runInSuiteThread({ options: runOptions, ruleIds: selected.map((rule) => rule.id) }, finished);
  let result = ran.result;
  if (extensions.length > 0) {
    const rules = [...result.rules, ...(await runExtensions(extensions, ran.config, { failOnExtensions: options.failOnExtensions, onRuleFinished: finished }))];
    result = { ...result, rules, summary: tally(rules), durationMs: Date.now() - Date.parse(result.startedAt) };
  }
  if (options.reportDir !== undefined) await writeReports(result, options.reportDir, redactor);
  // What results.json holds: the same keys, every string passed through the run's Redactor.
  return JSON.parse(resultsJson(result, redactor)) as RunResult;
}

function runOptionsOf(options: RunRulesOptions): RunOptions {
  const { extensions: _e, failOnExtensions: _f, reportDir: _r, onRuleFinished: _o, only = [], skip = [], ...rest } = options;
  return {
    ...rest,
    only,
    skip,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    readOnly: options.readOnly ?? false,
    strict: false,
    // Unused: runConformance writes no report; the library writes them only to options.reportDir.
    reportDir: DEFAULT_REPORT_DIR,
  };
}
