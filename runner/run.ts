// One conformance run: resolve the target (the embedded reference implementation
// when none is given), make sure it answers, run the selected rules, and write the
// reports.
import type { RunOptions } from '../cli/options.ts';
import type { SuiteConfig } from '../harness/config.ts';
import { HttpClient, NetworkError } from '../harness/http.ts';
import { Redactor } from '../harness/redact.ts';
import { randomSeed } from '../harness/seed.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { RuleResult, RunResult, TargetDescription } from '../results/model.ts';
import { selectRules } from '../spec/rules/index.ts';
import { loadProfile } from './profile.ts';
import { RunError } from './run-error.ts';
import { SuiteSession } from './run-suites.ts';

export interface RunHooks {
  onStart?: (info: { seed: number; target: TargetDescription; rules: number; boundMs: number; redactor: Redactor }) => void;
  onRuleFinished?: (result: RuleResult) => void;
}

export interface RunOutcome {
  result: RunResult;
  redactor: Redactor;
}

/** Upper bound of one rule's check: generous, so only a hanging target meets it. */
const RULE_TIMEOUT_MS = 120_000;

export async function runConformance(options: RunOptions, hooks: RunHooks = {}): Promise<RunOutcome> {
  const profile = await loadProfile(options.profile);
  const selected = selectRules(options.only, options.skip);
  if (selected.length === 0) throw new RunError(`no rule matches --only ${options.only.join(', ')} (see \`cp-conformance rules\`)`);
  const seed = options.seed ?? randomSeed();
  const reference = options.baseUrl ? undefined : await startReference();
  try {
    const config = suiteConfig(options, reference, profile, seed);
    const redactor = new Redactor(Object.values(config.credentials));
    await assertReachable(config, redactor);
    const target = describeTarget(config, reference !== undefined);
    hooks.onStart?.({ seed, target, rules: selected.length, boundMs: selected.length * RULE_TIMEOUT_MS, redactor });
    const startedAt = new Date();
    const session = await SuiteSession.open(RULE_TIMEOUT_MS);
    let rules: RuleResult[];
    try {
      rules = await session.run({ config, selected, onRuleFinished: hooks.onRuleFinished });
    } finally {
      await session.close();
    }
    const count = (status: RuleResult['status']) => rules.filter((r) => r.status === status).length;
    const result: RunResult = {
      seed,
      target,
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
      rules,
    };
    return { result, redactor };
  } finally {
    await reference?.close();
  }
}

function suiteConfig(options: RunOptions, reference: ReferenceHandle | undefined, profile: SuiteConfig['profile'], seed: number): SuiteConfig {
  const common = { profile, seed, runs: options.runs, timeoutMs: options.timeoutMs, readOnly: options.readOnly };
  if (reference) {
    return {
      ...common,
      baseUrl: reference.baseUrl,
      sandboxUrl: reference.sandboxUrl,
      controlUrl: reference.controlUrl,
      accountId: reference.accountId,
      credentials: reference.credentials,
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
async function assertReachable(config: SuiteConfig, redactor: Redactor): Promise<void> {
  const client = new HttpClient({ timeoutMs: config.timeoutMs, redactor });
  try {
    await client.send(config.baseUrl, '/functions', { token: config.credentials.admin });
  } catch (error) {
    if (error instanceof NetworkError) throw new RunError(`cannot reach the target at ${redactor.text(config.baseUrl)}: ${error.exchange.networkError}`);
    throw error;
  } finally {
    await client.close();
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
