// The clock timeline (harness/clock-timeline.ts): checks that move the target's clock at
// the same time share its steps, and each cursor still meets exactly its ages.
import { describe, expect, test } from 'vitest';
import { ClockTimeline, type ClockMoves } from '../harness/clock-timeline.ts';
import { createShared, FixtureLocks } from '../harness/coordination.ts';
import { Skip } from '../harness/violation.ts';

/** A target's clock: the steps it was moved by, and whether it was reset. */
function fakeTarget(fail?: Error) {
  const target = { offset: 0, steps: [] as number[], resets: 0 };
  const moves: ClockMoves = {
    advance: async (seconds) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail) throw fail;
      target.steps.push(seconds);
      target.offset += seconds;
    },
    reset: async () => {
      target.resets += 1;
      target.offset = 0;
    },
  };
  return { target, moves };
}

/** A check on the timeline: its locks, its part of it, and the requests counted in it. */
async function mover(shared: SharedArrayBuffer, moves: ClockMoves) {
  const locks = new FixtureLocks(shared);
  const place = await locks.enterClock();
  const counted = { requests: 0 };
  const clock = new ClockTimeline(shared, locks, place, moves, (n) => void (counted.requests += n));
  return { locks, clock, counted, leads: place.leads };
}

/** Reaches each age from the offset it starts at, noting the target's offset at each; then ends. */
async function walk(check: Awaited<ReturnType<typeof mover>>, ages: number[], target: { offset: number }, seen: number[]) {
  const issued = check.clock.offset;
  for (const age of ages) {
    await check.clock.reach(issued + age);
    seen.push(target.offset - issued);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await check.clock.end();
  check.locks.release();
}

const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30))]);

// A step that never comes is the failure to look for: it fails here, not at the suite's timeout.
describe('the clock timeline (harness/clock-timeline.ts)', { timeout: 5_000 }, () => {
  test('two checks share the steps: each meets exactly its ages, the clock stops at every one, and the target is reset once', async () => {
    const shared = createShared();
    const { target, moves } = fakeTarget();
    const [leader, beside] = [await mover(shared, moves), await mover(shared, moves)];
    expect([leader.leads, beside.leads]).toEqual([true, false]);
    const [ofLeader, ofBeside]: [number[], number[]] = [[], []];
    await Promise.all([walk(leader, [60, 86_400 + 600], target, ofLeader), walk(beside, [43_200, 86_400 + 600, 604_800], target, ofBeside)]);
    expect(ofLeader).toEqual([60, 87_000]);
    expect(ofBeside).toEqual([43_200, 87_000, 604_800]);
    expect(target.steps).toEqual([60, 43_140, 43_800, 517_800]);
    expect(target.resets).toBe(1);
    // As if each had moved the clock alone, a step for each of its ages and a reset: the
    // leader sent every step and the reset, less the steps to the other's ages.
    expect(target.steps.length + target.resets + leader.counted.requests).toBe(2 + 1);
    expect(beside.counted.requests).toBe(3 + 1);
  });

  test('the clock does not move while a check on the timeline is working, one that has just joined included', async () => {
    const shared = createShared();
    const { target, moves } = fakeTarget();
    const leader = await mover(shared, moves);
    const beside = await mover(shared, moves);
    const reached = leader.clock.reach(100);
    expect(await settled(reached)).toBe(false);
    expect(target.steps).toEqual([]);
    // It says it waits for a later offset: the clock moves to the leader's, and no further.
    const waiting = beside.clock.reach(200);
    expect(await settled(reached)).toBe(true);
    expect(target.offset).toBe(100);
    expect(await settled(waiting)).toBe(false);
    const leaderEnded = leader.clock.end().then(() => leader.locks.release());
    await waiting;
    expect(target.steps).toEqual([100, 100]);
    // The leader resets the target only once the check beside it is done.
    expect(await settled(leaderEnded)).toBe(false);
    await beside.clock.end();
    beside.locks.release();
    await leaderEnded;
    expect(target.resets).toBe(1);
  });

  test('a check that comes after the timeline ended leads the next one, once the groups are free', async () => {
    const shared = createShared();
    const { target, moves } = fakeTarget();
    const first = await mover(shared, moves);
    const group = new FixtureLocks(shared);
    const holdsFunctions = group.enter('functions');
    expect(await settled(holdsFunctions)).toBe(false);
    const ended = first.clock.reach(60).then(() => first.clock.end()).then(() => first.locks.release());
    await ended;
    expect(await settled(holdsFunctions)).toBe(true);
    const next = mover(shared, moves);
    expect(await settled(next)).toBe(false);
    group.release();
    const second = await next;
    expect(second.leads).toBe(true);
    expect(second.clock.offset).toBe(0);
    await second.clock.end();
    second.locks.release();
    expect(target.resets).toBe(2);
  });

  test('when the leader cannot move the clock, the checks beside it fail; when the target does not support it, they are skipped', async () => {
    for (const [error, expected] of [[new Error('500'), /could not move it/], [new Skip('unsupported'), /does not support the provider state "clock"/]] as const) {
      const shared = createShared();
      const { moves } = fakeTarget(error);
      const [leader, beside] = [await mover(shared, moves), await mover(shared, moves)];
      const waiting = beside.clock.reach(500);
      await expect(leader.clock.reach(60)).rejects.toBe(error);
      await expect(waiting).rejects.toThrow(expected);
      await beside.clock.end();
      beside.locks.release();
      await leader.clock.end();
      leader.locks.release();
    }
  });

  test('a leader cut off by its deadline ends the timeline: the check beside it fails instead of waiting on', async () => {
    const shared = createShared();
    const { moves } = fakeTarget();
    const [leader, beside] = [await mover(shared, moves), await mover(shared, moves)];
    const waiting = beside.clock.reach(500);
    leader.locks.close();
    await expect(waiting).rejects.toThrow(/could not move it, or ended/);
    beside.locks.release();
    const next = await mover(shared, moves);
    expect(next.leads).toBe(true);
  });

  test('two checks on the timeline may not set one fixture group', async () => {
    const shared = createShared();
    const { moves } = fakeTarget();
    const [leader, beside] = [await mover(shared, moves), await mover(shared, moves)];
    await leader.locks.enter('functions');
    await leader.locks.enter('functions');
    await beside.locks.enter('usage');
    await expect(beside.locks.enter('functions')).rejects.toThrow(/set the fixture group "functions"/);
    await expect(new FixtureLocks(shared).enter('clock')).rejects.toThrow(/Check.withClock/);
  });
});
