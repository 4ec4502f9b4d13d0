// `cp-conformance doctor`: the preflight of runner/preflight.ts in order, then, per
// area, how many of the selected rules a run with these options can run, on which data,
// and what the others miss.
import type { SuiteConfig } from '../harness/config.ts';
import type { DataKind, RuleResult } from '../results/model.ts';
import type { RuleDefinition } from '../spec/rules/index.ts';
import type { StateName } from '../spec/test-control.ts';
import type { RunOptions } from './options.ts';
import { planRun } from './plan.ts';
import {
  adminCredential,
  assertReachable,
  controlEndpoint,
  memberCredential,
  namedSandbox,
  noScopeCredential,
  otherWorkspace,
  preflightCheck,
  providerStates,
  sandboxAddress,
  targetAnswers,
  versionHeader,
  type Finding,
} from './preflight.ts';
import { startEmbedded, suiteConfig } from './run.ts';
import { declaredChecks, SuiteSession } from './run-suites.ts';

export interface AreaReadiness {
  area: string;
  rules: number;
  onData: Record<DataKind, number>;
  /** Why the others are skipped, each with how many rules it holds back and the provider states they set. */
  missing: Array<{ reason: string; rules: number; states: StateName[] }>;
  /** The rules skipped, each with its reason. */
  skipped: Array<{ id: string; reason: string }>;
}

export interface Diagnosis {
  findings: Finding[];
  /** What a run with these options can check, per area; undefined when it would stop before its first rule (a finding is the run's mistake). */
  areas?: AreaReadiness[];
}

export async function diagnose(options: RunOptions, onFinding: (finding: Finding) => void = () => undefined): Promise<Diagnosis> {
  const plan = await planRun(options);
  const reference = options.baseUrl ? undefined : await startEmbedded(options.embeddedData);
  try {
    const config = suiteConfig(options, reference, { profile: plan.profile.settings, seed: plan.seed, runs: plan.runs });
    const t = preflightCheck(config);
    const findings: Finding[] = [];
    const say = (finding: Finding) => {
      findings.push(finding);
      onFinding(finding);
    };
    try {
      // A target that does not answer: no finding can be made (exit 2), as for a run.
      await assertReachable(t);
      const target = await targetAnswers(t);
      say(target);
      if (target.status === 'ok') {
        // Before the states: they replace what the workspace holds, the named sandbox with it.
        say(await namedSandbox(t));
        say(await sandboxAddress(t));
        say(await adminCredential(t, config.sandboxName));
        say(await memberCredential(t));
        say(await noScopeCredential(t));
        say(await otherWorkspace(t));
        say(await versionHeader(t));
        say(await controlEndpoint(t));
        if (config.controlUrl && !config.readOnly) (await providerStates(config)).findings.forEach(say);
      }
    } finally {
      await t.close();
    }
    if (findings.some((f) => f.mistake)) return { findings };
    return { findings, areas: await readiness(config, plan.selected) };
  } finally {
    await reference?.close();
  }
}

/**
 * What a run with these options checks, on which data, and why it skips the rest: the
 * rules themselves, each tried on one generated case, so that what the target's data holds
 * (no usage, no trigger, a missing meta.total, an unsupported state) is said as the run
 * will say it.
 */
async function readiness(config: SuiteConfig, selected: readonly RuleDefinition[]): Promise<AreaReadiness[]> {
  const session = await SuiteSession.open(config.concurrency);
  let results: RuleResult[];
  try {
    results = await session.run({ config: { ...config, runs: 1 }, selected });
  } finally {
    await session.close();
  }
  const checkStates = new Map((await declaredChecks()).map((check) => [check.id as string, check.states]));
  const areas = new Map<string, AreaReadiness>();
  for (const rule of results) {
    const name = rule.id.split('.')[0]!;
    const area = areas.get(name) ?? { area: name, rules: 0, onData: { set: 0, existing: 0 }, missing: [], skipped: [] };
    areas.set(name, area);
    area.rules += 1;
    if (rule.status !== 'skipped') area.onData[rule.data ?? 'set'] += 1;
    else {
      const reason = rule.reason ?? 'skipped';
      area.skipped.push({ id: rule.id, reason });
      const missing = area.missing.find((m) => m.reason === reason) ?? { reason, rules: 0, states: [] };
      if (missing.rules === 0) area.missing.push(missing);
      missing.rules += 1;
      missing.states = [...new Set([...missing.states, ...(checkStates.get(rule.id) ?? [])])].sort();
    }
  }
  return [...areas.values()];
}
