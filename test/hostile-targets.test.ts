// The runner against targets that refuse, hang, drip, lie about their length, flood,
// redirect, rate-limit or fail: every run ends, without a crash, with either one
// line and exit 2 (the target was never reachable) or the affected rules failed with
// that evidence (it went wrong mid-run). And --max-requests, proved on a server that
// records every request.
import type { ServerResponse } from 'node:http';
import { pipeline, Readable } from 'node:stream';
import { describe, expect, test, type TestContext } from 'vitest';
import { MAX_BODY_BYTES } from '../harness/http.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import { runCli, runForResults, type CliOutcome } from './support/cli.ts';
import { json, startHostile, unauthorized, type Handler, type HostileServer } from './support/hostile-server.ts';

const TOKEN = 'hostile-test-admin-token';
const CHEAP = ['--only', 'auth.missing-credentials', '--runs', '2'];

/** A hostile server that lives as long as the test `t`. */
async function hostile(t: TestContext, handler: Handler): Promise<HostileServer> {
  const server = await startHostile(handler);
  t.onTestFinished(() => server.close());
  return server;
}

/** Answers the runner's first request (the admin's listing, runner/preflight.ts) as a target of the specification does, then misbehaves. */
const afterProbe =
  (misbehave: (res: ServerResponse, index: number) => void): Handler =>
  (_req, res, { index }) =>
    index === 0 ? json(res, 200, { data: [], meta: { hasMore: false, nextCursor: '' } }) : misbehave(res, index);

function expectNoCrash(out: CliOutcome): void {
  expect(out.stderr, out.stderr).not.toMatch(/\n\s+at |internal error/);
}

/** Exit 2 with one line on stderr naming the reason, no stack trace. */
async function expectRefusedRun(baseUrl: string, message: RegExp): Promise<void> {
  const out = await runCli(['run', '--base-url', baseUrl, '--token', TOKEN, '--timeout', '300', ...CHEAP]);
  expect(out.code, out.stderr).toBe(2);
  const lines = out.stderr.trim().split('\n');
  expect(lines, out.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expectNoCrash(out);
}

async function runAgainst(server: HostileServer, args: string[]): Promise<CliOutcome & { results: RunResult }> {
  const out = await runForResults(['--base-url', server.baseUrl, '--token', TOKEN, ...args]);
  expectNoCrash(out);
  return out;
}

const ruleOf = (results: RunResult, id: string): RuleResult => results.rules.find((r) => r.id === id)!;

describe.concurrent('a target unreachable from the start: exit 2 with one line', () => {
  test('connection refused', async () => {
    const server = await startHostile(() => undefined);
    await server.close();
    await expectRefusedRun(server.baseUrl, /^cp-conformance: cannot reach the target at http:\/\/127\.0\.0\.1:\d+\/v0: connection refused$/);
  });

  test('DNS failure (a name under .invalid never resolves)', async () => {
    await expectRefusedRun('http://cp-conformance.invalid/v0', /cannot reach the target at http:\/\/cp-conformance\.invalid\/v0: host name (not found|lookup failed) \(DNS\)$/);
  });

  test('TLS error: https to a plain-http server', async (t) => {
    const server = await hostile(t, (_req, res) => unauthorized(res));
    await expectRefusedRun(server.baseUrl.replace('http:', 'https:'), /cannot reach the target at https:.*: TLS error \(ERR_SSL_WRONG_VERSION_NUMBER\)$/);
  });

  test('a target that accepts the connection and never answers', async (t) => {
    const server = await hostile(t, () => undefined);
    await expectRefusedRun(server.baseUrl, /cannot reach the target at .*: no answer within 300 ms$/);
  });
});

describe.concurrent('a target that fails mid-run: the affected rules fail with the evidence, the run goes on', () => {
  test('no answer: the per-request timeout, and no shrinking against a silent target', async (t) => {
    const server = await hostile(t, afterProbe(() => undefined));
    const { code, results } = await runAgainst(server, ['--timeout', '1000', ...CHEAP]);
    expect(code).toBe(1);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.status).toBe('failed');
    expect(rule.evidence?.message).toMatch(/no answer within 1000 ms$/);
    expect(rule.evidence?.exchange?.networkError).toBe('no answer within 1000 ms');
    // The probe and the one case that met the silence (a call of each of the 3 reads, at once): the shrinker does not knock again.
    expect(server.calls).toHaveLength(1 + 3);
  });

  test('a body that trickles in: cut at the timeout', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        const drip = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(drip));
      }),
    );
    const { code, results } = await runAgainst(server, ['--timeout', '1000', ...CHEAP]);
    expect(code).toBe(1);
    expect(ruleOf(results, 'auth.missing-credentials').evidence?.message).toMatch(
      /the body of the 401 answer did not arrive in full: still incomplete after 1000 ms$/,
    );
  });

  test('a body that is not JSON', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.writeHead(401, { 'content-type': 'text/html' });
        res.end('<html><body>Unauthorized</body></html>');
      }),
    );
    const { code, results } = await runAgainst(server, CHEAP);
    expect(code).toBe(1);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.evidence?.message).toMatch(/has a body that is not JSON, not an Error object/);
    expect(rule.evidence?.exchange?.response?.body).toBe('<html><body>Unauthorized</body></html>');
  });

  test('a body shorter than its content-length, then the connection closes', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.writeHead(401, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"error":"Unauth');
        setTimeout(() => res.socket?.destroy(), 20);
      }),
    );
    const { code, results } = await runAgainst(server, CHEAP);
    expect(code).toBe(1);
    expect(ruleOf(results, 'auth.missing-credentials').evidence?.message).toMatch(
      /the body of the 401 answer did not arrive in full: connection closed by the target$/,
    );
  });

  test.for([
    ['declared larger than the cap (Content-Length)', true],
    ['larger than the cap as it streams (no Content-Length)', false],
  ] as const)('a body %s: no verdict, an error of the suite that says its size; reading stops at the cap', async ([, declared], t) => {
    // Far beyond the cap, so that stopping at it shows above what the server's and the socket's buffers hold.
    const TOTAL = MAX_BODY_BYTES + 128 * 1024 * 1024;
    const sent: number[] = [];
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.writeHead(401, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(TOTAL) } : {}) });
        let yielded = 0;
        const chunk = Buffer.alloc(1024 * 1024, ' ');
        const spaces = Readable.from(
          (function* () {
            for (; yielded < TOTAL; yielded += chunk.length) yield chunk;
          })(),
        );
        // Ends when the runner hangs up; records how much it let the server send.
        pipeline(spaces, res, () => sent.push(yielded));
      }),
    );
    const { code, results } = await runAgainst(server, ['--timeout', '10000', ...CHEAP]);
    // An error of the suite and no failure: exit 2.
    expect(code).toBe(2);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.status).toBe('error');
    expect(rule.reason).toMatch(/answer is larger than the suite reads \((Content-Length \d+ bytes|more than \d+ bytes); it reads 128 MiB at most\): no verdict on it$/);
    // The runner stopped reading at the cap (at once, when the length was declared): never the whole body.
    expect(sent.length).toBeGreaterThan(0);
    for (const bytes of sent) expect(bytes).toBeLessThan(declared ? 48 * 1024 * 1024 : MAX_BODY_BYTES + 48 * 1024 * 1024);
  });

  test('a redirect is an answer to check, never followed', async (t) => {
    const elsewhere = await hostile(t, (_req, res) => unauthorized(res));
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.writeHead(302, { location: `${elsewhere.baseUrl}/functions` });
        res.end();
      }),
    );
    const { code, results } = await runAgainst(server, CHEAP);
    expect(code).toBe(1);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.evidence?.message).toMatch(/must be refused with (401|a 4xx) and an error body; got 302/);
    expect(rule.evidence?.exchange?.response?.headers.location).toBe(`${elsewhere.baseUrl}/functions`);
    expect(elsewhere.calls).toHaveLength(0);
  });

  test('429 with Retry-After: honoured up to 5 s, then the check goes on', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res, index) => (index === 1 ? json(res, 429, { error: 'TooManyRequests', code: 429 }, { 'retry-after': '3600' }) : unauthorized(res))),
    );
    const { code, results } = await runAgainst(server, CHEAP);
    expect(code).toBe(0);
    expect(ruleOf(results, 'auth.missing-credentials').status).toBe('passed');
    // The case's other reads go at once; the one answered 429 is sent again after the wait.
    const retried = server.calls.slice(2).find((call) => call.url === server.calls[1]!.url)!;
    const waited = retried.at - server.calls[1]!.at;
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(10_000);
  });

  test('429 that never ends: three retries, then reported as rate limiting', async (t) => {
    const server = await hostile(t, afterProbe((res) => json(res, 429, { error: 'TooManyRequests', code: 429 }, { 'retry-after': '1' })));
    const { code, results } = await runAgainst(server, CHEAP);
    expect(code).toBe(1);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.evidence?.message).toMatch(/rate limited: the target answered 429 Too Many Requests 4 times in a row/);
    expect(rule.evidence?.exchange?.response?.status).toBe(429);
    // The probe, then the case's 3 reads, each with its three retries: the shrinker does not start over.
    expect(server.calls).toHaveLength(1 + 3 * 4);
    const attempts = server.calls.filter((call) => call.url === server.calls[1]!.url);
    expect(attempts).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual(900);
  });

  test('a burst of 5xx fails the rule that met it, with the 5xx as evidence, not retried away', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res, index) => (index === 1 ? json(res, 503, { error: 'Unavailable', code: 503 }) : unauthorized(res))),
    );
    // One check at a time: the first request of auth.missing-credentials meets the 5xx, the next rule does not.
    const args = ['--only', 'auth.missing-credentials', '--only', 'auth.invalid-token', '--runs', '2', '--concurrency', '1'];
    const { code, results } = await runAgainst(server, args);
    expect(code).toBe(1);
    const rule = ruleOf(results, 'auth.missing-credentials');
    expect(rule.evidence?.message).toMatch(/must be refused with (401|a 4xx) and an error body; got 503/);
    expect(rule.evidence?.exchange?.response?.status).toBe(503);
    // The run goes on past the 5xx: the next rule is checked and passes.
    expect(results.rules.map((r) => [r.id, r.status])).toEqual([
      ['auth.missing-credentials', 'failed'],
      ['auth.invalid-token', 'passed'],
    ]);
  });

  test('a target that goes away mid-run: every later rule fails with the refusal, the run ends', async (t) => {
    const server = await hostile(
      t,
      afterProbe((res) => {
        res.socket?.destroy();
        void server.close();
      }),
    );
    const { code, results } = await runAgainst(server, ['--only', 'auth.missing-credentials', '--only', 'auth.invalid-token', '--runs', '2', '--concurrency', '1']);
    expect(code).toBe(1);
    expect(ruleOf(results, 'auth.missing-credentials').evidence?.message).toMatch(/connection (closed|reset) by the target$/);
    expect(ruleOf(results, 'auth.invalid-token').evidence?.message).toMatch(/connection refused$/);
  });
});

describe('the request budget', () => {
  test('--max-requests: one budget across rules and suite files; what it leaves out is skipped with the reason', async (t) => {
    // The auth checks pass against this target while they have requests left; the admin is served the listings.
    const server = await hostile(t, (_req, res, call) =>
      call.headers.authorization === `Bearer ${TOKEN}` ? json(res, 200, call.url === '/v0/egressips' ? [] : { data: [], meta: { hasMore: false, nextCursor: '' } }) : unauthorized(res),
    );
    const { code, stdout, results } = await runAgainst(server, [
      ...['--only', 'auth.missing-credentials', '--only', 'auth.invalid-token', '--only', 'schema.egressips'],
      ...['--runs', '5', '--timeout', '5000', '--max-requests', '3'],
    ]);
    expect(code, stdout).toBe(0);
    // The probe and two more, whichever suite file runs first: the auth rules alone would
    // send ten, and a budget per file would let the other file send its own.
    expect(server.calls).toHaveLength(3);
    // Each auth rule needs more than the two requests left after the probe, whichever goes first.
    const reasonOf = (id: string) => results.rules.find((r) => r.id === id)?.reason;
    for (const id of ['auth.missing-credentials', 'auth.invalid-token']) expect(reasonOf(id), id).toBe('request budget of 3 spent');
    // schema.egressips is left out too, or gets its request in first and finds no egress IP on this target.
    expect(['request budget of 3 spent', 'no --control-url to set egress IPs, and the target holds none: no egress IP shape to validate']).toContain(reasonOf('schema.egressips'));
    expect(results.summary.failed).toBe(0);
  });
});
