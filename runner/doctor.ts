// `cp-conformance doctor`: the preflight of runner/preflight.ts in order, then, per
// area, how many of the selected rules a run with these options can run, on which data,
// and what the others miss.
import type { SuiteConfig } from '../harness/config.ts';
import { plannedData } from '../harness/run-check.ts';
import type { DataKind } from '../results/model.ts';
import type { StateName } from '../spec/test-control.ts';
import type { RunOptions } from './options.ts';
import { planRun } from './plan.ts';
import { adminCredential, memberCredential, namedSandbox, noScopeCredential, otherWorkspace, preflightCheck, providerStates, sandboxAddress, targetAnswers, versionHeader, type Finding } from './preflight.ts';
import { startEmbedded, suiteConfig } from './run.ts';
import { declaredChecks } from './run-suites.ts';

export interface AreaReadiness {
  area: string;
  rules: number;
  onData: Record<DataKind, number>;
  /** Why the others are skipped, each with how many rules it holds back and the provider states they set. */
  missing: Array<{ reason: string; rules: number; states: StateName[] }>;
}

export interface Diagnosis {
  findings: Finding[];
  areas: AreaReadiness[];
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
    let unsupported = new Set<StateName>();
    try {
      const target = await targetAnswers(t);
      say(target);
      if (target.status === 'ok') {
        // Before the states: they replace what the workspace holds, the named sandbox with it.
        say(await namedSandbox(t));
        say(await sandboxAddress(t));
        say(await adminCredential(t, config.sandboxName));
        say(await memberCredential(t));
        say(await noScopeCredential(t));
        say((await otherWorkspace(t)).finding);
        say(await versionHeader(t));
        if (config.controlUrl && !config.readOnly) {
          const states = await providerStates(config);
          states.findings.forEach(say);
          unsupported = states.unsupported;
        } else say({ part: 'provider states', status: 'not given', detail: config.readOnly ? '--read-only: no state is set' : 'no --control-url given' });
      }
    } finally {
      await t.close();
    }
    return { findings, areas: await readiness(config, plan.selected.map((r) => r.id), unsupported) };
  } finally {
    await reference?.close();
  }
}

async function readiness(config: SuiteConfig, selected: readonly string[], unsupported: ReadonlySet<StateName>): Promise<AreaReadiness[]> {
  const chosen = new Set(selected);
  const areas = new Map<string, AreaReadiness>();
  for (const check of (await declaredChecks()).filter((c) => chosen.has(c.id))) {
    const name = check.id.split('.')[0]!;
    const area = areas.get(name) ?? { area: name, rules: 0, onData: { set: 0, existing: 0 }, missing: [] };
    areas.set(name, area);
    area.rules += 1;
    const planned = plannedData(check, config, unsupported);
    if ('data' in planned) area.onData[planned.data] += 1;
    else {
      const missing = area.missing.find((m) => m.reason === planned.skip) ?? { reason: planned.skip, rules: 0, states: [] };
      if (missing.rules === 0) area.missing.push(missing);
      missing.rules += 1;
      missing.states = [...new Set([...missing.states, ...check.states])].sort();
    }
  }
  return [...areas.values()];
}
