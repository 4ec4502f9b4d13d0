// junit.xml must load in the JUnit consumers of common CI systems (CONTRACT
// section 1). Jenkins' xUnit plugin refuses a report that does not validate
// against its schema, the strictest of them, so every report is checked against
// that schema: real runs' reports and the hand-made run with every status.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { junitXml } from '../reporters/junit.ts';
import { runForResults } from './support/cli.ts';
import { expectValid, findJunitValidator, VALIDATOR_MISSING } from './support/junit-schema.ts';
import { runWithEveryStatus, runWithWarning } from './support/report-runs.ts';
import { redactor, result } from './support/sample-run.ts';

const validator = await findJunitValidator();
// The default reporter does not print skip notes: say it where CI logs show it.
if (!validator) console.warn(`Skipping the JUnit schema checks: ${VALIDATOR_MISSING}`);

describe('junit.xml validates against the JUnit schema (test/fixtures/junit-10.xsd)', () => {
  test('the schema refuses what Jenkins refuses', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    // Proves the validator validates: a testcase without a name, and a skip count
    // on <testsuites>, which only <testsuite> may carry.
    const nameless = await validator('<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase/></testsuite></testsuites>');
    expect(nameless.valid).toBe(false);
    expect(nameless.errors.join('\n')).toMatch(/attribute 'name' is required/);
    const skippedOnRoot = await validator('<testsuites skipped="1"/>');
    expect(skippedOnRoot.valid).toBe(false);
    expect(skippedOnRoot.errors.join('\n')).toMatch(/attribute 'skipped' is not allowed/);
  });

  test('the hand-made run: all seven outcomes, a response and a network error, setup lines, hostile text', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    const xml = junitXml(result, redactor);
    expect(xml).toContain('<skipped');
    expect(xml).toContain('<failure');
    // A check the suite could not make: JUnit's own <error>, counted in `errors`.
    expect(xml).toMatch(/<error message="the control endpoint failed[^"]*" type="suite error">/);
    expect(xml).toMatch(/<testsuites [^>]*errors="1"/);
    await expectValid(validator, xml);
  });

  test('text that looks like an entity (a fixture named "N%&V;") is escaped, not referred to', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    const entityLike = 'got "N%&V;" &amp; &#12; where a&b';
    const rules = result.rules.map((rule) => (rule.status === 'failed' ? { ...rule, reason: entityLike, evidence: { ...rule.evidence!, message: entityLike } } : rule));
    const xml = junitXml({ ...result, rules }, redactor);
    expect(xml).toContain('got "N%&amp;V;" &amp;amp; &amp;#12; where a&amp;b');
    await expectValid(validator, xml);
  });

  test.concurrent('a run against the embedded reference, every rule passing', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    const run = await runForResults(['--only', 'auth.']);
    expect(run.code, run.stderr).toBe(0);
    const xml = await readFile(path.join(run.reportDir, 'junit.xml'), 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(run.results.rules.length);
    await expectValid(validator, xml);
  });

  test.concurrent('a run against a reference with a fault: failures with evidence, and a skip', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    const run = await runWithEveryStatus();
    expect(run.code, run.stderr).toBe(1);
    expect(run.results.summary).toMatchObject({ failed: 1, skipped: 2 });
    const xml = await readFile(path.join(run.reportDir, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<failure [^>]*type="MUST violation"[^>]*>[^<]*Reproduce with:/);
    expect(xml).toContain('<skipped message=');
    await expectValid(validator, xml);
  });

  test.concurrent('a run with a broken SHOULD rule: the warning shows, no failure, exit 0 (1 with --strict)', async ({ skip }) => {
    if (!validator) return skip(VALIDATOR_MISSING);
    const run = await runWithWarning();
    expect(run.code, run.stderr).toBe(0);
    expect(run.results.summary).toMatchObject({ failed: 0, warned: 1 });
    const xml = await readFile(path.join(run.reportDir, 'junit.xml'), 'utf8');
    expect(xml).not.toContain('<failure');
    expect(xml).toMatch(/<testcase name="functions\.sort\.unknown-rejected [^>]*>\s*<system-out>WARNING \(SHOULD/);
    await expectValid(validator, xml);
    const strict = await runWithWarning(['--strict']);
    expect(strict.code, strict.stderr).toBe(1);
  });
});
