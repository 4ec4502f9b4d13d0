// CONTRACT 1.3: against the reference holding the demo data, with every credential and no
// control URL, as a team points the suite at its staging deployment: every rule the data
// can show runs on it and passes, and every other is skipped with the reason.
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { bin, runForResults } from './support/cli.ts';

/** The bar: of the 96 rules, at least this many run on existing data. */
const AT_LEAST_RUN = 75;

/** The rules no data of a target can show: each needs the clock, or to know what was set or written. */
const NOT_SHOWN_BY_ANY_DATA = [
  'functions.cursor.expires-after-24h',
  'functions.round-trip',
  'functions.defaults.enabled',
  'functions.defaults.public',
  'functions.defaults.trigger-enabled',
  'metrics.cursor.lifetime',
  'resources.egressips.spec',
  'resources.customdomains.spec',
  'sandbox-address.process-logs.content',
];

test('on the demo data without a control URL, at least 75 rules run, every one on existing data, and pass; the others say why they skipped', async () => {
  const run = await runForResults(['--embedded-data', 'demo', '--seed', '11']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const { rules, target } = run.results;
  expect(target.controlUrl).toBeUndefined();
  const ran = rules.filter((r) => r.status !== 'skipped');
  expect(ran.length).toBeGreaterThanOrEqual(AT_LEAST_RUN);
  expect(ran.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  expect(ran.filter((r) => r.data !== 'existing').map((r) => r.id)).toEqual([]);
  // Only what no data can show: a cursor's age (the clock state), what was set, what a process wrote.
  expect(rules.filter((r) => r.status === 'skipped').map((r) => `${r.id}: ${r.reason}`)).toEqual(
    NOT_SHOWN_BY_ANY_DATA.map((id) => `${id}: no --control-url given: this check needs fixtures on the target`),
  );
  // What the data could not show is said: a rule that runs in part says which part.
  expect(rules.find((r) => r.id === 'resources.sandbox.spec')?.dataNotes).toEqual(['what was set is not known on existing data: only the representation of the fields is checked']);
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

test('serve --data demo prints what a run on that data needs, and no control URL', async () => {
  const child = spawn(process.execPath, [bin, 'serve', '--data', 'demo'], { env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ctrl-C')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  child.kill('SIGINT');
  const printed = Object.fromEntries(out.split('\n').filter((line) => /^CP_[A-Z_]+=/.test(line)).map((line) => line.split('=', 2) as [string, string]));
  expect(printed).toMatchObject({ CP_SANDBOX_NAME: 'demo-sandbox', CP_PROCESS_NAME: 'web-server', CP_PROCESS_PID: '4242' });
  expect(Object.keys(printed)).not.toContain('CP_CONTROL_URL');
  expect(out).toMatch(/test-control endpoint is at http:\/\/127\.0\.0\.1:\d+\/__control; it is left out above/);
});
