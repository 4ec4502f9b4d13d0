// The clock timeline (harness/clock-timeline.ts): checks that move the target's clock at
// the same time share its steps, and each cursor still meets exactly its ages.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ClockTimeline, type ClockMoves } from '../harness/clock-timeline.ts';
import { createShared, FixtureLocks, type LockWaits } from '../harness/coordination.ts';
import { Skip, SuiteError } from '../harness/violation.ts';
import type { Exchange } from '../results/model.ts';
import { faults } from '../reference/faults/index.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { findRule } from '../spec/rules/index.ts';
import { referenceConfig } from './support/reference-config.ts';
import { startLatencyProxy } from '../bench/latency-proxy.ts';

/** A target's clock: the steps it was moved by, and the resets; with `fail`, every step fails so. */
function fakeTarget(fail?: Error) {
  return { offset: 0, steps: [] as number[], resets: 0, fail };
}
type FakeTarget = ReturnType<typeof fakeTarget>;

/** A check on the timeline: its locks, its part of it, and its requests (each sent, and those counted for it). */
async function mover(shared: SharedArrayBuffer, target: FakeTarget, waits?: LockWaits) {
  const locks = new FixtureLocks(shared, waits);
  const place = await locks.enterClock();
  const counted = { requests: 0 };
  const moves: ClockMoves = {
    advance: async (seconds) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      counted.requests += 1;
      if (target.fail) throw target.fail;
      target.steps.push(seconds);
      target.offset += seconds;
    },
    reset: async () => {
      counted.requests += 1;
      target.resets += 1;
      target.offset = 0;
    },
  };
  const clock = new ClockTimeline(shared, locks, place, moves, (n) => void (counted.requests += n));
  return { locks, clock, counted, leads: place.leads };
}
type Mover = Awaited<ReturnType<typeof mover>>;

/** Its end, as Check.withClock ends it. */
const ended = (check: Mover) => check.clock.end().finally(() => check.locks.release());

/** Reaches each age from the offset it starts at, noting the target's offset at each; then ends. */
async function walk(check: Mover, ages: number[], target: FakeTarget, seen: number[]) {
  const issued = check.clock.offset;
  for (const age of ages) {
    await check.clock.reach(issued + age);
    seen.push(target.offset - issued);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await ended(check);
}

const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30))]);

// A step that never comes is the failure to look for: it fails here, not at the suite's timeout.
describe('the clock timeline (harness/clock-timeline.ts)', { timeout: 5_000 }, () => {
  test('two checks share the steps: each meets exactly its ages, the clock stops at every one, and the target is reset once', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
    expect([leader.leads, beside.leads]).toEqual([true, false]);
    const [ofLeader, ofBeside]: [number[], number[]] = [[], []];
    await Promise.all([walk(leader, [60, 86_400 + 600], target, ofLeader), walk(beside, [43_200, 86_400 + 600, 604_800], target, ofBeside)]);
    expect(ofLeader).toEqual([60, 87_000]);
    expect(ofBeside).toEqual([43_200, 87_000, 604_800]);
    expect(target.steps).toEqual([60, 43_140, 43_800, 517_800]);
    expect(target.resets).toBe(1);
    // As if each had moved the clock alone: a step for each of its ages, and a reset.
    expect([leader.counted.requests, beside.counted.requests]).toEqual([2 + 1, 3 + 1]);
  });

  test('the clock does not move while a check on the timeline is working, and the leader resets the target only once the others are done', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const leader = await mover(shared, target);
    const beside = await mover(shared, target);
    const reached = leader.clock.reach(100);
    expect(await settled(reached)).toBe(false);
    expect(target.steps).toEqual([]);
    // It says it waits for a later offset: the clock moves to the leader's, and no further.
    const waiting = beside.clock.reach(200);
    expect(await settled(reached)).toBe(true);
    expect(target.offset).toBe(100);
    expect(await settled(waiting)).toBe(false);
    const leaderEnded = ended(leader);
    await waiting;
    expect(target.steps).toEqual([100, 100]);
    expect(await settled(leaderEnded)).toBe(false);
    await ended(beside);
    await leaderEnded;
    expect(target.resets).toBe(1);
  });

  test("the leader's steps for the others' offsets are sent with its lane given back, its own with its lane", async () => {
    const shared = createShared();
    const target = fakeTarget();
    // Each pause and resume of the leader, with the steps sent by then.
    const lane: string[] = [];
    const note = (what: string) => void lane.push(`${what} after [${target.steps.join(', ')}]`);
    const leader = await mover(shared, target, { pause: () => note('pause'), resume: async () => note('resume') });
    const beside = await mover(shared, target);
    const waiting = beside.clock.reach(100);
    const reached = leader.clock.reach(200);
    await waiting;
    await ended(beside);
    await reached;
    expect(target.steps).toEqual([100, 100]);
    expect(lane).toEqual(['pause after []', 'resume after [100]']);
    await ended(leader);
  });

  test('a check that comes after the timeline ended leads the next one, once the groups are free', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const first = await mover(shared, target);
    const group = new FixtureLocks(shared);
    const holdsFunctions = group.enter('functions');
    expect(await settled(holdsFunctions)).toBe(false);
    await first.clock.reach(60);
    await ended(first);
    expect(await settled(holdsFunctions)).toBe(true);
    const next = mover(shared, target);
    expect(await settled(next)).toBe(false);
    group.release();
    const second = await next;
    expect(second.leads).toBe(true);
    expect(second.clock.offset).toBe(0);
    await ended(second);
    expect(target.resets).toBe(2);
  });

  test('when the leader cannot move the clock, the checks beside it end as errors of the suite, or are skipped with it; the leader fails at once on every later step, and still resets', async () => {
    const answered500 = new SuiteError('the control endpoint failed to set the state "clock" (it answered 500)', { response: { status: 500 } } as Exchange);
    const cases = [
      [answered500, /failed to set the state "clock" \(it answered 500\)/],
      [new Error('no answer'), /could not move it/],
      [new Skip('unsupported'), /was skipped as it moved the clock/],
    ] as const;
    for (const [error, expected] of cases) {
      const shared = createShared();
      const target = fakeTarget(error);
      const lane: string[] = [];
      const [leader, beside] = [await mover(shared, target), await mover(shared, target, { pause: () => void lane.push('pause'), resume: async () => void lane.push('resume') })];
      const waiting = beside.clock.reach(500);
      await expect(leader.clock.reach(60)).rejects.toBe(error);
      await expect(waiting).rejects.toThrow(expected);
      if (!(error instanceof Skip)) await expect(waiting).rejects.toBeInstanceOf(SuiteError);
      // A replay of the leader's case (fast-check's, after a failure) fails the same way, without waiting.
      await expect(settled(leader.clock.reach(120).catch(() => undefined))).resolves.toBe(true);
      await Promise.all([ended(beside), ended(leader)]);
      expect(target.resets).toBe(1);
      // Alone, each would have sent each step (and failed) and a reset.
      expect([leader.counted.requests, beside.counted.requests]).toEqual([2 + 1, 1 + 1]);
      // The check beside it works again (its replays, its shrinking) with its lane back.
      expect(lane).toEqual(['pause', 'resume']);
    }
  });

  test('a step that fails while the leader ends fails the check beside it, not the leader, and the target is still reset', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
    const waiting = beside.clock.reach(500);
    target.fail = new Error('500');
    const leaderEnded = ended(leader);
    await expect(waiting).rejects.toThrow(/could not move it/);
    await ended(beside);
    await expect(leaderEnded).resolves.toBeUndefined();
    expect(target.resets).toBe(1);
    // Alone, the leader would have sent only its reset; the other, its step and a reset.
    expect([leader.counted.requests, beside.counted.requests]).toEqual([1, 1 + 1]);
  });

  test('a leader cut off by its deadline ends the timeline: the check beside it fails instead of waiting on, and holds every group until it ends', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
    const waiting = beside.clock.reach(500);
    leader.locks.close();
    await expect(waiting).rejects.toThrow(/or ended/);
    // Every group stays with it while it may still be sending (its replays, its shrinking).
    const other = new FixtureLocks(shared).enter('usage');
    expect(await settled(other)).toBe(false);
    await beside.locks.enter('usage');
    await ended(beside);
    expect(await settled(other)).toBe(true);
  });

  test('a leader cut off after a step failed, or as it ends, leaves every group with the check still beside it', async () => {
    for (const when of ['after a failed step', 'as it ends'] as const) {
      const shared = createShared();
      const target = fakeTarget();
      const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
      const waiting = beside.clock.reach(500).catch((error: unknown) => error);
      if (when === 'after a failed step') {
        target.fail = new Error('no answer');
        await expect(leader.clock.reach(60)).rejects.toThrow('no answer');
        leader.locks.close();
      } else {
        const leaderEnded = leader.clock.end();
        leader.locks.close();
        // It stops there, instead of going round for a check it can no longer move the clock for.
        await expect(settled(leaderEnded)).resolves.toBe(true);
      }
      await waiting;
      const other = new FixtureLocks(shared).enter('functions');
      expect(await settled(other)).toBe(false);
      await ended(beside);
      expect(await settled(other)).toBe(true);
    }
  });

  test('a check cut off while it waits stops there: the others go on without it', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
    const waiting = beside.clock.reach(500).catch((error: unknown) => error);
    beside.locks.close();
    await leader.clock.reach(600);
    // Its offset is no longer waited for: the clock goes straight to the leader's.
    expect(target.steps).toEqual([600]);
    expect(String(await waiting)).toMatch(/no more/);
    await expect(settled(ended(leader))).resolves.toBe(true);
    expect(target.resets).toBe(1);
  });

  test('two checks on the timeline may not set one fixture group, the clock moves only on the timeline, and only its leader resets the target', async () => {
    const shared = createShared();
    const target = fakeTarget();
    const [leader, beside] = [await mover(shared, target), await mover(shared, target)];
    await leader.locks.enter('functions');
    await leader.locks.enter('functions');
    await beside.locks.enter('usage');
    await expect(beside.locks.enter('functions')).rejects.toThrow(/set the fixture group "functions"/);
    await expect(leader.locks.enter('clock')).rejects.toThrow(/Check.withClock/);
    // Only the leader resets the target, as it ends; an offset past what the slots hold is refused, not wrapped.
    await expect(beside.locks.enter('reset')).rejects.toThrow(/sets no state of the whole target/);
    await expect(leader.clock.reach(2 ** 31)).rejects.toThrow(/cannot reach/);
  });
});

// The two cursor-lifetime rules at the default concurrency share one timeline: each still
// catches its faults, the one beside the leader included, and passes beside the other's.
describe('the cursor-lifetime rules on one timeline', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await SuiteSession.open(16);
  });
  afterAll(() => session?.close());

  const clockRules = ['functions.cursor.expires-after-24h', 'metrics.cursor.lifetime'];
  for (const fault of ['functions-cursor-lives-25h', 'metrics-cursor-expires-at-23h', 'metrics-cursor-never-expires']) {
    test(`${fault} is caught by its rule, while the other passes`, async () => {
      // The states the target was put in: on one timeline, the leader resets it once for both rules.
      const states: string[] = [];
      const ref = await startReference({ fault, onRequest: (r) => void (r.method === 'POST' && r.url.startsWith(new URL(ref.controlUrl).pathname) && states.push(String(JSON.parse(String(r.body)).state))) });
      // A round trip of 10 ms: the first rule's timeline lasts long enough for the other to join it.
      const proxy = await startLatencyProxy(ref.baseUrl, 5);
      try {
        const direct = new URL(ref.baseUrl).origin;
        const [baseUrl, controlUrl] = [ref.baseUrl, ref.controlUrl].map((url) => proxy.origin + url.slice(direct.length));
        const config = referenceConfig(ref, { seed: 20261121, runs: 25, concurrency: 16, baseUrl, controlUrl });
        const verdicts = await session.run({ config, selected: clockRules.map((id) => findRule(id)) });
        const broken = faults.find((f) => f.name === fault)!.rule;
        expect(states.filter((state) => state === 'reset')).toHaveLength(1);
        expect(Object.fromEntries(verdicts.map((v) => [v.id, v.status]))).toEqual(Object.fromEntries(clockRules.map((id) => [id, id === broken ? 'failed' : 'passed'])));
      } finally {
        await proxy.close();
        await ref.close();
      }
    });
  }
});
