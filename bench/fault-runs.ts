// `npm run bench -- --faults`: the time to a verdict on a failing target. The whole suite
// runs against the reference implementation once clean, then once with each fault of its
// catalogue, as `cp-conformance run` runs it (its default concurrency and cases), in one
// vitest session so that each run costs its checks and not a runner start. The slowest
// fault run against the clean one is the figure: a failure costs its shrinking, whose
// every step may set fixtures on the target, and that is bounded (harness/property.ts).
import { parseRunOptions } from '../cli/options.ts';
import { faults } from '../reference/faults/index.ts';
import { startReference } from '../reference/server.ts';
import { planRun } from '../runner/plan.ts';
import { suiteConfig } from '../runner/run.ts';
import { SuiteSession } from '../runner/run-suites.ts';

export interface FaultRun {
  fault: string;
  ms: number;
  failed: number;
  /** The failures whose shrinking stopped at its bound. */
  boundedShrinks: number;
}

export async function faultRuns(seed: number, onRun: (run: FaultRun) => void): Promise<{ cleanMs: number; runs: FaultRun[] }> {
  const options = parseRunOptions(['--seed', String(seed)], {});
  const plan = await planRun(options);
  const session = await SuiteSession.open(options.concurrency);
  const runOnce = async (fault: string | undefined): Promise<FaultRun> => {
    const reference = await startReference(fault === undefined ? {} : { fault });
    try {
      const config = suiteConfig(options, reference, { profile: plan.profile.settings, seed: plan.seed, runs: plan.runs });
      const started = performance.now();
      const results = await session.run({ config, selected: plan.selected });
      const broken = results.filter((r) => r.status === 'failed');
      return {
        fault: fault ?? 'none',
        ms: Math.round(performance.now() - started),
        failed: broken.length,
        boundedShrinks: broken.filter((r) => r.evidence?.shrinking?.stoppedAtBound).length,
      };
    } finally {
      await reference.close();
    }
  };
  try {
    // A first clean run warms the session (its module transforms); the second is the measure.
    await runOnce(undefined);
    const clean = await runOnce(undefined);
    const runs: FaultRun[] = [];
    for (const { name } of faults) {
      const run = await runOnce(name);
      runs.push(run);
      onRun(run);
    }
    return { cleanMs: clean.ms, runs };
  } finally {
    await session.close();
  }
}
