// support/existing-data.ts: on the target's own data a failure stands only when the data
// held still while the check read it; data that keeps moving skips the check, and a run
// against a target whose data moves ends without a failure.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sampleFixtureSet, type FunctionFixture } from '../generators/functions-fixtures.ts';
import type { Check } from '../harness/check.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { findRule, rules } from '../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './support/reference-config.ts';
import { Skip, Violation } from '../harness/violation.ts';
import { onStableData, sameJson } from '../suites/support/existing-data.ts';

const check = { skip: (reason: string) => { throw new Skip(reason); } } as unknown as Check;

/** A reading that returns each of `values` in turn (an Error is thrown), and the data the body saw. */
function scripted(values: Array<number | Error>) {
  const seen: number[] = [];
  let i = 0;
  const read = async () => {
    const value = values[Math.min(i++, values.length - 1)]!;
    if (value instanceof Error) throw value;
    return value;
  };
  return { read, seen, reads: () => i };
}

const run = (s: ReturnType<typeof scripted>, fails: (data: number) => boolean) =>
  onStableData(check, 'the data', s.read, sameJson, async (data) => {
    s.seen.push(data);
    if (fails(data)) throw new Violation(`broken on ${data}`);
  });

describe('onStableData', () => {
  test('still data: the body runs once and its verdict stands', async () => {
    const passing = scripted([1, 1]);
    await run(passing, () => false);
    expect([passing.seen, passing.reads()]).toEqual([[1], 2]);
    await expect(run(scripted([1, 1]), () => true)).rejects.toThrow('broken on 1');
  });

  test('data that moved once: the failure on the old data is dropped, the check is made on the new', async () => {
    const moved = scripted([1, 2, 2]);
    await run(moved, (data) => data === 1);
    expect(moved.seen).toEqual([1, 2]);
    await expect(run(scripted([1, 2, 2]), (data) => data === 2)).rejects.toThrow('broken on 2');
  });

  test('data that keeps moving skips the check, whatever the body found', async () => {
    await expect(run(scripted([1, 2, 3]), () => true)).rejects.toBeInstanceOf(Skip);
    await expect(run(scripted([1, 2, 3]), () => false)).rejects.toThrow(/changed while the check read it/);
  });

  test('a reading that fails once is taken for moving data; one that fails twice in a row is the failure', async () => {
    const flaky = scripted([new Violation('walk broke'), 5, 5]);
    await run(flaky, () => false);
    expect(flaky.seen).toEqual([5]);
    await expect(run(scripted([new Violation('walk broke')]), () => false)).rejects.toThrow('walk broke');
  });
});

describe('a target whose data moves while the suite reads it', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await SuiteSession.open();
  });
  afterAll(() => session?.close());

  test('functions deployed and removed during the run fail no rule that reads them: each check reads again, and skips when the data moved twice', async () => {
    const ref = await startReference();
    const post = (items: readonly FunctionFixture[]) =>
      fetch(ref.controlUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${ref.credentials.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'functions', params: { items } }),
      });
    const held = sampleFixtureSet(11, { minSize: 80, maxSize: 80 });
    // Each move deploys a function of a new name and removes the one deployed before, so no
    // state comes back: a check that reads the same data before and after it compared saw still data.
    const deploying = (i: number) => [...held, { ...held[0]!, metadata: { ...held[0]!.metadata, name: `deployed-${i}` } }];
    try {
      await post(held);
      let moves = 0;
      let running = true;
      const mover = (async () => {
        while (running) {
          await post(deploying(moves++));
          await new Promise((resolve) => setTimeout(resolve, 15));
        }
      })();
      // The run gets no control URL: it reads what the target holds, as against a deployment.
      const config = { ...referenceConfig(ref, { seed: 5, runs: 8 }), controlUrl: undefined, concurrency: 4 };
      const results = await session.run({ config, selected: rules.filter((r) => r.id.startsWith('functions.') || r.id === 'resources.metadata.name-unique') });
      running = false;
      await mover;
      const broken = results.filter((r) => r.status === 'failed' || r.status === 'warned').map((r) => `${r.id}: ${r.reason}`);
      expect(broken).toEqual([]);
      expect(moves).toBeGreaterThan(10);
      // The data moved under them: some checks said so instead of drawing a verdict.
      expect(results.some((r) => r.status === 'skipped' && /changed while the check read it/.test(r.reason ?? ''))).toBe(true);
    } finally {
      await ref.close();
    }
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
