// --rate-limit N: at most N requests a second in the whole run, whichever check sends them.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { createShared } from '../harness/coordination.ts';
import { RatePace } from '../harness/rate-limit.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { rules } from '../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './support/reference-config.ts';

test('each reservation is 1000/N ms (and 5 %) after the one before, shared by every pace of the run', () => {
  const shared = createShared();
  const [one, other] = [new RatePace(8, shared), new RatePace(8, shared)];
  const now = 1_000_000;
  // 1000/8 ms, and 5 % for the target's clock.
  expect([one.reserve(now), other.reserve(now), one.reserve(now), other.reserve(now + 100)]).toEqual([0, 131.25, 262.5, 293.75]);
  // Once the pace is behind the clock, a request goes at once.
  expect(one.reserve(now + 10_000)).toBe(0);
});

/**
 * The whole suite at --rate-limit 20 against the reference (fewer cases than by default,
 * to keep the self-tests short: the pace, not the cases, is under test): every rule
 * passes, the suite's own waits expire no check (harness/target-time.ts), and no second
 * holds more than 20 requests at the target. The reference reads them on this thread's
 * event loop: the pace's 5 % margin covers reading them up to 50 ms late; later than that
 * (a machine busy with other test files), a second may hold one more per interval of lag
 * beyond it, which is this thread's delay, not the pace's.
 */
describe('the whole suite at --rate-limit 20', () => {
  test.each([
    ['set data', undefined],
    ['existing data (the demo data set, no control URL)', 'demo'],
  ] as const)('%s: every rule passes, and no second holds more than 20 requests', async (_, data) => {
    const arrivals: number[] = [];
    const ref = await startReference({ onRequest: () => arrivals.push(performance.now()), ...(data ? { data } : {}) });
    const session = await SuiteSession.open(16);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    try {
      const settings = { seed: 3, runs: 4, concurrency: 16, rateLimit: 20 };
      const config = data ? existingDataConfig(ref, settings) : referenceConfig(ref, settings);
      const results = await session.run({ config, selected: rules });
      expect(results.filter((r) => r.status !== 'passed' && r.status !== 'skipped').map((r) => `${r.id}: ${r.status}: ${r.reason}`)).toEqual([]);
      expect(results.filter((r) => r.status === 'skipped' && !/no --control-url given/.test(r.reason ?? '')).map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
      // Any second from one arrival on holds at most 20, however late a timer fires.
      let busiest = 0;
      for (let first = 0, last = 0; first < arrivals.length; first++) {
        while (last < arrivals.length && arrivals[last]! < arrivals[first]! + 1000) last++;
        busiest = Math.max(busiest, last - first);
      }
      const readLateMs = lag.max / 1e6;
      // At most 2: a lag that would excuse more says the machine, not the pace, was under test; it fails, naming the lag.
      const allowance = Math.min(2, Math.max(0, Math.ceil((readLateMs - 50) / ((1000 / 20) * 1.05))));
      expect(busiest, `the busiest second, read with up to ${Math.round(readLateMs)} ms of delay`).toBeLessThanOrEqual(20 + allowance);
      expect(arrivals.length).toBeGreaterThan(300);
    } finally {
      lag.disable();
      await session.close();
      await ref.close();
    }
  });
});
