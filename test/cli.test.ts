// The command line's answers to bad options and bad targets: exit 2, one line, no
// stack trace. Then its safety promises, proved through a proxy that records every
// request on its way to the reference implementation.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { rules } from '../spec/rules/index.ts';
import { statements } from '../spec/statements.ts';
import { startReference } from '../reference/server.ts';
import { bin, runCli, runForResults, targetEnv } from './support/cli.ts';
import { proxyTo, startHostile } from './support/hostile-server.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'cp-conformance-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
function scratchFile(name: string, text: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return file;
}

const refusals: Array<[string, string[], RegExp]> = [
  ['an unknown flag', ['run', '--bogus'], /Unknown option '--bogus'/],
  ['a malformed base URL', ['run', '--base-url', 'not a url', '--token', 'x'], /--base-url is not a URL/],
  ['a base URL without a token', ['run', '--base-url', 'http://127.0.0.1:9/v0'], /--token .* is required/],
  ['a credential without a base URL', ['run', '--member-token', 'x'], /needs --base-url/],
  ['a non-integer seed', ['run', '--seed', 'abc'], /--seed must be an integer/],
  ['zero runs', ['run', '--runs', '0'], /--runs must be an integer of at least 1/],
  ['a negative timeout', ['run', '--timeout', '-5'], /--timeout must be an integer of at least 1: -5$/],
  ['a report directory that cannot be written', ['run', '--report-dir', path.join(scratchFile('not-a-folder', ''), 'reports')], /cannot write the report directory .*not-a-folder\/reports: ENOTDIR/],
  ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ['a selection that matches no rule', ['run', '--only', 'no-such-rule'], /no rule matches/],
  ['an unreadable profile', ['run', '--profile', '/nonexistent/profile.json'], /--profile \/nonexisten\S* is neither a built-in profile \(spec, blaxel\) nor a readable file: ENOENT/],
  ['a profile that is not JSON', ['run', '--profile', scratchFile('bad.json', '{"showSecretsParam": }')], /the profile .*bad\.json is not valid JSON: Unexpected token/],
  ['a profile with an unknown key', ['run', '--profile', scratchFile('unknown.json', '{"showSecrets": "reveal"}')], /the profile .* is invalid: \/showSecrets is not a profile key$/],
  ['a profile key of the wrong type', ['run', '--profile', scratchFile('type.json', '{"showSecretsParam": 5}')], /the profile .* is invalid: \/showSecretsParam must be string$/],
  [
    'a nested profile key out of its range',
    ['run', '--profile', scratchFile('nested.json', '{"resolutions": [{"name": "hourly", "bucket": "fortnight", "maxWindowSeconds": 1}]}')],
    /the profile .* is invalid: \/resolutions\/0\/bucket must be equal to one of the allowed values$/,
  ],
  ['a zero request budget', ['run', '--max-requests', '0'], /--max-requests must be an integer of at least 1: 0$/],
  ['a request budget that is not a number', ['run', '--max-requests', 'lots'], /--max-requests must be an integer of at least 1: lots$/],
  ['a request budget without its value', ['run', '--max-requests'], /Option '--max-requests <value>' argument missing/],
  ['a zero rate limit', ['run', '--rate-limit', '0'], /--rate-limit must be an integer of at least 1: 0$/],
  ['a process id that is not one', ['run', '--base-url', 'http://127.0.0.1:9/v0', '--token', 't', '--process-pid', 'web'], /--process-pid must be a process id, a string of digits: web$/],
  ['a process without a target', ['run', '--process-name', 'web'], /--process-name needs --base-url/],
  ['embedded data with a target', ['run', '--base-url', 'http://127.0.0.1:9/v0', '--token', 't', '--embedded-data', 'demo'], /--embedded-data is for the embedded reference implementation: leave out --base-url$/],
  ['unknown embedded data', ['run', '--embedded-data', 'huge'], /cannot start the embedded reference implementation: unknown data set "huge"; the data sets are: demo$/],
  ['an unknown data set to serve', ['serve', '--data', 'huge'], /unknown data set "huge"; the data sets are: demo$/],
  ['an unknown fault', ['serve', '--fault', 'no-such-fault'], /unknown fault "no-such-fault"/],
  ['an unknown variant', ['serve', '--variant', 'no-such-variant'], /unknown variant "no-such-variant"; the variants are: /],
  ['a fault and a variant at once', ['serve', '--fault', 'auth-missing-accepted', '--variant', 'any'], /--fault and --variant go one at a time$/],
  ['rules with an unknown option', ['rules', '--yaml'], /rules takes only --json, not --yaml$/],
  ['an unreadable expectations file', ['run', '--expect', '/nonexistent/expect.json'], /the expectations file \/nonexistent\/expect\.json cannot be read: ENOENT$/],
  ['an expectations file that is not JSON', ['run', '--expect', scratchFile('e-bad.json', '{"expectations": [')], /the expectations file .*e-bad\.json is not valid JSON: /],
  [
    'an expectations file naming an unknown rule',
    ['run', '--expect', scratchFile('e-unknown.json', '{"expectations": [{"rule": "auth.no-such-rule", "reason": "r"}]}')],
    /the expectations file .* lists "auth\.no-such-rule", which is not a rule id; see `cp-conformance rules`$/,
  ],
  [
    'an expectations file naming a prefix',
    ['run', '--expect', scratchFile('e-prefix.json', '{"expectations": [{"rule": "auth.", "reason": "r"}]}')],
    /lists "auth\.", which is not a rule id \(an id, not a prefix: list each rule\)/,
  ],
  [
    'an expectations file listing a rule twice',
    ['run', '--expect', scratchFile('e-twice.json', '{"expectations": [{"rule": "auth.invalid-token", "reason": "a"}, {"rule": "auth.invalid-token", "reason": "b"}]}')],
    /lists "auth\.invalid-token" twice$/,
  ],
  [
    'an expectation without its reason',
    ['run', '--expect', scratchFile('e-reasonless.json', '{"expectations": [{"rule": "auth.invalid-token"}]}')],
    /the expectations file .* is invalid: \/expectations\/0 must have required property 'reason'$/,
  ],
  [
    'an expectation with a misspelt key',
    ['run', '--expect', scratchFile('e-typo.json', '{"expectations": [{"rule": "auth.invalid-token", "reason": "r", "lnk": "https://x.test"}]}')],
    /the expectations file .* is invalid: \/expectations\/0\/lnk is not an expectations key$/,
  ],
  ['an unreadable earlier run', ['run', '--rerun-failed', '/nonexistent/results.json'], /the results file \/nonexistent\/results\.json cannot be read: ENOENT$/],
  ['an earlier run that is no results.json', ['run', '--rerun-failed', scratchFile('not-results.json', '{"rules": []}')], /the results file .* is invalid: \(top level\) must have required property 'seed'$/],
  ['expectations without a results file', ['expectations'], /expectations takes one argument: the results\.json of a run$/],
  ['expectations of a file that is no results.json', ['expectations', scratchFile('e-not-results.json', '[]')], /the results file .* is invalid: \(top level\) must be object$/],
];

test.concurrent.each(refusals)('%s: exit 2 with one line', async (_, args, message) => {
  const out = await runCli(args);
  expect(out.code).toBe(2);
  const lines = out.stderr.trim().split('\n');
  expect(lines, out.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(out.stderr).not.toMatch(/\n\s+at /);
});

test("--version prints the package's version, read from its package.json; --help lists it", async () => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const out = await runCli(['--version']);
  expect(out.code, out.stderr).toBe(0);
  expect(out.stdout).toBe(`${version}\n`);
  const help = await runCli(['--help']);
  expect(help.stdout).toMatch(/^  --version +print the version of the package$/m);
});

test('rules prints the catalogue: id, level, section, statement', async () => {
  const out = await runCli(['rules']);
  expect(out.code).toBe(0);
  expect(out.stdout).toMatch(/^auth\.missing-credentials\s+MUST\s+§5, 7\s+A control-plane read without credentials is refused/m);
});

test('rules --json prints every rule with its level, section, title and the quoted words of the specification', async () => {
  const out = await runCli(['rules', '--json']);
  expect(out.code).toBe(0);
  const listed = JSON.parse(out.stdout) as Array<Record<string, string>>;
  expect(listed.map((r) => r.id)).toEqual(rules.map((r) => r.id));
  for (const entry of listed) {
    expect(Object.keys(entry).slice(0, 5)).toEqual(['id', 'level', 'section', 'title', 'quote']);
    expect(entry.quote).toBeTruthy();
    if (entry.level === 'SHOULD') expect(entry.why).toBeTruthy();
  }
});

test('a reader that stops early (rules | head -1) ends the program quietly, exit 0', async () => {
  const child = spawn(process.execPath, [bin, 'rules'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // Read one chunk, then close the pipe as `head -1` does.
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

/** The reference implementation behind a recording proxy, and the environment that points `run` at the proxy. */
async function recordedReference(onTestFinished: (fn: () => Promise<void>) => void) {
  const reference = await startReference();
  const proxy = await startHostile(proxyTo(new URL(reference.baseUrl).origin));
  onTestFinished(() => proxy.close());
  onTestFinished(() => reference.close());
  const env = {
    ...targetEnv(reference),
    CP_BASE_URL: `${proxy.origin}/v0`,
    CP_SANDBOX_URL: `${proxy.origin}/sandbox`,
    CP_CONTROL_URL: `${proxy.origin}/__control`,
  };
  return { calls: proxy.calls, env };
}

test.concurrent('without --control-url no provider state is ever asked for', async ({ onTestFinished }) => {
  const { calls, env } = await recordedReference(onTestFinished);
  const { CP_CONTROL_URL: _, ...withoutControl } = env;
  const out = await runForResults(['--runs', '2'], withoutControl);
  // The verdicts are test/reference-passes.test.ts's business; here what was sent is.
  expect([0, 1], out.stderr).toContain(out.code);
  expect(calls.length).toBeGreaterThan(50);
  expect(calls.filter((c) => c.url.startsWith('/__control') || c.body.includes('"state"')).map((c) => `${c.method} ${c.url}`)).toEqual([]);
  expect(out.results.rules.filter((r) => r.status === 'skipped' && /no --control-url/.test(r.reason ?? '')).length).toBeGreaterThan(10);
});

test.concurrent('--read-only: only GETs reach the target, and every check left out says why', async ({ onTestFinished }) => {
  const { calls, env } = await recordedReference(onTestFinished);
  const out = await runForResults(['--runs', '2', '--read-only'], env);
  expect([0, 1], out.stderr).toContain(out.code);
  expect(calls.length).toBeGreaterThan(50);
  expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([]);
  const skipped = out.results.rules.filter((r) => r.status === 'skipped');
  expect(skipped.filter((r) => /^--read-only: /.test(r.reason ?? '')).length).toBeGreaterThan(10);
  for (const rule of skipped) expect(rule.reason, rule.id).toMatch(/\S/);
});

test('--profile takes a built-in profile by name', async () => {
  const run = await runForResults(['--profile', 'blaxel', '--only', 'auth.missing-credentials', '--runs', '3']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.results.rules.map((r) => r.status)).toEqual(['passed']);
});

test('coverage prints every statement of the specification by section, with its clauses (their faults or their reasons) and the totals', async () => {
  const text = await runCli(['coverage']);
  expect(text.code).toBe(0);
  const json = await runCli(['coverage', '--json']);
  expect(json.code).toBe(0);
  type Totals = { statements: number; checked: number; partlyChecked: number; notCheckable: number; notYet: number; clauses: { total: number; checked: number; notCheckable: number; notYet: number } };
  type Clause = { id: string; kind: string; proofs: Array<{ fault: string; rule: string }>; reason?: string };
  const map = JSON.parse(json.stdout) as { statements: Array<{ id: string; kind: string; rules: Array<{ id: string; level: string }>; clauses: Clause[] }>; totals: Totals };
  expect(map.statements.map((s) => s.id)).toEqual(statements.map((s) => s.id));
  const { statements: total, checked, partlyChecked, notCheckable, notYet, clauses } = map.totals;
  expect(checked + partlyChecked + notCheckable + notYet).toBe(total);
  expect(clauses.checked + clauses.notCheckable + clauses.notYet).toBe(clauses.total);
  expect(map.statements.flatMap((s) => s.clauses).length).toBe(clauses.total);
  expect(text.stdout).toContain(
    `${total} statements of behaviour: ${checked} checked, ${partlyChecked} partly checked, ${notCheckable} not checkable through these endpoints, ${notYet} not yet checked; ` +
      `${clauses.total} clauses: ${clauses.checked} checked (each by a fault of the reference its rule catches), ${clauses.notCheckable} not checkable, ${clauses.notYet} not yet checked`,
  );
  expect(text.stdout).toMatch(/^§2\.1 Shared metadata \(every resource\)$/m);
  expect(text.stdout).toMatch(/^ {2}metadata\.name\.immutable {2}\(not checkable\)\n {4}"Immutable after creation\."\n {4}why: no operation that creates or updates a resource is specified/m);
  expect(text.stdout).toContain('    rules: functions.limit.clamped-to-200 (MUST)');
  // A checked clause with the fault that proves it; a clause not checkable with why.
  expect(text.stdout).toMatch(/^ {4}- :later-pages {2}\(checked\) {2}.*\n {8}fault functions-limit-not-clamped-on-continuation, caught by functions\.limit\.clamped-to-200 \(MUST\)$/m);
  expect(text.stdout).toMatch(/^ {4}- :\S+ {2}\(not checkable\) {2}.*\n {8}why: \S/m);
  const clamp = map.statements.find((s) => s.id === 'functions.limit.clamped')!;
  expect(clamp.clauses.map((c) => [c.id, c.kind, c.proofs.map((p) => p.fault)])).toEqual([
    ['functions.limit.clamped:first-page', 'checked', ['functions-limit-not-clamped']],
    ['functions.limit.clamped:later-pages', 'checked', ['functions-limit-not-clamped-on-continuation']],
  ]);
  const refused = await runCli(['coverage', '--all']);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toBe('cp-conformance: coverage takes only --json, not --all\n');
});

test("an embedded reference whose URL is not an http URL stops the run as a defect of cp-conformance, rather than leaving the checks that need that URL skipped", async () => {
  const { suiteConfig } = await import('../runner/run.ts');
  const ref = await startReference();
  try {
    const options = { reportDir: 'unused', strict: false, only: [], skip: [], timeoutMs: 10_000, readOnly: false, concurrency: 1 };
    const planned = { profile: {} as never, seed: 1, runs: 1 };
    expect(() => suiteConfig(options, ref, planned)).not.toThrow();
    for (const broken of [{ sandboxUrl: Number.NaN as unknown as string }, { controlUrl: 'NaN' }, { baseUrl: 'ftp://127.0.0.1/v0' }])
      expect(() => suiteConfig(options, { ...ref, ...broken }, planned)).toThrow(/not an http URL \(a defect of cp-conformance\)/);
  } finally {
    await ref.close();
  }
});
