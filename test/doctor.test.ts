// `cp-conformance doctor`: every part of a good setup reported working; a credential
// that is not what its role says, and a provider state the target does not support,
// named with exit 1; per area, the rules a run can make, on the data a run then uses.
// And `run` stopping before its verdicts when the "other workspace" is this one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
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

test('a member credential that is an admin and an "other workspace" credential of this workspace are named: exit 1', async () => {
  const env = targetEnv(demo);
  const doctor = await runCli(['doctor'], { ...env, CP_MEMBER_TOKEN: env.CP_TOKEN!, CP_OTHER_WORKSPACE_TOKEN: env.CP_MEMBER_TOKEN! });
  expect(doctor.code, doctor.stderr).toBe(1);
  expect(failedParts(doctor.stdout)).toEqual([
    expect.stringMatching(/^FAIL {2}member credential \(--member-token\) +it was served the account metrics grouped by workspace, which only an account admin is: it seems to be an admin, not a member$/),
    expect.stringMatching(/^FAIL {2}other-workspace credential \(--other-workspace-token\) +it lists the resources of workspace default, as --token does: give an admin credential of a second workspace$/),
  ]);
});

test('a provider state the target does not support is named (exit 1), and per area the rules it holds back read existing data or are skipped, as the run then does', async () => {
  const env = { ...targetEnv(fixtures), CP_CONTROL_URL: `http://127.0.0.1:${(partialControl.address() as AddressInfo).port}/control` };
  const doctor = await runCli(['doctor'], env);
  expect(doctor.code, doctor.stderr).toBe(1);
  expect(failedParts(doctor.stdout)).toEqual([expect.stringMatching(/^FAIL {2}provider state usage +the target does not support the provider state "usage" \(it answered 404\)$/)]);
  const heldBack = /^ {2}metrics: (\d+) rules?: the target does not support the provider state "usage" \(they set the [a-z, ]*usage[a-z, ]* states?\)$/m.exec(doctor.stdout);
  expect(heldBack).not.toBeNull();
  expect(readiness(doctor.stdout).metrics).toEqual([26, 0, 26 - Number(heldBack![1]), Number(heldBack![1])]);
  // The others read the usage the target holds: this one holds none, so what they then skip is the data's doing, not the doctor's to tell.
  const { results } = await runForResults(['--seed', '3'], env);
  const skippedForTheState = results.rules.filter((r) => r.reason === 'the target does not support the provider state "usage" (it answered 404)');
  expect(skippedForTheState.length).toBe(Number(heldBack![1]));
});

test('on existing data (no control URL) the table says which rules need the control URL and with which states, as many as the run skips', async () => {
  const env = targetEnv(demo);
  const doctor = await runCli(['doctor'], env);
  expect(doctor.code, doctor.stderr).toBe(0);
  expect(doctor.stdout).toMatch(/^ -- {3}provider states +no --control-url given$/m);
  expect(doctor.stdout).toMatch(/^ {2}functions: 5 rules: no --control-url given: this check needs fixtures on the target \(they set the clock, functions, reset states\)$/m);
  const { results } = await runForResults(['--seed', '3'], env);
  expect(readiness(doctor.stdout)).toEqual(outcomeByArea(results));
});

test('run stops before its verdicts, exit 2 with one line, when the "other workspace" credential is of this workspace', async () => {
  const env = targetEnv(demo);
  const run = await runCli(['run', '--report-dir', '/nonexistent/never-written'], { ...env, CP_OTHER_WORKSPACE_TOKEN: env.CP_TOKEN! });
  expect(run.code).toBe(2);
  expect(run.stderr).toBe(
    'cp-conformance: the --other-workspace-token is no credential of a second workspace: it is the --token credential itself: give an admin credential of a second workspace\n',
  );
});
