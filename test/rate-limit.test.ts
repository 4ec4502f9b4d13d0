// --rate-limit N: at most N requests a second in the whole run, whichever check sends them.
import { expect, test } from 'vitest';
import { createShared } from '../harness/coordination.ts';
import { RatePace } from '../harness/rate-limit.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { rules } from '../spec/rules/index.ts';
import { referenceConfig } from './support/reference-config.ts';

test('each reservation is 1000/N ms after the one before, shared by every pace of the run', () => {
  const shared = createShared();
  const [one, other] = [new RatePace(8, shared), new RatePace(8, shared)];
  const now = 1_000_000;
  expect([one.reserve(now), other.reserve(now), one.reserve(now), other.reserve(now + 100)]).toEqual([0, 125, 250, 275]);
  // Once the pace is behind the clock, a request goes at once.
  expect(one.reserve(now + 10_000)).toBe(0);
});

test('a run with --rate-limit 20 sends no more than 20 requests in any second', async () => {
  const arrivals: number[] = [];
  const ref = await startReference({ onRequest: () => arrivals.push(performance.now()) });
  const session = await SuiteSession.open();
  try {
    const config = { ...referenceConfig(ref, { seed: 3, runs: 12, concurrency: 8 }), rateLimit: 20 };
    const results = await session.run({ config, selected: rules.filter((r) => r.id.startsWith('auth.')) });
    expect(results.map((r) => r.status)).toEqual(results.map(() => 'passed'));
    expect(arrivals.length).toBeGreaterThan(40);
    // Any second from one arrival on holds at most 20 (and 1 for the timers' jitter).
    const busiest = Math.max(...arrivals.map((from) => arrivals.filter((at) => at >= from && at < from + 1000).length));
    expect(busiest).toBeLessThanOrEqual(21);
  } finally {
    await session.close();
    await ref.close();
  }
});
