// One conformance run: resolve the target (the embedded reference implementation
// when none is given), make sure it answers, run the selected rules, and write the
// reports.
import type { SuiteConfig } from '../harness/config.ts';
import { packageVersion } from './package-version.ts';
import { openExchangeLog } from './exchange-log.ts';
import { createShared } from '../harness/coordination.ts';
import { Redactor } from '../harness/redact.ts';
import type { ReferenceHandle } from '../reference/server.ts';
import type { LoggedExchange, RuleResult, RunResult, TargetDescription } from '../results/model.ts';
import { tally } from '../reporters/tally.ts';
import { FIXTURES_REPLACED } from '../harness/setup.ts';
import { judge } from './expectations.ts';
import type { RunOptions } from './options.ts';
import { planRun, type RunPlan } from './plan.ts';
import { adminCredential, assertReachable, controlEndpoint, memberCredential, noScopeCredential, otherWorkspace, preflightCheck, targetAnswers } from './preflight.ts';
import { RunError } from './run-error.ts';
import { SuiteSession } from './run-suites.ts';

export interface RunHooks {
  onStart?: (info: { seed: number; target: TargetDescription; rules: number; redactor: Redactor }) => void;
  onRuleFinished?: (result: RuleResult) => void;
  /** Keep every exchange of the run (RunOutcome.exchanges), as `--har` does. */
  logExchanges?: boolean;
}

export interface RunOutcome {
  result: RunResult;
  redactor: Redactor;
  /** Every exchange of the run, whole and masked, when it was asked for (`--har`, `diff`). */
  exchanges?: LoggedExchange[];
}

/** `plan` is planRun(options) unless the caller looked at it first. */
export async function runConformance(options: RunOptions, hooks: RunHooks = {}, plan?: RunPlan): Promise<RunOutcome> {
  const { selected, seed, runs, profile, expectations } = plan ?? (await planRun(options));
  // The reference implementation is loaded only when it is the target.
  const reference = options.baseUrl ? undefined : await startEmbedded(options.embeddedData);
  const log = options.har !== undefined || hooks.logExchanges ? await openExchangeLog() : undefined;
  try {
    const config = { ...suiteConfig(options, reference, { profile: profile.settings, seed, runs }), ...(log ? { exchangeLog: log.file } : {}) };
    const redactor = new Redactor(Object.values(config.credentials));
    // The setup's round trips go while vitest starts (about a second of this process's work);
    // its requests count in the run's budget and pace, as every request of the run does.
    const startedAt = new Date();
    const opening = SuiteSession.open(options.concurrency);
    const session = await assertSetup(config).then(
      () => opening,
      async (error: unknown) => {
        await (await opening).close();
        throw error;
      },
    );
    const target = describeTarget(config, reference !== undefined);
    hooks.onStart?.({ seed, target, rules: selected.length, redactor });
    let rules: RuleResult[];
    try {
      // The expectations file turns a listed rule's verdict into `known` or `fixed` as it finishes.
      rules = sharedTargetFailures((await session.run({ config, selected, onRuleFinished: (rule) => hooks.onRuleFinished?.(judge(rule, expectations)) })).map((rule) =>
        judge(rule, expectations),
      ));
    } finally {
      await session.close();
    }
    const result: RunResult = {
      version: packageVersion(),
      seed,
      target,
      settings: { runs, profile, ...(expectations ? { expectations: expectations.file } : {}) },
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      summary: tally(rules),
      rules,
      // Loaded here, not as this module loads: the clauses' proofs read the fault catalogue, which
      // imports reference modules that a mutation run's static mutants must be first to load.
      statements: (await import('./coverage.ts')).statementOutcomes(rules),
    };
    return { result, redactor, ...(log ? { exchanges: await log.read() } : {}) };
  } finally {
    await reference?.close();
    await log?.remove();
  }
}

/**
 * A run in which some check found its fixtures replaced by another party (a second run
 * against this target, most often) cannot trust what it read on set data: another
 * check's fixtures may have been replaced too without its read-back seeing it (the other
 * party put back a state that looks the same, or moved the clock). Its failures and
 * warnings on set data are then errors of the suite, no verdict; those on existing data
 * stand.
 */
function sharedTargetFailures(rules: RuleResult[]): RuleResult[] {
  const saw = rules.filter((rule) => rule.status === 'error' && rule.reason?.startsWith(FIXTURES_REPLACED)).length;
  if (saw === 0) return rules;
  return rules.map((rule) => {
    if ((rule.status !== 'failed' && rule.status !== 'warned') || rule.data !== 'set') return rule;
    const reason = `another party changed this target's fixtures while this run read them (${saw} check${saw === 1 ? '' : 's'} found theirs replaced), so this failure on set data is no verdict; run again when the target is free. The check had found: ${rule.reason ?? ''}`;
    return { ...rule, status: 'error' as const, reason, ...(rule.evidence ? { evidence: { ...rule.evidence, message: reason } } : {}) };
  });
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

/**
 * The embedded reference's URLs are the suite's own: one that is not an http URL is a
 * defect of cp-conformance, which stops the run (exit 2) rather than leaving the checks
 * that need it skipped as if no URL had been given.
 */
function assertHandleUrls(reference: ReferenceHandle): void {
  const urls = { baseUrl: reference.baseUrl, sandboxUrl: reference.sandboxUrl, ...(reference.demo ? {} : { controlUrl: reference.controlUrl }) };
  for (const [name, url] of Object.entries(urls)) {
    if (typeof url !== 'string' || !URL.canParse(url) || new URL(url).protocol !== 'http:')
      throw new RunError(`the embedded reference implementation gave ${name} ${JSON.stringify(url)}, not an http URL (a defect of cp-conformance)`);
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
    assertHandleUrls(reference);
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

/**
 * The checks of `doctor` that tell a mistake of the run from a failure of the target (a
 * credential not of its role, a control endpoint that refuses the admin or fails): made
 * before any verdict, in a few requests, each mistake one line of the run's refusal.
 */
async function assertSetup(config: SuiteConfig): Promise<void> {
  const t = preflightCheck(config);
  try {
    await assertReachable(t);
    const findings = await Promise.all([targetAnswers(t), adminCredential(t, config.sandboxName), memberCredential(t), noScopeCredential(t), otherWorkspace(t), controlEndpoint(t)]);
    const mistakes = findings.filter((f) => f.mistake).map((f) => `${f.part}: ${f.detail}`);
    if (mistakes.length > 0) throw new RunError(mistakes.join('\n'));
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
