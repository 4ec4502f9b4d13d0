// One conformance run: resolve the target (the embedded reference implementation
// when none is given), make sure it answers, run the selected rules, and write the
// reports.
import type { SuiteConfig } from '../harness/config.ts';
import { HttpClient, NetworkError, RateLimited } from '../harness/http.ts';
import { createShared } from '../harness/coordination.ts';
import { BudgetSpent, RequestBudget } from '../harness/limits.ts';
import { Redactor } from '../harness/redact.ts';
import { RatePace } from '../harness/rate-limit.ts';
import type { ReferenceHandle } from '../reference/server.ts';
import type { RuleResult, RunResult, TargetDescription } from '../results/model.ts';
import { tally } from '../reporters/tally.ts';
import { statementOutcomes } from './coverage.ts';
import { judge } from './expectations.ts';
import type { RunOptions } from './options.ts';
import { planRun, type RunPlan } from './plan.ts';
import { otherWorkspace, preflightCheck } from './preflight.ts';
import { RunError } from './run-error.ts';
import { SuiteSession } from './run-suites.ts';

export interface RunHooks {
  onStart?: (info: { seed: number; target: TargetDescription; rules: number; redactor: Redactor }) => void;
  onRuleFinished?: (result: RuleResult) => void;
}

export interface RunOutcome {
  result: RunResult;
  redactor: Redactor;
}

/** `plan` is planRun(options) unless the caller looked at it first. */
export async function runConformance(options: RunOptions, hooks: RunHooks = {}, plan?: RunPlan): Promise<RunOutcome> {
  const { selected, seed, runs, profile, expectations } = plan ?? (await planRun(options));
  // The reference implementation is loaded only when it is the target.
  const reference = options.baseUrl ? undefined : await startEmbedded(options.embeddedData);
  try {
    const config = suiteConfig(options, reference, { profile: profile.settings, seed, runs });
    const redactor = new Redactor(Object.values(config.credentials));
    // The probe's requests count too: the budget bounds the whole run.
    const budget = options.maxRequests === undefined ? undefined : new RequestBudget(options.maxRequests, config.shared);
    await assertReachable(config, redactor, budget);
    await assertTwoWorkspaces(config);
    const target = describeTarget(config, reference !== undefined);
    hooks.onStart?.({ seed, target, rules: selected.length, redactor });
    const startedAt = new Date();
    const session = await SuiteSession.open(options.concurrency);
    let rules: RuleResult[];
    try {
      // The expectations file turns a listed rule's verdict into `known` or `fixed` as it finishes.
      rules = (await session.run({ config, selected, onRuleFinished: (rule) => hooks.onRuleFinished?.(judge(rule, expectations)) })).map((rule) =>
        judge(rule, expectations),
      );
    } finally {
      await session.close();
    }
    const result: RunResult = {
      seed,
      target,
      settings: { runs, profile, ...(expectations ? { expectations: expectations.file } : {}) },
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      summary: tally(rules),
      rules,
      statements: statementOutcomes(rules),
    };
    return { result, redactor };
  } finally {
    await reference?.close();
  }
}

/** The embedded reference implementation, holding the data set asked for (loaded only when it is the target). */
export async function startEmbedded(data: string | undefined): Promise<ReferenceHandle> {
  const { startReference } = await import('../reference/server.ts');
  try {
    return await startReference(data === undefined ? {} : { data });
  } catch (error) {
    throw new RunError(`cannot start the embedded reference implementation: ${(error as Error).message}`);
  }
}

export function suiteConfig(options: RunOptions, reference: ReferenceHandle | undefined, planned: Pick<SuiteConfig, 'profile' | 'seed' | 'runs'>): SuiteConfig {
  const common = {
    ...planned,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
    readOnly: options.readOnly,
    shared: createShared(),
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    ...(options.fixtureScale === undefined ? {} : { fixtureScale: options.fixtureScale }),
  };
  if (reference) {
    return {
      ...common,
      baseUrl: reference.baseUrl,
      sandboxUrl: reference.sandboxUrl,
      accountId: reference.accountId,
      credentials: reference.credentials,
      // Holding a data set, it is tested as a deployment is: on that data, with no control URL.
      ...(reference.demo ? reference.demo : { controlUrl: reference.controlUrl }),
    };
  }
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return {
    ...common,
    ...defined({
      baseUrl: options.baseUrl!,
      sandboxUrl: options.sandboxUrl,
      controlUrl: options.controlUrl,
      accountId: options.accountId,
      sandboxName: options.sandboxName,
      processName: options.processName,
      processPid: options.processPid,
    }),
    credentials: defined({
      admin: options.token!,
      member: options.memberToken,
      noScope: options.noScopeToken,
      otherWorkspace: options.otherWorkspaceToken,
    }),
  };
}

/** A target that does not answer at all cannot be tested: exit 2 with one line, not a page of failures. */
async function assertReachable(config: SuiteConfig, redactor: Redactor, budget: RequestBudget | undefined): Promise<void> {
  // Paced as every request of the run (--rate-limit): the first check's request waits its turn after it.
  const pace = config.rateLimit === undefined ? undefined : new RatePace(config.rateLimit, config.shared);
  const client = new HttpClient({ timeoutMs: config.timeoutMs, redactor, budget, ...(pace ? { pace: () => new Promise<void>((resolve) => setTimeout(resolve, pace.reserve())) } : {}) });
  try {
    await client.send(config.baseUrl, '/functions', { token: config.credentials.admin });
  } catch (error) {
    if (error instanceof NetworkError) throw new RunError(`cannot reach the target at ${redactor.text(config.baseUrl)}: ${error.exchange.networkError}`);
    // It answered, if only with 429s: reachable, and the checks will report the rate limiting.
    if (error instanceof RateLimited || error instanceof BudgetSpent) return;
    throw error;
  } finally {
    await client.close();
  }
}

/**
 * An "other workspace" credential that is plainly of this workspace would turn the checks
 * that a workspace sees only its own into false failures: the run stops before them.
 */
async function assertTwoWorkspaces(config: SuiteConfig): Promise<void> {
  if (!config.credentials.otherWorkspace) return;
  const t = preflightCheck(config);
  try {
    const { same, finding } = await otherWorkspace(t);
    if (same) throw new RunError(`the --other-workspace-token is no credential of a second workspace: ${finding.detail}`);
  } finally {
    await t.close();
  }
}

function describeTarget(config: SuiteConfig, embedded: boolean): TargetDescription {
  const credentials = Object.entries(config.credentials)
    .filter(([, v]) => v)
    .map(([k]) => k);
  return {
    baseUrl: config.baseUrl,
    ...(config.sandboxUrl ? { sandboxUrl: config.sandboxUrl } : {}),
    ...(config.controlUrl ? { controlUrl: config.controlUrl } : {}),
    ...(config.accountId ? { accountId: config.accountId } : {}),
    embedded,
    credentials,
  };
}
