// No credential in any report, console line, curl line or error message: generated
// tokens, given through the environment as CI does, against a target that echoes
// the Authorization header back in every body, header and broken answer it can.
import { readdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EVIDENCE_BODY_CHARS } from '../harness/http.ts';
import { runCli, runForResults, type CliOutcome } from './support/cli.ts';
import { startHostile } from './support/hostile-server.ts';

/**
 * Bearer tokens as RFC 6750 spells them (b64token), long enough to be real. Unbiased, so
 * fast-check's built-in tricky strings (`propertyIsEnumerable`, ...) do not turn up in a
 * token and match the report's own text; a letter first, so no token reads as a flag.
 */
const tokenArb = fc.noBias(
  fc
    .tuple(
      fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
      fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~+/'), minLength: 20, maxLength: 48 }),
      fc.constantFrom('', '=', '=='),
    )
    .map(([first, token, padding]) => first + token + padding),
);

const seed = Date.now() % 2 ** 31;
const [admin, member, noScope, otherWorkspace] = fc.sample(fc.uniqueArray(tokenArb, { minLength: 4, maxLength: 4 }), { numRuns: 1, seed })[0]!;
const tokens = { admin: admin!, member: member!, noScope: noScope!, otherWorkspace: otherWorkspace! };
const tokenEnv = {
  CP_TOKEN: tokens.admin,
  CP_MEMBER_TOKEN: tokens.member,
  CP_NO_SCOPE_TOKEN: tokens.noScope,
  CP_OTHER_WORKSPACE_TOKEN: tokens.otherWorkspace,
};

/**
 * A body whose credential straddles the cut of the evidence body (16 of its characters
 * before it): masking must come before cutting, or a piece of it survives.
 */
function acrossTheCut(head: string, auth: string, tail: string): string {
  const token = auth.replace(/^Bearer /, '');
  return `${head}${'x'.repeat(Math.max(0, EVIDENCE_BODY_CHARS - 16 - head.length - (auth.length - token.length)))}${auth}${tail}`;
}

/** Every way this target finds to hand the credential back, in turn. */
const echoes: Array<(res: ServerResponse, auth: string) => void> = [
  // A refusal that quotes it in the message and two headers (and gets `code` wrong, so the check fails with evidence).
  (res, auth) => {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': `Bearer realm="${auth}"`, 'x-echo': auth });
    res.end(acrossTheCut('{"error":"Unauthorized","code":400,"message":"', auth, '"}'));
  },
  (res, auth) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(acrossTheCut('internal error while checking ', auth, ''));
  },
  (res, auth) => {
    res.writeHead(302, { location: `http://127.0.0.1:1/login#${auth}` });
    res.end();
  },
  (res, auth) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(acrossTheCut('{"echo":"', auth, '"}'));
  },
  // Echoed in a header and a body that never completes: only the network error is left.
  (res, auth) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000', 'x-echo': auth });
    res.write(`{"echo": "${auth}`);
    setTimeout(() => res.socket?.destroy(), 10);
  },
];

/**
 * What the run asks before any check (runner/preflight.ts), answered as each credential's
 * role says, echoing it too: the run then goes on to the checks. Undefined for the rest.
 */
function roleAnswer(req: IncomingMessage, auth: string): { status: number; body: object } | undefined {
  const url = new URL(req.url ?? '/', 'http://target');
  const role = Object.entries(tokens).find(([, token]) => auth === `Bearer ${token}`)?.[0];
  if (url.pathname === '/v0/functions' && url.search === '')
    return role === 'noScope' ? { status: 403, body: { error: 'Forbidden', code: 403, message: auth } } : { status: 200, body: { data: [], meta: { hasMore: false, nextCursor: '' }, echo: auth } };
  if (url.pathname.endsWith('/metrics') && url.searchParams.get('groupBy') === 'workspace')
    return role === 'admin' ? { status: 200, body: { data: [], meta: { hasMore: false, nextCursor: '' }, summary: { totalCost: 0 }, echo: auth } } : { status: 403, body: { error: 'Forbidden', message: 'Access denied', echo: auth } };
  return undefined;
}

function echo(req: IncomingMessage, res: ServerResponse, index: number): void {
  const auth = req.headers.authorization ?? '';
  // Provider states succeed, so the checks go on to send every credential they hold.
  if (req.url?.startsWith('/__control')) {
    res.writeHead(204, { 'x-echo': auth });
    res.end();
    return;
  }
  const answer = roleAnswer(req, auth);
  if (answer) return void res.writeHead(answer.status, { 'content-type': 'application/json', 'x-echo': auth }).end(JSON.stringify(answer.body));
  echoes[index % echoes.length]!(res, auth);
}

/** Where a token must not appear: the whole token, or any 12-character piece of it. */
function leaks(text: string): string[] {
  const found: string[] = [];
  for (const [name, token] of Object.entries(tokens)) {
    if (text.includes(token)) found.push(`the ${name} token`);
    for (let i = 0; i + 12 <= token.length; i++) if (text.includes(token.slice(i, i + 12))) found.push(`a piece of the ${name} token at ${i}`);
  }
  return found;
}

async function reportTexts(dir: string): Promise<Record<string, string>> {
  const names = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = names.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Object.fromEntries(await Promise.all(files.map(async (file) => [path.basename(file), await readFile(file, 'utf8')] as const)));
}

describe.concurrent(`credentials (tokens generated with seed ${seed})`, () => {
  test('a full run against a target that echoes them everywhere: no report, console line or curl line holds one', async ({ onTestFinished }) => {
    const server = await startHostile((req, res, { index }) => echo(req, res, index));
    onTestFinished(() => server.close());
    const out = await runForResults(['--runs', '2', '--timeout', '2000'], {
      ...tokenEnv,
      CP_BASE_URL: server.baseUrl,
      CP_SANDBOX_URL: `${server.origin}/sandbox`,
      CP_CONTROL_URL: `${server.origin}/__control`,
      CP_ACCOUNT_ID: 'acct-echo',
    });
    expect(out.code, out.stderr).toBe(1);
    // The target did get them, in every form it echoes.
    const sent = new Set(server.calls.map((c) => c.headers.authorization));
    for (const token of Object.values(tokens)) expect(sent.has(`Bearer ${token}`)).toBe(true);
    expect(out.results.summary.failed).toBeGreaterThan(10);
    const texts: Record<string, string> = { stdout: out.stdout, stderr: out.stderr, ...(await reportTexts(out.reportDir)) };
    expect(Object.keys(texts)).toEqual(expect.arrayContaining(['junit.xml', 'report.html', 'results.json']));
    for (const [where, text] of Object.entries(texts)) expect(leaks(text), where).toEqual([]);
    // What was echoed shows masked, so a reader still sees that it was there.
    expect(texts['results.json']).toContain('Bearer ***');
  });

  test.each<[string, (refusedUrl: string) => string[], RegExp]>([
    ['an unreachable target', (url) => ['--base-url', url], /cannot reach the target/],
    ['a malformed option next to them', (url) => ['--base-url', url, '--seed', 'abc'], /--seed must be an integer/],
    // A CI line that lost a flag: the credential itself is the stray argument the error names.
    ['a credential given without its flag', (url) => ['--base-url', url, tokens.member], /Unexpected argument '\*\*\*'/],
  ])('%s: the one line on stderr holds none, whether they come from the environment or the flags', async (_, args, message) => {
    const server = await startHostile(() => undefined);
    await server.close();
    const outs: CliOutcome[] = await Promise.all([
      runCli(['run', ...args(server.baseUrl)], tokenEnv),
      runCli(['run', ...args(server.baseUrl), `--token=${tokens.admin}`, `--member-token=${tokens.member}`]),
    ]);
    for (const out of outs) {
      expect(out.code).toBe(2);
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(message);
      expect(leaks(out.stdout + out.stderr)).toEqual([]);
    }
  });
});
