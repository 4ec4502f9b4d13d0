// harness/readings.ts, Check.confirmed and harness/run-check.ts: on the target's own data
// an answer is judged against readings that bracket it, and a failure stands only when the
// same request fails again with the same words on data its own readings show held still,
// CONFIRMATIONS times in a row (more once the data was seen moving); a flicker clears, data
// that keeps moving skips the check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import type { Check } from '../harness/check.ts';
import { createShared } from '../harness/coordination.ts';
import { Lanes } from '../harness/lanes.ts';
import { CONFIRMATIONS, CONFIRMATIONS_UNNAMED, CONFIRMATIONS_WHILE_MOVING, DataMoved, judgeAgainst, sameFailure, type Source } from '../harness/readings.ts';
import { rule } from '../harness/rule.ts';
import { runCheck } from '../harness/run-check.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { findRule } from '../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './support/reference-config.ts';

/** A source whose readings return each of `values` in turn (the last one again and again). */
function scripted(values: number[], between?: Source<number>['between']): Source<number> & { reads: () => number } {
  let i = 0;
  return {
    what: `scripted data ${Math.random()}`,
    read: async () => values[Math.min(i++, values.length - 1)]!,
    same: (a, b) => a === b,
    ...(between ? { between } : {}),
    reads: () => i,
  };
}

describe('an answer judged against the readings before and after it (judgeAgainst)', () => {
  const t = { config: { shared: createShared() } } as unknown as Check;
  const before = { data: 1, startedAt: performance.now() };
  const problemOf = (data: number) => (data === 1 ? 'wrong on 1' : undefined);

  test('an answer right on the reading before it needs no other reading', async () => {
    const source = scripted([5]);
    expect(await judgeAgainst(t, source, { data: 2, startedAt: 0 }, problemOf)).toEqual({ moved: false });
    expect(source.reads()).toBe(0);
  });

  test('data that held still: the problem stands', async () => {
    expect(await judgeAgainst(t, scripted([1]), before, problemOf)).toEqual({ problem: 'wrong on 1', moved: false });
  });

  test('data that moved: judged against what a state between the readings may show', async () => {
    expect(await judgeAgainst(t, scripted([2], (a, b) => a + b), before, problemOf)).toEqual({ moved: true });
    expect(await judgeAgainst(t, scripted([0], (a, b) => a + b), before, problemOf)).toEqual({ problem: 'wrong on 1', moved: true });
  });

  test('data that moved under an answer of several requests that the states between do not explain, or data with no "between": no verdict', async () => {
    expect(await judgeAgainst(t, scripted([2], (a, b) => a + b), before, problemOf, true)).toEqual({ moved: true });
    await expect(judgeAgainst(t, scripted([0], (a, b) => a + b), before, problemOf, true)).rejects.toBeInstanceOf(DataMoved);
    await expect(judgeAgainst(t, scripted([2]), before, problemOf)).rejects.toBeInstanceOf(DataMoved);
  });
});

describe('a check that compares with a reading in its own way, without a judgement: the harness holds it to still data', () => {
  // No request reaches a target: the source reads are scripted.
  const config = { ...referenceConfig({ baseUrl: 'http://127.0.0.1:9/v0', credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1 }), controlUrl: undefined };
  /** A check on existing data that fails on whatever it read: a stale reading would fail it for nothing. */
  const naive = (source: Source<number>) =>
    rule('functions.sort.orders', { existing: true }, async (t) => {
      const data = await t.existing(source);
      t.fail(`compared with ${data}`);
    });

  test('on data that keeps moving its failure is no verdict: it is made again, then skipped, saying so', async () => {
    const source = scripted(Array.from({ length: 1000 }, (_, i) => i));
    const outcome = await runCheck(naive(source), config, new Lanes(1));
    expect(outcome.status).toBe('skipped');
    expect(outcome).toMatchObject({ reason: expect.stringMatching(/^the data this check read \(scripted data .*\) changed while the check read it, 3 times in a row/) });
  });

  test('on data that moved once and then held still, the failure on the new data stands', async () => {
    const outcome = await runCheck(naive(scripted([1, 2])), config, new Lanes(1));
    expect(outcome).toMatchObject({ status: 'failed', evidence: { message: 'compared with 2' } });
  });

  test('on still data the failure stands once repeated, each repeat on a reading of its own read again after it', async () => {
    const source = scripted([1]);
    const outcome = await runCheck(naive(source), config, new Lanes(1));
    expect(outcome).toMatchObject({ status: 'failed', evidence: { message: 'compared with 1' } });
    // Its words name no item (the source names none): the first failure (its reading, and one after it to see the data held still) and CONFIRMATIONS_UNNAMED - 1 repeats, each reading before and after.
    expect(source.reads()).toBe(2 * CONFIRMATIONS_UNNAMED);
  });
});

describe('an answer that fails once among still readings (a function deleted and put back identical between them): repeated before it stands', () => {
  const config = { ...referenceConfig({ baseUrl: 'http://127.0.0.1:9/v0', credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1 }), controlUrl: undefined };
  /** A check whose answers are judged against a still source (holding the items `names`) and say what `answers` says in turn ('' right, else the problem). */
  const judging = (answers: string[], names: string[] = [], readings: number[] = [1]) => {
    const source = { ...scripted(readings), names: () => names };
    let i = 0;
    return rule('functions.sort.orders', { existing: true }, async (t) => {
      await t.existing(source);
      const answer = answers[Math.min(i++, answers.length - 1)]!;
      await t.judge(source, () => answer || undefined, (problem) => problem);
    });
  };

  test('a failure that a repeat does not show again is none: the flicker is gone', async () => {
    expect(await runCheck(judging(['item "a" missing', ''], ['a']), config, new Lanes(1))).toMatchObject({ status: 'passed' });
  });

  test('the same failure on every repeat stands', async () => {
    expect(await runCheck(judging(['item "a" missing'], ['a']), config, new Lanes(1))).toMatchObject({ status: 'failed', evidence: { message: 'item "a" missing' } });
  });

  // The readings around the first answer differ (1, then 2): the check has seen its data move, and agreeing readings may hold a flicker between them.
  test('once the data was seen moving, a failure repeated CONFIRMATIONS times that then clears is none', async () => {
    const answers = [...Array.from({ length: CONFIRMATIONS + 1 }, () => 'item "a" missing'), ''];
    expect(await runCheck(judging(answers, ['a'], [1, 2]), config, new Lanes(1))).toMatchObject({ status: 'passed' });
  });

  test('once the data was seen moving, the same failure stands after CONFIRMATIONS_WHILE_MOVING repeats', async () => {
    const answers = [...Array.from({ length: CONFIRMATIONS_WHILE_MOVING + 1 }, () => 'item "a" missing'), ''];
    expect(await runCheck(judging(answers, ['a'], [1, 2]), config, new Lanes(1))).toMatchObject({ status: 'failed', evidence: { message: 'item "a" missing' } });
  });

  // A count that a flicker of any item lowers alike ("meta.total ... it is 449"): only the streak tells it from a defect.
  test('a failure that names no item the readings hold, repeated CONFIRMATIONS_WHILE_MOVING times on still data and then cleared, is none', async () => {
    const answers = [...Array.from({ length: CONFIRMATIONS_WHILE_MOVING + 1 }, () => 'meta.total must be 3; it is 2'), ''];
    expect(await runCheck(judging(answers, ['svc-a', 'svc-b', 'meta']), config, new Lanes(1))).toMatchObject({ status: 'passed' });
  });

  test('a failure that names no item the readings hold stands after CONFIRMATIONS_UNNAMED repeats', async () => {
    const answers = [...Array.from({ length: CONFIRMATIONS_UNNAMED }, () => 'meta.total must be 3; it is 2'), ''];
    expect(await runCheck(judging(answers, ['svc-a', 'svc-b', 'meta']), config, new Lanes(1))).toMatchObject({ status: 'failed', evidence: { message: 'meta.total must be 3; it is 2' } });
  });

  test('the same failure: the same words but for items that came and went between the repeats, and numbers', () => {
    const names = (...list: string[]) => new Set(list);
    // Another function deployed each time, the defect the same: the same failure.
    expect(sameFailure([
      { message: 'position 0 should hold "new-1", got "old" (3 functions)', names: names('old', 'mid', 'new-1') },
      { message: 'position 0 should hold "new-2", got "old" (4 functions)', names: names('old', 'mid', 'new-2') },
    ])).toBe(true);
    // A cursor issued anew each time: the same failure.
    expect(sameFailure([
      { message: 'nextCursor must be empty; got "eyJhIjox"', names: names('old') },
      { message: 'nextCursor must be empty; got "eyJhIjoy"', names: names('old') },
    ])).toBe(true);
    // Another function missing each time, all of them in every reading: a flicker, not the same failure.
    expect(sameFailure([
      { message: 'missing "old"', names: names('old', 'mid') },
      { message: 'missing "mid"', names: names('old', 'mid') },
    ])).toBe(false);
    expect(sameFailure([
      { message: 'missing "svc-9" (position 9)', names: names('svc-9', 'svc-10') },
      { message: 'missing "svc-10" (position 10)', names: names('svc-9', 'svc-10') },
    ])).toBe(false);
  });

  test('failures that differ from repeat to repeat (another item each time) give no verdict: skipped, saying the data moved', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `f${i}`);
    expect(await runCheck(judging(names.map((name) => `item "${name}" missing`), names), config, new Lanes(1))).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/changed while the check read it, 3 times in a row/) });
  });
});

test('a check whose provider state the target answers as unsupported reads the data the target holds instead, and says so', async () => {
  const ref = await startReference({ data: 'demo' });
  // A control endpoint that supports no state (CONTRACT 2: 404 means unsupported).
  const control = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such state"}'));
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const session = await SuiteSession.open();
  try {
    const { sandboxName: _none, ...withoutSandbox } = existingDataConfig(ref, { seed: 4, runs: 5 });
    const config = { ...withoutSandbox, controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}/states` };
    const [limit, roundTrip, secrets] = await session.run({
      config,
      selected: [findRule('functions.limit.honoured'), findRule('functions.round-trip'), findRule('resources.secrets.hidden-unless-asked')],
    });
    expect([limit?.status, limit?.data]).toEqual(['passed', 'existing']);
    expect(limit?.dataNotes?.[0]).toMatch(/^the target does not support the provider state "functions" \(it answered 404\): the check read the data the target holds$/);
    // What no data can show stays skipped, with the target's answer as the reason.
    expect([roundTrip?.status, roundTrip?.reason]).toEqual(['skipped', 'the target does not support the provider state "functions" (it answered 404)']);
    // The control URL names no sandbox to read: without --sandbox-name the existing data holds none for the check.
    expect([secrets?.status, secrets?.reason]).toEqual(['skipped', 'the target does not support the provider state "sandboxes" (it answered 404)']);
  } finally {
    await session.close();
    control.close();
    await ref.close();
  }
});

test('on existing data, a secret value that also stands in a field that is no secret is not searched for, so it raises no alarm', async () => {
  const ref = await startReference();
  const host = 'db.internal.example.com';
  const sandbox = {
    metadata: { name: 'shared-host' },
    spec: { runtime: { envs: [{ name: 'DB_HOST', value: host, secret: true }, { name: 'DB_PASSWORD', value: 'pw_4f1c9b7e2a6d4c0e', secret: true }] }, network: { allowedDomains: JSON.stringify([host]) } },
  };
  const put = await fetch(ref.controlUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${ref.credentials.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state: 'sandboxes', params: { items: [sandbox] } }),
  });
  expect(put.status).toBe(204);
  const session = await SuiteSession.open();
  try {
    const config = { ...referenceConfig(ref, { seed: 6, runs: 4 }), controlUrl: undefined, sandboxName: 'shared-host' };
    const [hidden] = await session.run({ config, selected: [findRule('resources.secrets.hidden-unless-asked')] });
    expect([hidden?.status, hidden?.reason]).toEqual(['passed', undefined]);
    expect(hidden?.dataNotes?.join(' ')).toMatch(/^1 secret values were not searched for/);
  } finally {
    await session.close();
    await ref.close();
  }
});
