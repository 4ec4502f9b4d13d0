import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { referenceConfig, existingDataConfig } from '../test/support/reference-config.ts';
import { findRule } from '../spec/rules/index.ts';
const session = await SuiteSession.open(16);
const fault = process.env.FAULT!;
const rule = process.env.RULE!;
for (const seed of (process.env.SEEDS ?? '20261121').split(',').map(Number)) {
  const ref = await startReference({ fault, ...(process.env.EXISTING ? { data: 'demo' as const } : {}) });
  const config = process.env.EXISTING ? existingDataConfig(ref, { seed, runs: Number(process.env.RUNS ?? 12) }) : referenceConfig(ref, { seed, runs: Number(process.env.RUNS ?? 12) });
  const [r] = await session.run({ config, selected: [findRule(rule)] });
  console.log(seed, r!.status, (r as any).reason?.slice(0, 300), (r as any).evidence?.message?.slice(0, 400));
  await ref.close();
}
await session.close();
