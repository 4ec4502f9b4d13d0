// Evidence of a request keeps only the start of a large body, masked before it is cut:
// a fixture set of many megabytes never lands whole in a report, and a credential that
// straddles the cut leaves no piece behind.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EVIDENCE_BODY_CHARS, HttpClient } from '../harness/http.ts';
import { curlLine } from '../harness/curl.ts';
import { Redactor } from '../harness/redact.ts';

const SECRET = 'sekrit-token-0123456789abcdef';
const server = createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a large request body is kept up to the evidence cap, masked, and marked truncated', async () => {
  const client = new HttpClient({ timeoutMs: 5_000, redactor: new Redactor([SECRET]) });
  // The secret begins a few characters before the cut.
  const filler = 'x'.repeat(EVIDENCE_BODY_CHARS - 20);
  const res = await client.send(base, '/state', { method: 'POST', body: { a: filler, secret: SECRET, rest: 'y'.repeat(5_000_000) } });
  await client.close();
  const { request } = res.exchange;
  expect(request.truncated).toBe(true);
  expect(request.body!.length).toBeLessThanOrEqual(EVIDENCE_BODY_CHARS);
  for (let i = 0; i + 8 <= SECRET.length; i++) expect(request.body).not.toContain(SECRET.slice(i, i + 8));
  expect(res.exchange.curl.length).toBeLessThan(EVIDENCE_BODY_CHARS + 1_000);
});

test('a small request body is kept whole', async () => {
  const client = new HttpClient({ timeoutMs: 5_000, redactor: new Redactor([SECRET]) });
  const res = await client.send(base, '/state', { method: 'POST', body: { secret: SECRET, n: 1 } });
  await client.close();
  expect(res.exchange.request.body).toBe('{"secret":"***","n":1}');
  expect(res.exchange.request.truncated).toBeUndefined();
});

test('a curl line sends a made-up token as it was sent, and names a credential by its variable', () => {
  const recorded = { method: 'GET', url: 'http://127.0.0.1:1/v0/functions', headers: { authorization: 'Bearer ***' } };
  const credentials = [{ value: 'real-admin-token', variable: 'CP_TOKEN' }];
  expect(curlLine(recorded, { sent: 'Bearer made-up-QX7', credentials })).toContain(`-H 'authorization: Bearer made-up-QX7'`);
  expect(curlLine(recorded, { sent: 'Token real-admin-token', credentials })).toContain('-H "authorization: Token $CP_TOKEN"');
});

test("a real workspace's answer is read whole: the legacy bare array of 50,000 functions (over 30 MB, four times the cap of earlier versions), its evidence cut", async () => {
  const fn = (i: number) => ({
    metadata: { name: `function-${i}`, displayName: `Function number ${i}`, labels: { team: 'payments', env: 'prod-eu', description: 'handles the requests of the storefront and the partner integrations, retries failed deliveries with an exponential backoff' }, createdAt: '2026-01-01T00:00:00.000Z', workspace: 'default' },
    spec: { enabled: true, public: false, runtime: { generation: 'mk3', transport: 'http-stream', memory: 2048, envs: [{ name: 'LOG_LEVEL', value: 'info' }] }, triggers: [] },
    status: 'DEPLOYED',
    events: [{ type: 'Deployed', status: 'DEPLOYED', message: 'deployed by the pipeline', revision: 'rev-1', time: '2026-01-01T00:00:00.000Z' }],
  });
  const body = JSON.stringify(Array.from({ length: 50_000 }, (_, i) => fn(i)));
  expect(body.length).toBeGreaterThan(30 * 1024 * 1024);
  const large = createServer((req, res) => req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body)));
  await new Promise<void>((resolve) => large.listen(0, '127.0.0.1', resolve));
  const client = new HttpClient({ timeoutMs: 30_000, redactor: new Redactor([SECRET]) });
  try {
    const res = await client.send(`http://127.0.0.1:${(large.address() as AddressInfo).port}`, '/functions');
    expect([res.isJson, (res.json as unknown[]).length]).toEqual([true, 50_000]);
    expect(res.exchange.response!.truncated).toBe(true);
    expect(res.exchange.response!.body.length).toBe(EVIDENCE_BODY_CHARS);
  } finally {
    await client.close();
    await new Promise<void>((resolve) => large.close(() => resolve()));
  }
});
