// `cp-conformance doctor`: every part of a good setup reported working; a credential
// that is not what its role says, and a provider state the target does not support,
// named with exit 1; per area, the rules a run can make, on the data a run then uses.
// And `run` stopping before its verdicts when the "other workspace" is this one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { RunResult } from '../results/model.ts';
import { runCli, runForResults, targetEnv } from './support/cli.ts';

let demo: ReferenceHandle;
/** The target of the run with a partial control endpoint: the states it sets would replace the demo data. */
let fixtures: ReferenceHandle;
let partialControl: Server;
beforeAll(async () => {
  [demo, fixtures] = await Promise.all([startReference({ data: 'demo' }), startReference()]);
  // A control endpoint that sets every state but `usage` (404: not supported).
  partialControl = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    if ((JSON.parse(body) as { state: string }).state === 'usage') return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such state"}');
    const answer = await fetch(fixtures.controlUrl, { method: 'POST', headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' }, body });
    res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => partialControl.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  partialControl.close();
  await Promise.all([demo.close(), fixtures.close()]);
});

const findingLines = (stdout: string) => stdout.split('\n').filter((line) => /^(ok  |FAIL| -- ) /.test(line));
const failedParts = (stdout: string) => findingLines(stdout).filter((line) => line.startsWith('FAIL'));

/** The table's rows: area → [rules, set, existing, skipped]. */
function readiness(stdout: string): Record<string, number[]> {
  const rows = stdout.split('What a run with these options can check')[1]!.split('\n\n')[0]!.split('\n').slice(2);
  return Object.fromEntries(rows.map((row) => row.trim().split(/\s+/)).map(([area, ...counts]) => [area!, counts.map(Number)]));
}

/** The same per area from a run's results: what ran on set data, on existing data, and what was skipped. */
function outcomeByArea(results: RunResult): Record<string, number[]> {
  const by: Record<string, number[]> = {};
  for (const rule of results.rules) {
    const row = (by[rule.id.split('.')[0]!] ??= [0, 0, 0, 0]);
    row[0]! += 1;
    row[rule.status === 'skipped' ? 3 : rule.data === 'set' ? 1 : 2]! += 1;
  }
  return by;
}

test('against the embedded reference every part works and every rule can run on set data: exit 0', async () => {
  const doctor = await runCli(['doctor']);
  expect(doctor.code, doctor.stderr).toBe(0);
  expect(failedParts(doctor.stdout)).toEqual([]);
  expect(findingLines(doctor.stdout).filter((line) => line.startsWith('ok')).length).toBeGreaterThanOrEqual(13);
  expect(doctor.stdout).toMatch(/^ok {4}provider state usage +set one event; the metrics of its hour cost 1\.25$/m);
  expect(doctor.stdout).toContain('Every rule can run.');
});

test('a member credential that is an admin and an "other workspace" credential of this workspace are named (exit 1), and the run they would make is none', async () => {
  const env = targetEnv(demo);
  const doctor = await runCli(['doctor'], { ...env, CP_MEMBER_TOKEN: env.CP_TOKEN!, CP_OTHER_WORKSPACE_TOKEN: env.CP_MEMBER_TOKEN! });
  expect(doctor.code, doctor.stderr).toBe(1);
  expect(failedParts(doctor.stdout)).toEqual([
    expect.stringMatching(/^FAIL {2}member credential \(--member-token\) +--member-token was served the account metrics grouped by workspace, which only an account admin is: it seems to be an admin, not a member$/),
    expect.stringMatching(/^FAIL {2}other-workspace credential \(--other-workspace-token\) +--other-workspace-token is shown exactly what --token is shown \(.*\): either it is a credential of this workspace, not of a second one, or the target shows every credential the same resources/),
  ]);
  expect(doctor.stdout).toMatch(/A run with these options stops before its first rule \(exit 2\), for the 2 parts marked FAIL above: member credential \(--member-token\), other-workspace credential \(--other-workspace-token\)\.\n$/);
  expect(doctor.stdout).not.toContain('Every rule can run');
});

test('an unreachable target: doctor says so on one line and exits 2, with no table', async () => {
  const doctor = await runCli(['doctor', '--base-url', 'http://127.0.0.1:9/v0', '--token', 't']);
  expect(doctor.code).toBe(2);
  expect(doctor.stderr).toMatch(/^cp-conformance: cannot reach the target at http:\/\/127\.0\.0\.1:9\/v0: connection refused\n$/);
  expect(doctor.stdout).not.toContain('What a run');
});

test('a provider state the target does not support is named (exit 1), and per area the rules it holds back read existing data or are skipped, as the run then does', async () => {
  const env = { ...targetEnv(fixtures), CP_CONTROL_URL: `http://127.0.0.1:${(partialControl.address() as AddressInfo).port}/control` };
  const doctor = await runCli(['doctor'], env);
  expect(doctor.code, doctor.stderr).toBe(1);
  expect(failedParts(doctor.stdout)).toEqual([expect.stringMatching(/^FAIL {2}provider state usage +the target does not support the provider state "usage" \(it answered 404\)$/)]);
  // What the doctor says the run skips, the run skips (test/doctor-matrix.test.ts holds that for every rule).
  const heldBack = /^ {2}metrics: (\d+) rules?: the target does not support the provider state "usage" \(it answered 404\)/m.exec(doctor.stdout);
  expect(heldBack).not.toBeNull();
  const { results } = await runForResults(['--seed', '3'], env);
  const skippedForTheState = results.rules.filter((r) => r.reason === 'the target does not support the provider state "usage" (it answered 404)');
  expect(skippedForTheState.length).toBe(Number(heldBack![1]));
});

test('on existing data (no control URL) the table says which rules need the control URL and with which states, as many as the run skips', async () => {
  const env = targetEnv(demo);
  const doctor = await runCli(['doctor'], env);
  expect(doctor.code, doctor.stderr).toBe(0);
  expect(doctor.stdout).toMatch(/^ -- {3}control endpoint \(--control-url\) +no --control-url given$/m);
  expect(doctor.stdout).toMatch(/^ {2}functions: 5 rules: no --control-url given: this check needs fixtures on the target \(they set the clock, functions, reset states\)$/m);
  const { results } = await runForResults(['--seed', '3'], env);
  expect(readiness(doctor.stdout)).toEqual(outcomeByArea(results));
});

describe('run stops before any verdict, exit 2 and one line per problem, when a credential is plainly not its role', () => {
  const env = () => targetEnv(demo);
  test.concurrent.each([
    ['the other-workspace credential is --token itself', () => ({ CP_OTHER_WORKSPACE_TOKEN: env().CP_TOKEN! }), [/^other-workspace credential \(--other-workspace-token\): --other-workspace-token is the --token credential itself/]],
    ['the other-workspace credential is of this workspace', () => ({ CP_OTHER_WORKSPACE_TOKEN: env().CP_MEMBER_TOKEN! }), [/is shown exactly what --token is shown .*: either it is a credential of this workspace, not of a second one, or the target shows every credential the same resources/]],
    ['the member is an admin', () => ({ CP_MEMBER_TOKEN: env().CP_TOKEN! }), [/^member credential \(--member-token\): --member-token was served the account metrics grouped by workspace/]],
    ['the no-scope credential is served', () => ({ CP_NO_SCOPE_TOKEN: env().CP_MEMBER_TOKEN! }), [/^no-scope credential \(--no-scope-token\): GET \/functions answered 200 to --no-scope-token/]],
    ['the admin is a member: no metrics by workspace', () => ({ CP_TOKEN: env().CP_MEMBER_TOKEN! }), [/^admin credential \(--token\): the account metrics grouped by workspace answered 403: --token must be an account admin of account acct-/]],
    ['a credential the target does not know', () => ({ CP_NO_SCOPE_TOKEN: 'no-such-token-at-all' }), [/^no-scope credential \(--no-scope-token\): GET \/functions answered 401/]],
    ['the sandbox named does not exist', () => ({ CP_SANDBOX_NAME: 'no-such-sandbox' }), [/^admin credential \(--token\): GET \/sandboxes\/no-such-sandbox answered 404: --sandbox-name names no sandbox/]],
  ])('%s', async (_, change, problems) => {
    const run = await runCli(['run', '--report-dir', '/nonexistent/never-written'], { ...env(), ...change() });
    expect(run.code, run.stdout).toBe(2);
    const lines = run.stderr.trimEnd().split('\n').map((line) => line.replace(/^cp-conformance: /, ''));
    expect(lines).toEqual(problems.map((problem) => expect.stringMatching(problem)));
    expect(run.stdout).toBe('');
  });

  test.concurrent.each([
    [401, /^control endpoint \(--control-url\): it answered 401 to the admin credential asking for a state: it must take --token$/],
    [500, /^control endpoint \(--control-url\): it answered 500 asking for a state it does not know: it fails$/],
  ])('a control endpoint that answers %i', async (status, problem) => {
    const control = createServer((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"no"}'));
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    try {
      const run = await runCli(['run'], { ...targetEnv(fixtures), CP_CONTROL_URL: `http://127.0.0.1:${(control.address() as AddressInfo).port}/control` });
      expect(run.code, run.stdout).toBe(2);
      expect(run.stderr.trimEnd().split('\n').map((line) => line.replace(/^cp-conformance: /, ''))).toEqual([expect.stringMatching(problem)]);
    } finally {
      control.close();
    }
  });
});

test('a target whose functions listing shows this workspace to the other one is failing isolation, not given a wrong credential: the run goes on and fails it, on existing data too', async () => {
  const leaking = await startReference({ data: 'demo', fault: 'functions-listing-ignores-workspace' });
  try {
    const doctor = await runCli(['doctor'], targetEnv(leaking));
    expect(doctor.stdout).toMatch(/^ok {4}other-workspace credential \(--other-workspace-token\) admin of workspace other \(its own resources say so\), though one of its listings shows resources of workspace default/m);
    const run = await runForResults(['--only', 'functions.workspace-only'], targetEnv(leaking));
    expect(run.code, run.stderr).toBe(1);
    expect(run.results.rules[0]).toMatchObject({ status: 'failed', data: 'existing', reason: expect.stringMatching(/the other workspace's listing holds .* of this workspace \(default\)/) });
  } finally {
    await leaking.close();
  }
});
