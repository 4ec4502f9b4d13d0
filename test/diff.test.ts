// `cp-conformance diff` (runner/diff.ts): against two builds of the reference, one of them
// a legal variant, it reports the variant's differences and nothing else; against the same
// build twice, nothing. The variant drops the Error body's `code`: every difference found
// is that field, and every answer that carries one differs.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { DiffReport } from '../results/diff.ts';
import type { LoggedExchange } from '../results/model.ts';
import { compareRuns, NORMALISED } from '../runner/diff-compare.ts';
import { runCli } from './support/cli.ts';

const started: ReferenceHandle[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((ref) => ref.close()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The options of `run` that name a reference, prefixed for the candidate or not. */
function targetArgs(ref: ReferenceHandle, prefix: '' | 'against-'): string[] {
  const credentials = { token: ref.credentials.admin, 'member-token': ref.credentials.member, 'no-scope-token': ref.credentials.noScope, 'other-workspace-token': ref.credentials.otherWorkspace };
  const options = { [prefix ? 'against-url' : 'base-url']: ref.baseUrl, 'control-url': ref.controlUrl, 'sandbox-url': ref.sandboxUrl, 'account-id': ref.accountId, ...credentials };
  return Object.entries(options).flatMap(([name, value]) => [name === 'against-url' || name === 'base-url' ? `--${name}` : `--${prefix}${name}`, value]);
}

async function diffOf(candidate: ReferenceHandle, seed: number): Promise<{ code: number | null; report: DiffReport; stdout: string }> {
  const baseline = await startReference();
  started.push(baseline, candidate);
  const dir = await mkdtemp(join(tmpdir(), 'cp-conformance-diff-'));
  dirs.push(dir);
  const outcome = await runCli(['diff', ...targetArgs(baseline, ''), ...targetArgs(candidate, 'against-'), '--seed', String(seed), '--runs', '3', '--report-dir', dir]);
  const report = JSON.parse(await readFile(join(dir, 'diff.json'), 'utf8')) as DiffReport;
  return { code: outcome.code, report, stdout: outcome.stdout };
}

test('the same build twice: no answer differs and no request goes to one side only (exit 0)', async () => {
  const { code, report, stdout } = await diffOf(await startReference(), 11);
  expect(report.comparison.compared).toBeGreaterThan(300);
  expect(report.comparison.differences.map((d) => `${d.rule}: ${d.request}: ${d.what.join('; ')}`)).toEqual([]);
  expect([...report.comparison.baselineOnly, ...report.comparison.candidateOnly]).toEqual([]);
  expect(stdout).toContain('no answer differs; no request went to one side only');
  expect(code).toBe(0);
}, 120_000);

test("a variant that drops the Error body's code: every difference is that field, each shown with both answers and a curl pair (exit 1)", async () => {
  const candidate = await startReference({ variant: 'error-body-without-code' });
  const { code, report, stdout } = await diffOf(candidate, 12);
  const { differences, baselineOnly, candidateOnly } = report.comparison;
  expect(differences.length).toBeGreaterThan(10);
  expect(differences.flatMap((d) => d.what).filter((line) => !/^\$\.code: \d+ ≠ \(absent\)$/.test(line))).toEqual([]);
  expect([...baselineOnly, ...candidateOnly]).toEqual([]);
  for (const difference of differences) {
    expect(difference.baseline.curl).toMatch(/^curl /);
    expect(difference.candidate.curl).toContain(candidate.baseUrl);
    expect(difference.candidate.curl).not.toContain(candidate.credentials.admin);
  }
  expect(stdout).toMatch(/answers differ, in \d+ operations/);
  expect(code).toBe(1);
}, 120_000);

test('docs/diff.md lists every value the command reads past, in its words', async () => {
  const docs = await readFile(new URL('../docs/diff.md', import.meta.url), 'utf8');
  for (const line of NORMALISED) expect(docs).toContain(`- ${line}`);
});

const urls = { baseUrl: 'http://127.0.0.1:1/v0' };
/** One run's exchanges: a GET of `path` answered with each of `bodies` in turn. */
const side = (path: string, ...bodies: object[]) => ({
  urls,
  exchanges: bodies.map(
    (body): LoggedExchange => ({
      rule: 'resources.sandbox.expires-in',
      data: 'set',
      startedDateTime: '2026-11-28T00:00:00.000Z',
      timeMs: 1,
      request: { method: 'GET', url: `${urls.baseUrl}${path}`, headers: {} },
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      curl: 'curl',
    }),
  ),
});

test('requests sent alike (pages after a cursor) pair with an alike answer where there is one, whatever order each run sent them in', () => {
  const [a, b] = [{ data: [{ name: 'a' }] }, { data: [{ name: 'b' }] }];
  const compared = (baseline: object[], candidate: object[]) => compareRuns(side('/functions?cursor=x', ...baseline), side('/functions?cursor=y', ...candidate), () => 'listFunctions', { from: 0, to: 2_000 });
  expect(compared([a, b], [b, a]).differences).toEqual([]);
  expect(compared([a, b], [b, { data: [] }]).differences.flatMap((d) => d.what)).toEqual(['$.data (as a multiset): 1 item only in the baseline, e.g. {"name":"a"}; 0 only in the candidate']);
});

test("a countdown read by each run at its own time: expiresIn apart by no more than the runs lasted is alike, further apart a difference", () => {
  const body = (expiresIn: number) => ({ metadata: { name: 'box' }, expiresIn });
  const differences = (a: number, b: number) => compareRuns(side('/sandboxes/box', body(a)), side('/sandboxes/box', body(b)), () => 'getSandbox', { from: 0, to: 2_000 }).differences.flatMap((d) => d.what);
  expect(differences(288_000, 287_998)).toEqual([]);
  expect(differences(288_000, 287_990)).toEqual(['$.expiresIn: 288000 ≠ 287990']);
});
