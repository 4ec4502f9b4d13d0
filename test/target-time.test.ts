// harness/target-time.ts: a check's deadline counts the time the target takes to answer
// its requests, never the suite's own waits (the rate limit's pace, locks, lanes, readings
// of other checks), so that no pacing of the run can expire a check.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { TargetTime } from '../harness/target-time.ts';

test('time without a request in flight does not count; requests in flight at once count once', async () => {
  let expired = false;
  const time = new TargetTime(150, () => (expired = true));
  // The suite's own wait: nothing in flight.
  await sleep(200);
  expect([expired, time.spent]).toEqual([false, 0]);
  const first = time.begin();
  const second = time.begin();
  await sleep(60);
  first();
  second();
  second();
  const spent = time.spent;
  expect(spent).toBeGreaterThanOrEqual(55);
  expect(spent).toBeLessThan(140);
  await sleep(200);
  expect([expired, time.spent]).toEqual([false, spent]);
  time.stop();
});

test('a target that answers too slowly expires the deadline, counted across its requests', async () => {
  let expired = false;
  const time = new TargetTime(100, () => (expired = true));
  const first = time.begin();
  await sleep(60);
  first();
  await sleep(100);
  expect(expired).toBe(false);
  time.begin();
  await sleep(80);
  expect(expired).toBe(true);
  time.stop();
});
