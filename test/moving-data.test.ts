// CONTRACT 1.3 and harness/readings.ts: data that moves while the suite reads it never
// fails a check. The whole suite runs on the demo data without a control URL, as against
// a staging deployment, while functions are deployed and removed every 15 ms, 150 ms and
// 1,500 ms (each move deploys a function of a new name, created now, and removes the one
// deployed before it), while a function is deleted and put back identical every 40 ms,
// 100 ms and 400 ms (a redeploy: the two readings around an answer agree, the answer
// between them lacks it), and while usage lands now: no rule fails, warns or errs, and at
// most 5 rules more are skipped than on still data. A functions fault of each rule that
// existing data shows is still caught while functions are deployed and removed every
// 150 ms. `npm run sweep` runs the same at more seeds, with every such fault.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { faultsMissedWhileMoving, MOVEMENTS, offWhileMoving, ONE_FAULT_PER_RULE, runOnDemoData } from './support/moving-data.ts';

const SEED = 31;
/** Cases per property: `npm run sweep` runs --runs 25 at more seeds. */
const RUNS = 8;

let ref: ReferenceHandle;
let session: SuiteSession;
let stillSkips: number;

beforeAll(async () => {
  ref = await startReference({ data: 'demo' });
  session = await SuiteSession.open(16);
  stillSkips = (await runOnDemoData(session, ref, SEED, RUNS)).filter((r) => r.status === 'skipped').length;
});
afterAll(async () => {
  await session?.close();
  await ref?.close();
});

describe('the whole suite on existing data that moves', () => {
  test.each(MOVEMENTS.map((movement) => [movement.label, movement] as const))('%s: no rule fails or warns, at most 5 more skipped', async (_label, movement) => {
    expect(await offWhileMoving(session, ref, movement, SEED, RUNS, stillSkips)).toEqual([]);
  });
});

test(`a functions fault of each of ${ONE_FAULT_PER_RULE.length} rules, of those the demo data shows, is caught by its rule while functions are deployed and removed every 150 ms`, async () => {
  expect(await faultsMissedWhileMoving(session, SEED, RUNS, ONE_FAULT_PER_RULE)).toEqual([]);
}, 900_000);
