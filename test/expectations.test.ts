// The adoption workflow of a team gating CI on the suite (CONTRACT 1, 1.1, 1.2), as
// the README tells it, through the real command line: a run finds a failure; the
// expectations file is written from its results; with that file the failure is
// `known` and the run passes; once the failure is gone it is `fixed` (exit 1 only
// with --strict); `--rerun-failed` runs only what broke, with the same seed.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Expectation } from '../results/model.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { runCli, runForResults, targetEnv } from './support/cli.ts';
import { expectValid, findJunitValidator } from './support/junit-schema.ts';

/** The fault the workflow starts from, and the one rule it breaks among the `auth.` rules. */
const FAULT = 'auth-no-scope-reads-sandboxes';
const BROKEN = 'auth.no-scope-forbidden';
const SELECTION = ['--only', 'auth.', '--runs', '5'];

const validator = await findJunitValidator();

describe('the expectations workflow, through the command line', () => {
  let faulty: ReferenceHandle;
  let clean: ReferenceHandle;
  let scratch: string;
  let first: Awaited<ReturnType<typeof runForResults>>;
  let firstResults: string;
  let expectationsPath: string;

  beforeAll(async () => {
    [faulty, clean, scratch] = await Promise.all([startReference({ fault: FAULT }), startReference(), mkdtemp(path.join(tmpdir(), 'cp-expect-'))]);
    first = await runForResults([...SELECTION, '--summary', path.join(scratch, 'summary.md')], targetEnv(faulty));
    firstResults = path.join(first.reportDir, 'results.json');
    expectationsPath = path.join(scratch, 'expectations.json');
  });
  afterAll(() => Promise.all([faulty?.close(), clean?.close(), rm(scratch, { recursive: true, force: true })]));

  test('1. the fault fails its rule: exit 1, and --summary writes the Markdown summary', async () => {
    expect(first.code, first.stderr).toBe(1);
    expect(first.results.rules.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual([BROKEN]);
    expect(first.stdout).toContain(`Summary: ${path.join(scratch, 'summary.md')}`);
    const markdown = await readFile(path.join(scratch, 'summary.md'), 'utf8');
    expect(markdown).toMatch(/^### ❌ cp-conformance: \d+ passed, 1 failed, 0 warned, \d+ skipped, 0 known, 0 fixed, 0 error$/m);
    expect(markdown).toContain(`- \`${BROKEN}\` (MUST, section`);
    expect(markdown).toMatch(/^ {2}> The default requirement of the control plane is \\`admin\\`/m);
  });

  test('2. `expectations RESULTS.json` prints a file listing the failed rule with its failure message', async () => {
    const out = await runCli(['expectations', firstResults]);
    expect(out.code, out.stderr).toBe(0);
    const file = JSON.parse(out.stdout) as { expectations: Expectation[] };
    const failure = first.results.rules.find((r) => r.id === BROKEN)!;
    expect(file).toEqual({ expectations: [{ rule: BROKEN, reason: failure.reason!.split('\n')[0] }] });
    await writeFile(expectationsPath, out.stdout);
  });

  test('3. with the file the failure is known: exit 0, shown in every report', async ({ skip }) => {
    const stepSummary = path.join(scratch, 'step-summary.md');
    await writeFile(stepSummary, '# an earlier step wrote this\n');
    const run = await runForResults([...SELECTION, '--expect', expectationsPath], { ...targetEnv(faulty), GITHUB_STEP_SUMMARY: stepSummary });
    expect(run.code, run.stderr).toBe(0);
    const rule = run.results.rules.find((r) => r.id === BROKEN)!;
    expect(rule).toMatchObject({ status: 'known', expectation: { reason: expect.any(String) } });
    expect(rule.evidence?.exchange?.curl).toContain('-H "authorization: Bearer $CP_NO_SCOPE_TOKEN"');
    expect(run.results.summary).toMatchObject({ failed: 0, known: 1 });
    expect(run.results.settings.expectations).toBe(expectationsPath);
    expect(run.stdout).toMatch(new RegExp(`KNOWN ${BROKEN.replace(/\./g, '\\.')} `));
    // GitHub Actions' summary file is appended to, never overwritten.
    const summary = await readFile(stepSummary, 'utf8');
    expect(summary.startsWith('# an earlier step wrote this\n### ✅ cp-conformance:')).toBe(true);
    expect(summary).toContain(`#### Known failures (listed in the expectations file: they do not fail the run) (1)`);
    const html = await readFile(path.join(run.reportDir, 'report.html'), 'utf8');
    expect(html).toContain(`data-rule-id="${BROKEN}" data-status="known"`);
    const xml = await readFile(path.join(run.reportDir, 'junit.xml'), 'utf8');
    expect(xml).toMatch(new RegExp(`<testcase name="${BROKEN.replace(/\./g, '\\.')} [^>]*>\\s*<skipped type="known failure"`));
    if (!validator) return skip('no XML Schema validator');
    await expectValid(validator, xml);
  });

  test('4. once the rule passes it is fixed: exit 0, and 1 with --strict (CP_EXPECT names the file)', async ({ skip }) => {
    const env = { ...targetEnv(clean), CP_EXPECT: expectationsPath };
    const [lenient, strict] = await Promise.all([runForResults(SELECTION, env), runForResults([...SELECTION, '--strict'], env)]);
    expect(lenient.code, lenient.stderr).toBe(0);
    expect(lenient.results.rules.find((r) => r.id === BROKEN)).toMatchObject({ status: 'fixed', expectation: { reason: expect.any(String) } });
    expect(lenient.stdout).toContain('Fixed: listed in the expectations file, but they passed');
    expect(strict.code, strict.stderr).toBe(1);
    expect(strict.results.summary).toMatchObject({ failed: 0, fixed: 1 });
    const xml = await readFile(path.join(lenient.reportDir, 'junit.xml'), 'utf8');
    expect(xml).toMatch(new RegExp(`<testcase name="${BROKEN.replace(/\./g, '\\.')} [^>]*>\\s*<system-out>FIXED`));
    if (!validator) return skip('no XML Schema validator');
    await expectValid(validator, xml);
  });

  test('5. --rerun-failed runs only the rule that broke, with the earlier seed, against the target given now', async () => {
    const [again, confirmed] = await Promise.all([
      runForResults(['--rerun-failed', firstResults], targetEnv(faulty)),
      runForResults(['--rerun-failed', firstResults], targetEnv(clean)),
    ]);
    for (const run of [again, confirmed]) {
      expect(run.results.rules.map((r) => r.id)).toEqual([BROKEN]);
      expect(run.results.seed).toBe(first.results.seed);
      expect(run.results.settings.runs).toBe(5);
    }
    expect(again.code, again.stderr).toBe(1);
    // The same seed and cases replay the same shrunk counterexample.
    const earlier = first.results.rules.find((r) => r.id === BROKEN)!;
    expect(again.results.rules[0]!.evidence?.counterexample).toBe(earlier.evidence?.counterexample);
    expect(confirmed.code, confirmed.stderr).toBe(0);
    expect(confirmed.results.rules[0]!.status).toBe('passed');
  });

  test('6. --rerun-failed after a run where nothing broke: nothing to run, exit 0', async () => {
    const passing = await runForResults(['--only', 'auth.missing-credentials', '--runs', '2'], targetEnv(clean));
    expect(passing.code, passing.stderr).toBe(0);
    const out = await runCli(['run', '--rerun-failed', path.join(passing.reportDir, 'results.json')], targetEnv(clean));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/nothing to rerun from .*results\.json: no rule failed or warned in it/);
  });
});

describe('a curl line of the evidence runs as pasted', () => {
  const curl = spawnSync('curl', ['--version']).status === 0;
  test.skipIf(!curl)('the credential is named by its environment variable; with it set, the line gets the answer the evidence shows', async () => {
    const faulty = await startReference({ fault: FAULT });
    try {
      const env = targetEnv(faulty);
      const run = await runForResults(['--only', BROKEN, '--runs', '3'], env);
      const exchange = run.results.rules[0]!.evidence!.exchange!;
      expect(exchange.curl).toMatch(/-H "authorization: Bearer \$CP_NO_SCOPE_TOKEN"/);
      // Not spawnSync: the reference answers from this very process.
      const pasted = await promisify(execFile)('bash', ['-c', exchange.curl], { env: { PATH: process.env.PATH ?? '', ...env } });
      expect(pasted.stdout).toMatch(new RegExp(`^HTTP/1\\.1 ${exchange.response!.status} `));
    } finally {
      await faulty.close();
    }
  });
});
