// CONTRACT 1.3 and harness/readings.ts: data that moves while the suite reads it never
// fails a check. The whole suite runs on the demo data without a control URL, as against
// a staging deployment, while functions are deployed and removed every 15 ms, 150 ms and
// 1,500 ms (each move deploys a function of a new name, created now, and removes the one
// deployed before it), and while usage lands now: no rule fails, warns or errs, and at
// most 5 rules more are skipped than on still data.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { RuleResult } from '../results/model.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { rules } from '../spec/rules/index.ts';
import { existingDataConfig } from './support/reference-config.ts';

/** The skips moving data may add: checks whose data kept moving through their attempts. */
const MORE_SKIPS_AT_MOST = 5;

let ref: ReferenceHandle;
let session: SuiteSession;
let stillSkips: number;

beforeAll(async () => {
  ref = await startReference({ data: 'demo' });
  session = await SuiteSession.open(16);
  stillSkips = skipped(await runSuite()).length;
});
afterAll(async () => {
  await session?.close();
  await ref?.close();
});

const runSuite = () => session.run({ config: existingDataConfig(ref, { seed: 31, runs: 25, concurrency: 16 }), selected: rules });
const skipped = (results: RuleResult[]) => results.filter((r) => r.status === 'skipped');
const broken = (results: RuleResult[]) => results.filter((r) => !['passed', 'skipped'].includes(r.status)).map((r) => `${r.id}: ${r.status}: ${r.reason}`);

async function post(state: string, params: object): Promise<void> {
  const res = await fetch(ref.controlUrl, {
    method: 'POST',
    headers: { authorization: `Bearer ${ref.credentials.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state, params }),
  });
  if (res.status !== 204) throw new Error(`the control endpoint answered ${res.status}`);
}

/** Every function of the workspace as the API lists it, to be set again beside the moving one. */
async function heldFunctions(): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor = '';
  do {
    const res = await fetch(`${ref.baseUrl}/functions?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { authorization: `Bearer ${ref.credentials.admin}`, 'service-version': '2026-04-28' },
    });
    const page = (await res.json()) as { data: unknown[]; meta: { nextCursor: string } };
    items.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor);
  return items;
}

/** Runs `move(i)` every `periodMs` while the suite runs; returns the results and how many moves were made. */
async function whileMoving(periodMs: number, move: (i: number) => Promise<void>): Promise<{ results: RuleResult[]; moves: number }> {
  let moves = 0;
  let running = true;
  const mover = (async () => {
    while (running) {
      await move(moves++);
      await new Promise((resolve) => setTimeout(resolve, periodMs));
    }
  })();
  try {
    return { results: await runSuite(), moves };
  } finally {
    running = false;
    await mover;
  }
}

describe('the whole suite on existing data that moves', () => {
  test.each([15, 150, 1500])('functions deployed and removed every %i ms: no rule fails, at most 5 more skipped', async (periodMs) => {
    const held = await heldFunctions();
    const deploying = (i: number) => ({
      metadata: { name: `deployed-${periodMs}-${i}`, labels: { env: 'moving' }, createdAt: new Date().toISOString() },
      spec: { enabled: true, runtime: { generation: 'mk3', transport: 'http-stream' } },
    });
    try {
      const { results, moves } = await whileMoving(periodMs, (i) => post('functions', { items: [...held, deploying(i)] }));
      expect(broken(results)).toEqual([]);
      expect(skipped(results).length - stillSkips, skipped(results).map((r) => `${r.id}: ${r.reason}`).join('\n')).toBeLessThanOrEqual(MORE_SKIPS_AT_MOST);
      // The run outlasts two moves at least, whatever the pace.
      expect(moves).toBeGreaterThanOrEqual(2);
    } finally {
      await post('functions', { items: held });
    }
  });

  test('usage that lands now: no rule fails, at most 5 more skipped', async () => {
    const landing = (i: number) => ({
      time: new Date(Date.now() - (i % 60) * 1000).toISOString(),
      workspace: 'default',
      resourceType: 'sandbox',
      resourceName: 'busy-sandbox',
      resourceUuid: '00000000-0000-4000-8000-00000000beef',
      billingDimension: 'memory',
      usage: 1,
      cost: 0.01,
    });
    // The demo's usage is all in the 30 days before the reference started; events now are added to it.
    const demoEvents = (ref.demoStates?.find((s) => s.state === 'usage')?.params.events ?? []) as unknown[];
    const { results, moves } = await whileMoving(150, (i) => post('usage', { events: [...demoEvents, ...Array.from({ length: i + 1 }, (_, j) => landing(j))] }));
    expect(broken(results)).toEqual([]);
    expect(skipped(results).length - stillSkips).toBeLessThanOrEqual(MORE_SKIPS_AT_MOST);
    expect(moves).toBeGreaterThanOrEqual(2);
  });
});
