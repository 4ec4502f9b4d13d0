// The suite diagnoses its own setup only on evidence (runner/preflight.ts,
// suites/support/workspaces.ts, suites/support/held.ts): a target's defect is never blamed
// on a wrong credential or on another run. Targets that store, list or name otherwise
// than they were told fail the rules that read it; where the answers fit a wrong
// credential and a leaking target alike, the run stops saying both.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findFault, type FaultName } from '../reference/faults/index.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { rules } from '../spec/rules/index.ts';
import { runForResults, targetEnv } from './support/cli.ts';
import { referenceConfig } from './support/reference-config.ts';
import { faultMissed } from './support/verdicts.ts';

/**
 * A target in front of `ref` that answers as it does, but with `rewrite` applied to each
 * JSON answer, and each request's credential first passed through `token`.
 */
async function inFront(ref: ReferenceHandle, rewrite: (body: unknown) => unknown, token: (sent: string) => string = (sent) => sent): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const origin = new URL(ref.baseUrl).origin;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host'));
      if (headers.authorization) headers.authorization = `Bearer ${token(headers.authorization.replace(/^Bearer /, ''))}`;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${origin}${req.url}`, { method: req.method, headers, ...(body ? { body } : {}) });
      const text = await answer.text();
      let out = text;
      try {
        out = JSON.stringify(rewrite(JSON.parse(text)));
      } catch {
        // Not JSON: as it came.
      }
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const front = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = Object.fromEntries(Object.entries(targetEnv(ref)).map(([key, value]) => [key, value.startsWith(origin) ? value.replace(origin, front) : value]));
  return { env, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Every `metadata.workspace` of an answer, at any depth, as `name`. */
function everyWorkspaceNamed(name: string) {
  const rename = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rename);
    if (typeof value !== 'object' || value === null) return value;
    const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rename(inner)]));
    if (typeof object.metadata === 'object' && object.metadata !== null && 'workspace' in object.metadata) (object.metadata as Record<string, unknown>).workspace = name;
    return object;
  };
  return rename;
}

let demo: ReferenceHandle;
beforeAll(async () => {
  demo = await startReference({ data: 'demo' });
});
afterAll(() => demo?.close());

test('a target that names every resource of every workspace "default": the credentials are told apart by what they are shown, and the isolation rule fails, on existing data', async () => {
  const front = await inFront(demo, everyWorkspaceNamed('default'));
  try {
    const run = await runForResults(['--only', 'functions.workspace-only'], front.env);
    expect(run.code, run.stderr).toBe(1);
    expect(run.results.rules[0]).toMatchObject({ status: 'failed', data: 'existing', reason: expect.stringMatching(/the other workspace's listing holds .* of this workspace \(default\)/) });
  } finally {
    await front.close();
  }
});

test('a target that shows every credential the same resources: the run stops, saying both causes the answers fit and what tells them apart', async () => {
  // Whatever credential comes, the target answers as to the admin: no isolation at all.
  const front = await inFront(demo, (body) => body, (sent) => (sent === demo.credentials.otherWorkspace ? demo.credentials.admin : sent));
  try {
    const run = await runForResults(['--only', 'functions.workspace-only'], front.env).catch((error: Error) => ({ code: 2, stderr: error.message }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--other-workspace-token is shown exactly what --token is shown \(.*\): either it is a credential of this workspace, not of a second one, or the target shows every credential the same resources \(no isolation between workspaces\)\. To tell them apart/);
  } finally {
    await front.close();
  }
});

/** Targets that rename what they store, lose it all, or answer an earlier set of it: each is the target's defect, never another run's doing. */
const STORES_OTHERWISE: readonly FaultName[] = [
  'resources-function-name-underscored',
  'resources-sandbox-name-underscored',
  'resources-egressip-name-underscored',
  'resources-customdomain-name-underscored',
  'functions-listing-empty',
  'functions-listing-a-state-behind',
];

test.each(STORES_OTHERWISE)('%s: the whole suite on set data fails its rule, and no rule ends as an error of the suite', async (name) => {
  const ref = await startReference({ fault: name });
  const session = await SuiteSession.open();
  try {
    const results = await session.run({ config: referenceConfig(ref, { seed: 7, runs: 8 }), selected: rules });
    const fault = findFault(name)!;
    expect(faultMissed(fault, results.find((r) => r.id === fault.rule))).toBeUndefined();
    expect(results.filter((r) => r.status === 'error').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
  } finally {
    await session.close();
    await ref.close();
  }
});
