// docs/test-control.md held to the code: every path, status, parameter, field and effect
// it states, checked against what the suite sends (a whole run recorded at the control
// endpoint, and the suite's own classes) and what the reference implementation does.
// The statuses come from one table (spec/control-answers.ts) that the suite, the
// reference and this test read; the document's table is that table. The links of the
// document resolve in the repository here, and in the packed package in
// test/package.test.ts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ControlClient, PROBE_STATE } from '../harness/control.ts';
import type { HttpResponse } from '../harness/http.ts';
import { Redactor } from '../harness/redact.ts';
import { StatesInForce } from '../harness/setup.ts';
import { SuiteError, Unsupported } from '../harness/violation.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { Exchange, RunResult } from '../results/model.ts';
import { controlEndpoint, preflightCheck, providerStates } from '../runner/preflight.ts';
import { declaredChecks } from '../runner/run-suites.ts';
import { CONTROL_ANSWERS, controlAnswer, noVerdictReason, REFERENCE_CONTROL_PATH, REFERENCE_CONTROL_STATUS, unsupportedReason, type ControlAnswer } from '../spec/control-answers.ts';
import { loadSpecs } from '../spec/openapi.ts';
import { defaultProfile } from '../spec/profile.ts';
import { stateParamsError, stateParamsSchemas, type StateName } from '../spec/test-control.ts';
import { bin, runCli, runForResults, targetEnv } from './support/cli.ts';
import { referenceConfig } from './support/reference-config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(path.join(root, 'docs/test-control.md'), 'utf8');
const STATES = Object.keys(stateParamsSchemas) as StateName[];

/** The text of the document's section whose heading is `heading`, up to the next heading of that level or above. */
function section(heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + heading.length + 2);
  const next = new RegExp(`^#{1,${level}} `, 'm').exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}
const stateSection = (state: StateName) => section(`### \`${state}\``);
/** Its words, whatever the line breaks. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** The backticked words of one bullet of a state's section (`- label: ...`), up to `until`. */
function bullet(state: StateName, label: string, until?: string): string[] {
  const text = stateSection(state).split(`\n- ${label}`)[1]?.split(/\n- |\n\n/)[0];
  expect(text, `${state}: "- ${label}"`).toBeDefined();
  const part = until === undefined ? text! : text!.split(until)[0]!;
  return [...part.matchAll(/`([^`]+)`/g)].map(([, word]) => word!);
}

const admin = (ref: ReferenceHandle) => ({ authorization: `Bearer ${ref.credentials.admin}`, 'content-type': 'application/json' });
const postControl = (ref: ReferenceHandle, body: unknown, headers: Record<string, string> = admin(ref)) =>
  fetch(ref.controlUrl, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
const api = async (ref: ReferenceHandle, path: string, token = ref.credentials.admin) => {
  const res = await fetch(ref.baseUrl + path, { headers: { authorization: `Bearer ${token}`, 'service-version': '2026-04-28' } });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined };
};
const listedNames = (json: unknown): string[] => {
  const items = Array.isArray(json) ? json : ((json as { data?: unknown[] } | undefined)?.data ?? []);
  return items.map((item) => (item as { metadata: { name: string } }).metadata.name);
};

// ---------------------------------------------------------------------------------------
// A control endpoint in front of a reference: records what comes, and answers as told.

interface Received {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: { state: string; params: Record<string, unknown> };
  status?: number;
}
type Forward = (body?: object) => Promise<number>;

async function controlProxy(ref: ReferenceHandle, answer: (received: Received, forward: Forward) => number | Promise<number> = (_r, forward) => forward()) {
  const received: Received[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry: Received = { url: req.url ?? '', method: req.method ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Received['body'] };
    received.push(entry);
    const forward: Forward = async (body = entry.body) => (await postControl(ref, body, { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' })).status;
    try {
      entry.status = await answer(entry, forward);
    } catch (error) {
      // A mistake of this test: said in the answer, not left to a timeout.
      entry.status = 599;
      return void res.writeHead(599, { 'content-type': 'text/plain' }).end(String(error));
    }
    res.writeHead(entry.status).end();
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${REFERENCE_CONTROL_PATH}`, received, close: () => close(server) };
}
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// ---------------------------------------------------------------------------------------
// The answers: one table.

/** The document's words for what the suite does with each answer. */
const BEFORE_RUN: Record<ControlAnswer['beforeRun'], string> = { 'goes on': 'the run goes on', stops: 'the run stops (exit 2)' };
const DURING_RUN: Record<ControlAnswer['duringRun'], string> = {
  'goes on': 'the check goes on',
  unsupported: 'the check reads existing data, or is skipped',
  error: 'the check ends as `error`',
};
/** A status of each row, and more: every one of them goes through the suite's classes and the probe below. */
const STATUSES = [200, 204, 404, 501, 400, 422, 401, 403, 500, 503, 302, 409, 413];

describe('the answers', () => {
  test("the document's table is the table the suite and the reference read (spec/control-answers.ts)", () => {
    const rows = section('## The answers')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2);
    expect(rows).toEqual(CONTROL_ANSWERS.map((a) => `| ${a.statuses} | ${a.means} | ${BEFORE_RUN[a.beforeRun]} | ${DURING_RUN[a.duringRun]} |`));
    // CONTRACT 2: 404 or 501 is "unsupported"; every other refusal is no verdict: exit 2 before the run, error during it.
    expect(CONTROL_ANSWERS.filter((a) => a.duringRun === 'unsupported').map((a) => a.statuses)).toEqual(['404, 501']);
    for (const status of STATUSES) {
      const answer = controlAnswer(status);
      if (status >= 200 && status < 300) expect(answer.kind, `${status}`).toBe('in place');
      else if (status === 404 || status === 501) expect(answer.kind, `${status}`).toBe('unsupported');
      else expect([answer.beforeRun, answer.duringRun], `${status}`).toEqual(['stops', 'error']);
    }
  });

  test('it quotes the reasons the suite gives, and never says a 400 means "not supported"', () => {
    const text = section('## The answers');
    expect(text).toContain(`\`${unsupportedReason('NAME', 404)}\``);
    expect(text).toContain(`\`${noVerdictReason('NAME', 500)}\``);
    expect(flat(text)).toContain('answered 404 or 501, never 400');
    expect(doc).not.toMatch(/400[^.|]*not supported/);
  });

  test('every status the document names is one this test puts through the suite and the reference', () => {
    // Rule ids (`functions.limit.clamped-to-200`) are not statuses.
    const prose = doc.replace(/`[a-z-]+\.[a-z0-9.-]+`/g, '').replaceAll('127.0.0.1', '');
    const named = new Set([...prose.matchAll(/\b([1-5]\d\d)\b/g)].map(([, s]) => Number(s)));
    expect(named.size).toBeGreaterThan(5);
    for (const status of named) expect(STATUSES, `${status}`).toContain(status);
  });

  test("during the run, the suite's ControlClient reads the table: in place, unsupported (skipped), or no verdict (error)", async () => {
    const config = referenceConfig({ baseUrl: 'http://127.0.0.1:9/v0', controlUrl: 'http://127.0.0.1:9/__control', credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1 });
    for (const status of STATUSES) {
      const posted: string[] = [];
      const client = new ControlClient(config, {
        enterEach: async () => undefined,
        post: async (state) => {
          posted.push(state);
          return { status, headers: {}, text: '', json: undefined, isJson: false, exchange: {} as Exchange } satisfies HttpResponse;
        },
        probe: () => Promise.reject(new Error('not asked')),
        atOnce: (tasks) => Promise.all(tasks.map((task) => task())),
      });
      const outcome = await client.set('usage', { events: [] }).then(
        () => 'goes on',
        (error: unknown) => error,
      );
      const { duringRun } = controlAnswer(status);
      if (duringRun === 'goes on') expect(outcome, `${status}`).toBe('goes on');
      else if (duringRun === 'unsupported') expect(outcome, `${status}`).toEqual(new Unsupported(unsupportedReason('usage', status), 'usage'));
      else {
        expect(outcome, `${status}`).toBeInstanceOf(SuiteError);
        expect((outcome as SuiteError).message, `${status}`).toBe(noVerdictReason('usage', status));
      }
      expect(posted).toEqual(['usage']);
    }
  });

  test('params that do not fit their schema are never sent: a defect of the suite, not the target', async () => {
    const config = referenceConfig({ baseUrl: 'http://127.0.0.1:9/v0', controlUrl: 'http://127.0.0.1:9/__control', credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1 });
    let posted = 0;
    const client = new ControlClient(config, {
      enterEach: async () => undefined,
      post: async () => {
        posted += 1;
        throw new Error('sent');
      },
      probe: () => Promise.reject(new Error('not asked')),
      atOnce: (tasks) => Promise.all(tasks.map((task) => task())),
    });
    await expect(client.set('processes', { items: [{ pid: 'web', name: 'web', stdout: '', stderr: '' }] })).rejects.toThrow(/params its schema refuses \(a defect of cp-conformance\)/);
    await expect(client.set('clock', { advanceSeconds: -1 })).rejects.toThrow(/a defect of cp-conformance/);
    expect(posted).toBe(0);
  });

  test('before the run, the probe reads the table: the run stops (a mistake, exit 2) on every answer of a row that says so, and on no answer', async () => {
    const server = createServer((req, res) => res.writeHead(Number(req.url!.split('/').pop())).end());
    await listen(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const status of [...STATUSES, 'no answer' as const]) {
        const controlUrl = status === 'no answer' ? 'http://127.0.0.1:9/__control' : `${origin}/__control/${status}`;
        const t = preflightCheck(referenceConfig({ baseUrl: `${origin}/v0`, controlUrl, credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1, timeoutMs: 5_000 }));
        try {
          const finding = await controlEndpoint(t);
          const stops = status === 'no answer' || controlAnswer(status).beforeRun === 'stops';
          expect([finding.status, finding.mistake === true], `${status}: ${finding.detail}`).toEqual(stops ? ['failed', true] : ['ok', false]);
        } finally {
          await t.close();
        }
      }
    } finally {
      await close(server);
    }
  });

  test('no answer at all during the run ends as a 5xx does: the check ends as error', async () => {
    const t = preflightCheck(referenceConfig({ baseUrl: 'http://127.0.0.1:9/v0', controlUrl: 'http://127.0.0.1:9/__control', credentials: { admin: 'admin-token' } } as never, { seed: 1, runs: 1, timeoutMs: 5_000 }));
    try {
      await expect(t.control.set('usage', { events: [] })).rejects.toBeInstanceOf(SuiteError);
    } finally {
      await t.close();
    }
  });
});

describe('a run, by what the control endpoint answers', () => {
  let ref: ReferenceHandle;
  /** A rule that works only on fixtures it sets, and one that reads the target's data where a state is not supported. */
  let setOnly: { id: string; state: StateName };
  let orExisting: { id: string; state: StateName };
  beforeAll(async () => {
    ref = await startReference();
    const checks = (await declaredChecks()).filter((c) => c.needs.includes('control') && c.states.length === 1);
    const pick = (check: (typeof checks)[number] | undefined) => ({ id: check!.id, state: check!.states[0]! });
    setOnly = pick(checks.find((c) => !c.existing));
    orExisting = pick(checks.find((c) => c.existing && c.states[0] === 'usage'));
  });
  afterAll(() => ref.close());

  /** A run of the one rule, the probe and the other states answered by the reference, `state` by `status`. */
  async function runAnswering(rule: { id: string; state: StateName }, status: number) {
    const proxy = await controlProxy(ref, (r, forward) => (r.body.state === rule.state ? status : forward()));
    try {
      const run = await runForResults(['--only', rule.id, '--seed', '3'], { ...targetEnv(ref), CP_CONTROL_URL: proxy.url });
      return { ...run, rule: run.results.rules.find((r) => r.id === rule.id)! };
    } finally {
      await proxy.close();
    }
  }

  test('422 to a state: the check ends as error with the reason the document quotes, and the run exits 2', async () => {
    const run = await runAnswering(setOnly, 422);
    expect([run.rule.status, run.rule.reason], run.stdout).toEqual(['error', noVerdictReason(setOnly.state, 422)]);
    expect(run.code).toBe(2);
  });

  test('501 to a state: a check that only sets fixtures is skipped with the reason the document quotes; the run exits 0', async () => {
    const run = await runAnswering(setOnly, 501);
    expect([run.rule.status, run.rule.reason], run.stdout).toEqual(['skipped', unsupportedReason(setOnly.state, 501)]);
    expect(run.code).toBe(0);
  });

  test('404 to a state: a check that can read the data the target holds does that, with the note the document quotes', async () => {
    const run = await runAnswering(orExisting, 404);
    expect([run.rule.data, run.rule.dataNotes?.[0]], run.stdout).toEqual(['existing', `${unsupportedReason(orExisting.state, 404)}: the check read the data the target holds`]);
    expect(section('## The answers')).toContain(`\`${unsupportedReason('NAME', 404)}: the check read the data the target holds\``);
  });

  test('400 to the probe: the run stops before any check, exit 2 and one line', async () => {
    const proxy = await controlProxy(ref, () => 400);
    try {
      const reportDir = await mkdtemp(path.join(tmpdir(), 'cp-conformance-doc-'));
      const run = await runCli(['run', '--report-dir', reportDir, '--only', setOnly.id], { ...targetEnv(ref), CP_CONTROL_URL: proxy.url }).finally(() => rm(reportDir, { recursive: true, force: true }));
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/^cp-conformance: control endpoint \(--control-url\): it answered 400 asking for a state it does not know: a state it does not support must be answered 404 or 501/);
      expect(run.stdout).toBe('');
      expect(proxy.received.map((r) => r.body.state)).toEqual([PROBE_STATE]);
    } finally {
      await proxy.close();
    }
  });
});

// ---------------------------------------------------------------------------------------
// The params of each state, as the schemas say.

type ParamsSchema = { properties?: Record<string, ParamsSchema & { minimum?: number; pattern?: string }>; required?: string[]; items?: ParamsSchema };
/** The quoted keys of a JSON outline (`{"workspace"?: string, "items": [{"pid", ...}]}`), by depth, `?` marking the optional ones. */
function outlineKeys(outline: string): { top: string[]; nested: string[] } {
  const top: string[] = [];
  const nested: string[] = [];
  let depth = 0;
  for (const [token, key, optional] of outline.matchAll(/[{}[\]]|"(\w+)"(\?)?/g)) {
    if (token === '{' || token === '[') depth += 1;
    else if (token === '}' || token === ']') depth -= 1;
    else (depth === 1 ? top : nested).push(`${key}${optional ?? ''}`);
  }
  return { top, nested };
}
const schemaKeys = (schema: ParamsSchema | undefined) => Object.keys(schema?.properties ?? {}).map((key) => `${key}${schema?.required?.includes(key) ? '' : '?'}`);

test("each state's params are its schema's: the keys, which are optional, and the constraints the document states", () => {
  for (const state of STATES) {
    const schema = stateParamsSchemas[state] as ParamsSchema;
    const outline = stateSection(state).split('\n- params: `')[1]!.split('`')[0]!;
    const { top, nested } = outlineKeys(outline);
    expect(top.sort(), state).toEqual(schemaKeys(schema).sort());
    // Expanded in the document: the process items; the usage events have an outline of their own.
    const list = schema.properties?.items ?? schema.properties?.events;
    if (nested.length > 0) expect(nested.sort(), state).toEqual(schemaKeys(list?.items).map((k) => k.replace('?', '')).sort());
  }
  const usageEvent = outlineKeys(`{${stateSection('usage').split('a `UsageEvent` being `{')[1]!.split('}`')[0]!}}`).top;
  expect(usageEvent.sort()).toEqual(schemaKeys((stateParamsSchemas.usage as ParamsSchema).properties!.events!.items).sort());
  // "never negative", "the pid a string of digits".
  expect((stateParamsSchemas.clock as ParamsSchema).properties!.advanceSeconds!.minimum).toBe(0);
  expect(flat(stateSection('clock'))).toContain('`{"advanceSeconds": number}`, never negative');
  expect((stateParamsSchemas.processes as ParamsSchema).properties!.items!.items!.properties!.pid!.pattern).toBe('^[0-9]+$');
  expect(flat(stateSection('processes'))).toContain('the pid a string of digits');
});

// ---------------------------------------------------------------------------------------
// The request, as a whole run sends it.

/** The read-only fields (paths) of a component of the control-plane document, and those present in a value of it. */
type Schema = { readOnly?: unknown; allOf?: Schema[]; items?: Schema; properties?: Record<string, Schema> };
function merged(schema: Schema | undefined): Schema | undefined {
  if (!schema?.allOf) return schema;
  const parts = schema.allOf.map(merged) as Schema[];
  return { ...schema, readOnly: schema.readOnly === true || parts.some((p) => p.readOnly === true), properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}) };
}
function readOnlyPaths(schema: Schema | undefined, at = '', seen = new Set<Schema>()): string[] {
  const s = merged(schema);
  if (!s || seen.has(s)) return [];
  seen.add(s);
  if (s.readOnly === true) return [at];
  return [...(s.items ? readOnlyPaths(s.items, `${at}[]`, seen) : []), ...Object.entries(s.properties ?? {}).flatMap(([key, sub]) => readOnlyPaths(sub, at ? `${at}.${key}` : key, seen))];
}
function readOnlyPresent(schema: Schema | undefined, value: unknown, at = '', out = new Set<string>()): Set<string> {
  const s = merged(schema);
  if (!s || value === undefined) return out;
  if (s.readOnly === true) out.add(at);
  else if (Array.isArray(value) && s.items) value.forEach((v) => readOnlyPresent(s.items, v, `${at}[]`, out));
  else if (value !== null && typeof value === 'object' && s.properties)
    for (const [key, v] of Object.entries(value)) readOnlyPresent(s.properties[key], v, at ? `${at}.${key}` : key, out);
  return out;
}
const COMPONENT = { functions: 'Function', sandboxes: 'Sandbox', egressips: 'EgressIp', customdomains: 'CustomDomain' } as const;
type ResourceState = keyof typeof COMPONENT;

describe('what a whole run sends (recorded at the control endpoint)', () => {
  let ref: ReferenceHandle;
  let proxy: Awaited<ReturnType<typeof controlProxy>>;
  let received: Received[];
  const query = '?sandbox=doc-test';
  beforeAll(async () => {
    ref = await startReference();
    proxy = await controlProxy(ref);
    await runForResults(['--seed', '7'], { ...targetEnv(ref), CP_CONTROL_URL: proxy.url + query });
    received = proxy.received;
    expect(received.length).toBeGreaterThan(50);
  }, 170_000);
  afterAll(async () => {
    await proxy.close();
    await ref.close();
  });
  const ofState = <S extends string>(state: S) => received.filter((r) => r.body.state === state).map((r) => r.body.params);

  test('each is a POST to the control URL as given (its query too), with the admin credential and a JSON body {state, params}', () => {
    expect(section('## The request')).toContain('POST {control-url}\nAuthorization: Bearer {the admin credential, as given with --token}\nContent-Type: application/json');
    for (const r of received) {
      expect([r.method, r.url, r.headers.authorization, r.headers['content-type']]).toEqual(['POST', REFERENCE_CONTROL_PATH + query, `Bearer ${ref.credentials.admin}`, 'application/json']);
      expect(Object.keys(r.body)).toEqual(['state', 'params']);
    }
  });

  test('the probe comes first, once, with no params; then every state of the document, and no other; each answered 2xx by the reference', () => {
    expect(flat(section('## The request'))).toContain(`\`{"state": "${PROBE_STATE}", "params": {}}\``);
    expect(received[0]!.body).toEqual({ state: PROBE_STATE, params: {} });
    expect(received.filter((r) => r.body.state === PROBE_STATE)).toHaveLength(1);
    expect(new Set(received.slice(1).map((r) => r.body.state))).toEqual(new Set(STATES));
    expect(received.slice(1).filter((r) => controlAnswer(r.status!).kind !== 'in place')).toEqual([]);
    for (const state of STATES) expect(doc).toContain(`### \`${state}\``);
  });

  test('no state names a workspace: the other workspace gets none', () => {
    expect(received.filter((r) => 'workspace' in r.body.params)).toEqual([]);
    expect(flat(section('### Workspaces'))).toContain('and the suite never sends it');
  });

  test('the read-only fields the suite sends, and those the target fills, are what each state says', async () => {
    const schemas = (await loadSpecs()).controlPlane.components!.schemas as Record<string, Schema>;
    for (const state of Object.keys(COMPONENT) as ResourceState[]) {
      const schema = schemas[COMPONENT[state]];
      const sent = new Set<string>();
      for (const params of ofState(state)) for (const item of params.items as unknown[]) readOnlyPresent(schema, item, '', sent);
      expect(bullet(state, 'read-only fields the suite sends:').sort(), state).toEqual([...sent].sort());
      expect(bullet(state, 'read-only fields the target fills', '; and').sort(), state).toEqual(readOnlyPaths(schema).filter((field) => !sent.has(field)).sort());
    }
    // The run-state field is the profile's; the document names the default.
    expect(defaultProfile.runStateField).toBe('state');
  });

  test('usage events name workspaces the target has never seen, among them those the document names', () => {
    const workspaces = new Set(ofState('usage').flatMap((params) => (params.events as Array<{ workspace: string }>).map((e) => e.workspace)));
    const named = stateSection('usage').split('\n- an event')[1]!;
    for (const example of ['ws-alpha', 'ws-beta', 'ws-gamma']) {
      expect(named).toContain(`\`${example}\``);
      expect(workspaces).toContain(example);
    }
    expect([...workspaces].filter((w) => w !== 'default' && w !== 'other').length).toBeGreaterThan(3);
  });

  test('processes name no sandbox: the params hold the items only', () => {
    const processes = ofState('processes');
    expect(processes.length).toBeGreaterThan(0);
    for (const params of processes) expect(Object.keys(params)).toEqual(['items']);
    expect(flat(stateSection('processes'))).toContain('the params name no sandbox');
  });

  test('the clock is moved in steps that add up: whole seconds above 0, several before a reset', () => {
    const firstReset = received.findIndex((r) => r.body.state === 'reset');
    const clocks = received.filter((r) => r.body.state === 'clock').map((r) => r.body.params.advanceSeconds as number);
    expect(clocks.every((s) => Number.isInteger(s) && s > 0)).toBe(true);
    expect(received.slice(0, firstReset).filter((r) => r.body.state === 'clock').length).toBeGreaterThan(1);
  });
});

// ---------------------------------------------------------------------------------------
// What the reference implementation does with it.

describe('the reference implementation', () => {
  let ref: ReferenceHandle;
  beforeAll(async () => (ref = await startReference()));
  afterAll(() => ref.close());

  test('serves the endpoint at the path the document names, which `serve` prints; the document names no other', async () => {
    expect(new URL(ref.controlUrl).pathname).toBe(REFERENCE_CONTROL_PATH);
    expect(section('## The request')).toContain(`serves it at \`${REFERENCE_CONTROL_PATH}\``);
    expect(section('## Building it into an existing server')).toContain(`app.post('${REFERENCE_CONTROL_PATH}'`);
    expect([...doc.matchAll(/\/__[a-z_/]+/g)].map(([p]) => p)).toEqual(expect.arrayContaining([REFERENCE_CONTROL_PATH]));
    expect(new Set([...doc.matchAll(/\/__[a-z_/]+/g)].map(([p]) => p))).toEqual(new Set([REFERENCE_CONTROL_PATH]));
    // `cp-conformance serve`, as a user starts it: the line the document quotes.
    const serve = spawn(process.execPath, [bin, 'serve'], { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '' } });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        serve.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const found = /^CP_CONTROL_URL=.*$/m.exec(out);
          if (found) resolve(found[0]);
        });
        serve.on('close', () => reject(new Error(`serve ended: ${out}`)));
      });
      expect(line).toMatch(new RegExp(`^CP_CONTROL_URL=http://127\\.0\\.0\\.1:\\d+${REFERENCE_CONTROL_PATH}$`));
      expect(section('## The request')).toContain(`\`CP_CONTROL_URL=http://127.0.0.1:PORT${REFERENCE_CONTROL_PATH}\``);
    } finally {
      // The server this test started, by its own handle: it stops on SIGINT.
      const ended = serve.exitCode !== null || serve.signalCode !== null ? undefined : new Promise((resolve) => serve.once('exit', resolve));
      serve.kill('SIGINT');
      await ended;
    }
  });

  test('answers each request with a status of the row the table gives it', async () => {
    const row = (status: number) => controlAnswer(status).kind;
    const S = REFERENCE_CONTROL_STATUS;
    const answers = {
      set: (await postControl(ref, { state: 'functions', params: { items: [] } })).status,
      unknown: (await postControl(ref, { state: 'weather', params: {} })).status,
      schemaRefused: (await postControl(ref, { state: 'clock', params: { advanceSeconds: -1 } })).status,
      nameTwice: (await postControl(ref, { state: 'egressips', params: { items: [{ metadata: { name: 'a' } }, { metadata: { name: 'a' } }] } })).status,
      unknownWorkspace: (await postControl(ref, { state: 'egressips', params: { workspace: 'nowhere', items: [] } })).status,
      notJson: (await postControl(ref, '{"state":')).status,
      noCredential: (await postControl(ref, { state: 'reset', params: {} }, { 'content-type': 'application/json' })).status,
      invalidCredential: (await postControl(ref, { state: 'reset', params: {} }, { authorization: 'Bearer nobody', 'content-type': 'application/json' })).status,
      member: (await postControl(ref, { state: 'reset', params: {} }, { ...admin(ref), authorization: `Bearer ${ref.credentials.member}` })).status,
      noScope: (await postControl(ref, { state: 'reset', params: {} }, { ...admin(ref), authorization: `Bearer ${ref.credentials.noScope}` })).status,
    };
    expect(answers).toEqual({
      set: S.inPlace,
      unknown: S.unknownState,
      schemaRefused: S.paramsRefused,
      nameTwice: S.paramsRefused,
      unknownWorkspace: S.paramsRefused,
      notJson: S.notJson,
      noCredential: S.noCredential,
      invalidCredential: S.noCredential,
      member: S.notAdmin,
      noScope: S.notAdmin,
    });
    expect([row(S.inPlace), row(S.unknownState), row(S.paramsRefused), row(S.notJson), row(S.noCredential), row(S.notAdmin)]).toEqual([
      'in place',
      'unsupported',
      'refused what was sent',
      'refused what was sent',
      'refused the caller',
      'refused the caller',
    ]);
    // What the document says of callers other than the admin, and of params the schemas refuse.
    expect(flat(section('## The request'))).toContain(`${S.noCredential} without a valid credential, ${S.notAdmin} with a valid one that is not admin`);
    expect(flat(section('## The states'))).toContain(`answering ${S.paramsRefused} to params they refuse`);
    expect(stateParamsError('clock', { advanceSeconds: -1 })).toBe('params/advanceSeconds must be >= 0');
  });

  test('a state replaces what the workspace holds of its kind, holds until the next of its kind, and `workspace` defaults to the admin\'s', async () => {
    const fn = (name: string) => ({ metadata: { name }, spec: {} });
    expect((await postControl(ref, { state: 'functions', params: { items: [fn('first-a'), fn('first-b')] } })).status).toBe(204);
    expect((await postControl(ref, { state: 'sandboxes', params: { items: [{ metadata: { name: 'box' } }] } })).status).toBe(204);
    expect(listedNames((await api(ref, '/functions')).json).sort()).toEqual(['first-a', 'first-b']);
    expect((await postControl(ref, { state: 'functions', params: { items: [fn('second')] } })).status).toBe(204);
    expect(listedNames((await api(ref, '/functions')).json)).toEqual(['second']);
    expect((await postControl(ref, { state: 'functions', params: { workspace: 'other', items: [fn('theirs')] } })).status).toBe(204);
    expect(listedNames((await api(ref, '/functions', ref.credentials.otherWorkspace)).json)).toEqual(['theirs']);
    expect(listedNames((await api(ref, '/functions')).json)).toEqual(['second']);
  });

  test('read-only fields: createdAt kept as given, a callbackSecret sent not kept, trigger ids kept, made unique or generated; status, events and the run state kept', async () => {
    const createdAt = '2021-02-03T04:05:06Z';
    const triggers = [
      { id: 't1', type: 'http', configuration: { path: '/a' } },
      { id: 't1', type: 'http', configuration: { path: '/b' } },
      { type: 'http-async', configuration: { path: '/c', callbackUrl: 'https://callback.example.com/done', callbackSecret: 'sent-by-the-test' } },
    ];
    expect((await postControl(ref, { state: 'functions', params: { items: [{ metadata: { name: 'kept', createdAt }, spec: { triggers } }] } })).status).toBe(204);
    const [listed] = (await api(ref, '/functions')).json!.data as Array<{ metadata: { createdAt: string }; spec: { triggers: Array<{ id?: string; configuration: { callbackSecret?: string } }> } }>;
    expect(listed!.metadata.createdAt).toBe(createdAt);
    const ids = listed!.spec.triggers.map((t) => t.id);
    expect([ids[0], new Set(ids).size, typeof ids[2]]).toEqual(['t1', 3, 'string']);
    expect(listed!.spec.triggers[2]!.configuration.callbackSecret).not.toBe('sent-by-the-test');
    const sandbox = { metadata: { name: 'as-given', createdAt }, status: 'BUILDING', events: [{ type: 'deployment', status: 'BUILDING', message: 'm', time: createdAt }], state: 'STANDBY' };
    expect((await postControl(ref, { state: 'sandboxes', params: { items: [sandbox] } })).status).toBe(204);
    const read = (await api(ref, '/sandboxes/as-given')).json!;
    expect([(read.metadata as { createdAt: string }).createdAt, read.status, read.events, read.state]).toEqual([createdAt, sandbox.status, sandbox.events, sandbox.state]);
  });

  test('processes are those of the sandbox at the sandbox URL, found by name or pid, with their outputs', async () => {
    expect((await postControl(ref, { state: 'processes', params: { items: [{ pid: '4242', name: 'worker', stdout: 'out\n', stderr: 'err\n' }] } })).status).toBe(204);
    for (const id of ['worker', '4242']) {
      const res = await fetch(`${ref.sandboxUrl}/process/${id}/logs`, { headers: { authorization: `Bearer ${ref.credentials.admin}` } });
      expect(res.status, id).toBe(200);
      expect(JSON.stringify(await res.json())).toMatch(/out\\n[\s\S]*err\\n|err\\n[\s\S]*out\\n/);
    }
  });

  test('usage: events in the window by their time (start-inclusive, end-exclusive), their workspace a label kept as given', async () => {
    const event = (time: string, cost: number, workspace: string) => ({ time, workspace, resourceType: 'sandbox', resourceName: 'r', resourceUuid: '00000000-0000-4000-8000-000000000001', billingDimension: 'memory', usage: 1, cost });
    const events = [event('2024-03-01T10:00:00Z', 1.25, 'ws-alpha'), event('2024-03-01T10:30:00Z', 0.5, 'never-seen'), event('2024-03-01T11:00:00Z', 2, 'ws-alpha')];
    expect((await postControl(ref, { state: 'usage', params: { events } })).status).toBe(204);
    const metricsPath = defaultProfile.metricsPath.replace('{accountId}', ref.accountId);
    const res = await api(ref, `${metricsPath}?startTime=2024-03-01T10:00:00Z&endTime=2024-03-01T11:00:00Z&groupBy=workspace`);
    expect((res.json!.summary as { totalCost: number }).totalCost).toBe(1.75);
    expect((res.json!.data as Array<{ workspace: string }>).map((e) => e.workspace).sort()).toEqual(['never-seen', 'ws-alpha']);
    const filtered = await api(ref, `${metricsPath}?startTime=2024-03-01T10:00:00Z&endTime=2024-03-01T11:00:00Z&workspace=never-seen`);
    expect((filtered.json!.summary as { totalCost: number }).totalCost).toBe(0.5);
  });

  test('clock: the moves add up, reset puts the clock back; reset removes every state in every workspace', async () => {
    const createdAtNow = async (name: string) => {
      expect((await postControl(ref, { state: 'functions', params: { items: [{ metadata: { name }, spec: {} }] } })).status).toBe(204);
      const [fn] = (await api(ref, '/functions')).json!.data as Array<{ metadata: { createdAt: string } }>;
      return (Date.parse(fn!.metadata.createdAt) - Date.now()) / 1000;
    };
    expect(await createdAtNow('at-start')).toBeCloseTo(0, -1);
    for (const advanceSeconds of [1000, 2000]) expect((await postControl(ref, { state: 'clock', params: { advanceSeconds } })).status).toBe(204);
    expect(await createdAtNow('moved')).toBeCloseTo(3000, -1);
    // Every kind of state, in both workspaces.
    await postControl(ref, { state: 'functions', params: { workspace: 'other', items: [{ metadata: { name: 'theirs' }, spec: {} }] } });
    await postControl(ref, { state: 'sandboxes', params: { items: [{ metadata: { name: 'box' } }] } });
    await postControl(ref, { state: 'egressips', params: { items: [{ metadata: { name: 'ip' } }] } });
    await postControl(ref, { state: 'customdomains', params: { workspace: 'other', items: [{ metadata: { name: 'shop.example.com' } }] } });
    await postControl(ref, { state: 'processes', params: { items: [{ pid: '1', name: 'p', stdout: '', stderr: '' }] } });
    expect((await postControl(ref, { state: 'reset', params: {} })).status).toBe(204);
    expect(listedNames((await api(ref, '/functions')).json)).toEqual([]);
    expect(listedNames((await api(ref, '/functions', ref.credentials.otherWorkspace)).json)).toEqual([]);
    expect((await api(ref, '/sandboxes/box')).status).toBe(404);
    expect((await api(ref, '/egressips')).json).toEqual([]);
    expect((await api(ref, '/customdomains', ref.credentials.otherWorkspace)).json).toEqual([]);
    expect((await fetch(`${ref.sandboxUrl}/process/p/logs`, { headers: { authorization: `Bearer ${ref.credentials.admin}` } })).status).toBe(404);
    expect(await createdAtNow('after-reset')).toBeCloseTo(0, -1);
  });
});

describe('what the suite relies on', () => {
  let ref: ReferenceHandle;
  beforeAll(async () => (ref = await startReference()));
  afterAll(() => ref.close());

  test("the clock's moves add up in the suite's own account of them (the reproduction of a failure)", () => {
    const states = new StatesInForce({ url: 'http://127.0.0.1:9/__control', admin: 'admin-token', credentials: [], redactor: new Redactor([]) });
    states.set('clock', { advanceSeconds: 60 });
    states.set('clock', { advanceSeconds: 42_000 });
    expect(states.current?.find((step) => step.state === 'clock')?.curl).toContain('{"state":"clock","params":{"advanceSeconds":42060}}');
    states.set('reset', {});
    expect(states.current).toBeUndefined();
  });

  test('a state reads back at once: a target that answers 2xx before the API shows the state fails doctor', async () => {
    const late = await controlProxy(ref, (r, forward) => {
      if (r.body.state !== 'egressips') return forward();
      setTimeout(() => void forward(), 500);
      return REFERENCE_CONTROL_STATUS.inPlace;
    });
    try {
      const { findings } = await providerStates(referenceConfig(ref, { seed: 5, runs: 1, controlUrl: late.url }));
      expect(findings.find((f) => f.part === 'provider state egressips')).toMatchObject({ status: 'failed', detail: expect.stringMatching(/^set one named .*, but GET \/egressips does not list it/) });
      expect(findings.filter((f) => f.status !== 'ok').map((f) => f.part)).toEqual(['provider state egressips']);
    } finally {
      await late.close();
    }
    expect(flat(section('## The answers'))).toContain('the suite reads it back through the API right after the answer, with no wait and no retry');
  });

  test('createdAt of functions must be kept as given (the sort rules fail without it); status, events, the run state and createdAt of the other kinds may be replaced', async () => {
    const strip = (states: readonly string[], fields: (item: Record<string, unknown>) => void) =>
      controlProxy(ref, (r, forward) => {
        if (states.includes(r.body.state)) for (const item of r.body.params.items as Array<Record<string, unknown>>) fields(item);
        return forward();
      });
    const replaced = await strip(
      ['sandboxes', 'egressips', 'customdomains'],
      (item) => {
        delete (item.metadata as Record<string, unknown>).createdAt;
        for (const field of ['status', 'events', defaultProfile.runStateField]) delete item[field];
      },
    );
    try {
      const run = await runForResults(['--seed', '7', '--only', 'resources.', '--only', 'auth.', '--only', 'schema.'], { ...targetEnv(ref), CP_CONTROL_URL: replaced.url });
      expect(run.results.rules.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.reason}`)).toEqual([]);
      expect(replaced.received.some((r) => r.body.state === 'sandboxes')).toBe(true);
    } finally {
      await replaced.close();
    }
    const dropped = await strip(
      ['functions'],
      (item) => delete (item.metadata as Record<string, unknown>).createdAt,
    );
    try {
      const run = await runForResults(['--seed', '7', '--only', 'functions.sort.'], { ...targetEnv(ref), CP_CONTROL_URL: dropped.url });
      expect((run.results as RunResult).rules.some((r) => r.status === 'failed')).toBe(true);
    } finally {
      await dropped.close();
    }
    expect(stateSection('functions')).toContain('`metadata.createdAt` (keep it as given');
    for (const state of ['sandboxes', 'egressips'] as const) expect(flat(stateSection(state))).toContain('(keep them or put your own');
  });
});

// ---------------------------------------------------------------------------------------
// Links and the files the document names.

describe('links', () => {
  test('every relative link resolves in the repository (test/package.test.ts: in the package too)', () => {
    const links = [...doc.matchAll(/\]\((?!https?:|#)([^)#\s]+)/g)].map(([, target]) => target!);
    expect(links.length).toBeGreaterThan(8);
    for (const link of links) expect(existsSync(path.join(root, 'docs', link)), link).toBe(true);
    // Only under docs/: the package ships docs/ as it is in the repository, and no spec/, reference/ or test/.
    for (const link of links) expect(path.resolve(root, 'docs', link).startsWith(path.join(root, 'docs')), link).toBe(true);
  });

  test('the schemas beside the document are those the suite and the reference read', () => {
    const sources = readdirSync(path.join(root, 'spec/test-control')).sort();
    expect(readdirSync(path.join(root, 'docs/test-control')).sort()).toEqual(sources);
    for (const file of sources)
      expect(readFileSync(path.join(root, 'docs/test-control', file), 'utf8'), `docs/test-control/${file}: run node scripts/build.js`).toBe(readFileSync(path.join(root, 'spec/test-control', file), 'utf8'));
  });

  test('every file of the repository the document names exists', () => {
    const named = [...doc.matchAll(/`((?:spec|reference|docs)\/[^`\s]*)`/g)].map(([, p]) => p!);
    expect(named).toEqual(expect.arrayContaining(['reference/server.ts', 'spec/control-plane.openapi.yaml', 'spec/test-control/']));
    for (const file of named) expect(existsSync(path.join(root, file)), file).toBe(true);
  });
});
