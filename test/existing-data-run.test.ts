// CONTRACT 1.3: against the reference holding the demo data, with every credential and no
// control URL, as a team points the suite at its staging deployment: every rule the data
// can show runs on it and passes, and every other is skipped with the reason.
import { expect, test } from 'vitest';
import { runForResults } from './support/cli.ts';

/** The bar: of the 96 rules, at least this many run on existing data. */
const AT_LEAST_RUN = 75;

test('on the demo data without a control URL, at least 75 rules run, every one on existing data, and pass; the others say why they skipped', async () => {
  const run = await runForResults(['--embedded-data', 'demo', '--seed', '11']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const { rules, target } = run.results;
  expect(target.controlUrl).toBeUndefined();
  const ran = rules.filter((r) => r.status !== 'skipped');
  expect(ran.length).toBeGreaterThanOrEqual(AT_LEAST_RUN);
  expect(ran.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  expect(ran.filter((r) => r.data !== 'existing').map((r) => r.id)).toEqual([]);
  expect(rules.filter((r) => r.status === 'skipped' && !r.reason).map((r) => r.id)).toEqual([]);
  // What the data reached is said: 120 functions do not reach the clamp to 200.
  expect(rules.find((r) => r.id === 'functions.limit.clamped-to-200')?.dataNotes).toEqual(['the clamp to 200 was not reached: the workspace holds 120 functions']);
});

test('with --read-only on the demo data, the rules that write are skipped for it and the rest pass', async () => {
  const run = await runForResults(['--embedded-data', 'demo', '--read-only', '--seed', '12', '--only', 'sandbox-address.', '--only', 'schema.sandbox-address']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const statuses = Object.fromEntries(run.results.rules.map((r) => [r.id, r.status === 'skipped' ? r.reason : r.status]));
  expect(statuses).toMatchObject({
    'sandbox-address.process-logs.by-name': 'passed',
    'sandbox-address.process-logs.unknown': 'passed',
    'sandbox-address.monitor.stop': expect.stringContaining('--read-only'),
    'schema.sandbox-address': expect.stringContaining('--read-only'),
  });
});
