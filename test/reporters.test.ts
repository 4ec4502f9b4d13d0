// The reports are what users and CI read: they must parse, count right, show
// the evidence, survive hostile text, and never carry a credential.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, test } from 'vitest';
import { createConsoleProgress } from '../reporters/console.ts';
import { htmlReport } from '../reporters/html.ts';
import { resultsJson } from '../reporters/json.ts';
import { junitXml } from '../reporters/junit.ts';
import { markdownSummary } from '../reporters/markdown.ts';
import { writeReports } from '../reporters/write.ts';
import schema from '../results/results.schema.json' with { type: 'json' };
import expectationsSchema from '../results/expectations.schema.json' with { type: 'json' };
import { expectationsFile } from '../reporters/expectations.ts';

import { BASE_URL, HOSTILE, redactor, result, SECRETS } from './support/sample-run.ts';

const { rules } = result;

function consoleOutput(color: boolean): { written: string; summary: string } {
  let written = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const progress = createConsoleProgress(out, { total: rules.length, color, redactor });
  for (const finished of rules) progress.ruleFinished(finished);
  const summary = progress.summary(result, { junit: 'out/junit.xml', html: 'out/report.html', json: 'out/results.json' });
  return { written, summary };
}

describe('junit.xml', () => {
  const xml = junitXml(result, redactor);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  }).parse(xml);
  const suites: any[] = parsed.testsuites.testsuite;
  const testcases: any[] = suites.flatMap((suite) => suite.testcase);

  test('is well-formed XML without the characters XML 1.0 forbids', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain('\\u0001');
  });

  test('counts every rule once, by status, on the run and on each suite', () => {
    expect(parsed.testsuites).toMatchObject({ name: 'cp-conformance', tests: '7', failures: '1', errors: '0' });
    // Jenkins' JUnit schema allows `skipped` only on each testsuite.
    expect(parsed.testsuites).not.toHaveProperty('skipped');
    expect(suites.map((suite) => suite.name)).toEqual(['auth', 'functions', 'sandbox-address', 'metrics']);
    const functions = suites.find((suite) => suite.name === 'functions');
    // The known failure counts as skipped: CI shows it and the job does not fail.
    expect(functions).toMatchObject({ tests: '3', failures: '1', skipped: '1', time: '3.702' });
    expect(testcases).toHaveLength(rules.length);
  });

  test('names each testcase after its rule id, with the suite as classname', () => {
    for (const [i, testcase] of testcases.entries()) {
      const expected = [rules[0], rules[1], rules[4], rules[5], rules[2], rules[3], rules[6]][i]!;
      expect(testcase.name.startsWith(`${expected.id} `)).toBe(true);
      expect(testcase.classname).toBe(expected.suite);
      expect(testcase.time).toBe('1.234');
    }
  });

  test('carries the evidence and the curl line in failures, the reason in skips', () => {
    const failed = testcases.find((testcase) => testcase.name.startsWith('FN-002'));
    expect(failed.failure.type).toBe('MUST violation');
    expect(failed.failure.message).not.toContain('\n');
    const body: string = failed.failure['#text'];
    expect(body).toContain('Reproduce with:');
    expect(body).toContain(`curl -sS -i -X POST '${BASE_URL}/functions?name=a&b=***'`);
    expect(body).toContain('Authorization: Bearer ***');
    expect(body).toContain('<script>alert("pwned")</script> ]]> &');
    expect(body).toContain('Specification, section 4.1: “Creates or updates a file <script>');
    expect(body).toContain('{ seed: -1234567, path: "0:1:2" }');
    expect(body).toContain('HTTP 400');
    expect(body).toContain('[body truncated');
    // A warning shows in CI without failing the job: no <failure>, the evidence in system-out.
    const warned = testcases.find((testcase) => testcase.name.startsWith('SBX-003'));
    expect(warned).not.toHaveProperty('failure');
    expect(warned['system-out']).toMatch(/^WARNING \(SHOULD: fails the run only with --strict\)/);
    expect(warned['system-out']).toContain('Network error (no response): ECONNREFUSED');
    expect(warned['system-out']).toContain('Specification, section 10.2: “Process logs response');
    expect(warned['system-out']).toContain('SHOULD, not MUST: the type is named, the answer to a breach is not');
    const skipped = testcases.find((testcase) => testcase.name.startsWith('MET-004'));
    expect(skipped.skipped.message).toBe(rules[3]!.reason);
    expect(xml).not.toContain('<script>');
  });

  test('shows a known failure as skipped with the reason of the expectations file, a fixed one as passing, both with system-out', () => {
    const known = testcases.find((testcase) => testcase.name.startsWith('FN-006'));
    expect(known).not.toHaveProperty('failure');
    expect(known.skipped).toMatchObject({ type: 'known failure', message: expect.stringMatching(/^known failure: the clamp lands next sprint <script>/) });
    expect(known['system-out']).toMatch(/^KNOWN FAILURE \(listed in the expectations file\): limit=201 must be clamped/);
    expect(known['system-out']).toContain('Expectations file: the clamp lands next sprint');
    expect(known['system-out']).toContain('https://tracker.example.test/issues/42?a=1&b=(2)');
    expect(known['system-out']).toContain(`-H "authorization: Bearer $CP_TOKEN"`);
    expect(known['system-out']).toContain('Runs as pasted where $CP_TOKEN holds its credential.');
    const fixed = testcases.find((testcase) => testcase.name.startsWith('MET-007'));
    expect(fixed).not.toHaveProperty('failure');
    expect(fixed).not.toHaveProperty('skipped');
    expect(fixed['system-out']).toMatch(/^FIXED \(fails the run only with --strict\): listed in the expectations file as a known failure, but it passed/);
  });

  test('records the seed and target in properties', () => {
    const properties = Object.fromEntries(
      suites[0].properties.property.map((property: { name: string; value: string }) => [property.name, property.value]),
    );
    expect(properties).toMatchObject({ seed: '42', 'target.baseUrl': BASE_URL, 'target.embedded': 'false' });
    expect(properties['target.sandboxUrl']).toBe('http://***@127.0.0.1:8081/');
  });
});

describe('report.html', () => {
  const html = htmlReport(result, redactor);

  test('lists every rule with its status, id and level', () => {
    for (const expected of rules) {
      expect(html).toContain(`data-rule-id="${expected.id}" data-status="${expected.status}"`);
    }
    expect(html.match(/data-rule-id=/g)).toHaveLength(rules.length);
    expect(html).toContain('<span class="level should">SHOULD</span>');
  });

  test('groups rules by their first section, in the specification order', () => {
    const order = ['4.1', '4.2', '4.10', '10.2'].map((section) => html.indexOf(`>Section ${section}</h2>`));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const section41 = html.slice(order[0], order[1]);
    expect(section41).toContain('data-rule-id="AUTH-001"');
    expect(section41).toContain('data-rule-id="FN-002"');
  });

  test('fetches nothing: no external scripts, styles, fonts or images; URLs are the target only', () => {
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link|<img|<iframe|@import|url\(/i);
    const urls = html.match(/https?:\/\/[^\s"'<&]*/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    // The one other URL is the link the expectations file gives: a link to follow, never fetched.
    for (const url of urls) expect(url).toMatch(/^http:\/\/(\*\*\*@)?127\.0\.0\.1:808[01]\/|^https:\/\/tracker\.example\.test\//);
    expect(html.match(/<a href="[^"]*"/g)).toEqual(['<a href="https://tracker.example.test/issues/42?a=1&#38;b=(2)"']);
    expect(html).toContain("default-src 'none'");
  });

  test('allows exactly its own inline filter script', () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]![1]!).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    for (const filter of ['all', 'failed', 'fixed', 'warned', 'known', 'skipped', 'passed']) expect(html).toContain(`data-filter="${filter}"`);
  });

  test('escapes hostile text', () => {
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(']]>');
    expect(html).not.toContain('\u0001');
    expect(html).toContain('&#60;script&#62;alert(&#34;pwned&#34;)&#60;/script&#62; ]]&#62; &#38; &#39;single&#39;');
    expect(html).toContain('\\u0001');
  });

  test('shows totals, the failure evidence and the skip reason', () => {
    const totals = /<section id="totals"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(totals).toContain('2 passed');
    expect(totals).toContain('1 failed');
    expect(totals).toContain('1 warned');
    expect(totals).toContain('1 skipped');
    expect(totals).toContain('1 known');
    expect(totals).toContain('1 fixed');
    expect(html.match(/<details open>/g)).toHaveLength(4);
    expect(html).toContain('<summary>Why it warned (a SHOULD rule: it fails the run only with --strict)</summary>');
    expect(html).toMatch(/<blockquote class="quote"><p>Creates or updates a file &#60;script&#62;/);
    expect(html).toContain('data-filter="warned"');
    expect(html).toContain('<pre class="curl">curl -sS -i -X POST');
    expect(html).toContain('HTTP 400');
    expect(html).toContain('ECONNREFUSED');
    expect(html).toContain('Skipped: no --account-id given');
    expect(html).toContain('--seed 42');
  });

  test('shows a known and a fixed rule with what the expectations file says, a link only when it is http(s)', () => {
    expect(html).toContain('<summary>Known failure (listed in the expectations file: it does not fail the run)</summary>');
    expect(html).toContain('<summary>Fixed: the expectations file lists it, but it passed');
    expect(html).toContain('<p class="expectation">Expectations file: the clamp lands next sprint &#60;script&#62;');
    expect(html).toContain('<code>javascript:alert(1)</code>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<pre class="curl">curl -sS -i -X GET &#39;http://127.0.0.1:8080/v0/functions?limit=201&#39; -H &#34;authorization: Bearer $CP_TOKEN&#34;');
  });

  test('shows only the four usual outcomes in a run without expectations', () => {
    const plain = { ...result, settings: { ...result.settings, expectations: undefined }, rules: rules.filter((r) => r.status !== 'known' && r.status !== 'fixed') };
    const page = htmlReport(plain, redactor);
    for (const filter of ['failed', 'warned', 'skipped', 'passed']) expect(page).toContain(`data-filter="${filter}"`);
    for (const filter of ['known', 'fixed']) expect(page).not.toContain(`data-filter="${filter}"`);
  });

  test('opens on the whole list when nothing needs attention (no failure, warning or fixed known failure)', () => {
    const clean = { ...result, rules: rules.filter((r) => !['failed', 'warned', 'fixed'].includes(r.status)) };
    const page = htmlReport(clean, redactor);
    expect(page).toContain('data-opening="all"');
    expect(page).not.toContain('data-filter="attention"');
    expect(htmlReport(result, redactor)).toContain('data-opening="attention"');
  });
});

describe('results.json', () => {
  const json = resultsJson(result, redactor);
  const document = JSON.parse(json);

  test('validates against results/results.schema.json', () => {
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate.errors ?? []).toEqual([]);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  test('holds the contract keys, counted from the rules', () => {
    expect(document.seed).toBe(42);
    expect(document.target.baseUrl).toBe(BASE_URL);
    expect(document.summary).toEqual({ passed: 2, failed: 1, warned: 1, skipped: 1, known: 1, fixed: 1 });
    expect(document.settings).toEqual({ runs: 25, profile: { source: 'spec', settings: {} }, expectations: expect.stringMatching(/^expect /) });
    expect(document.rules[5]).toMatchObject({ id: 'FN-006', status: 'known', expectation: { reason: expect.stringMatching(/^the clamp/), link: expect.any(String) } });
    expect(document.rules[6]).toMatchObject({ id: 'MET-007', status: 'fixed', expectation: { link: 'javascript:alert(1)' } });
    expect(document.rules.map((entry: { id: string }) => entry.id)).toEqual(rules.map((expected) => expected.id));
    expect(document.rules[1]).toMatchObject({ id: 'FN-002', level: 'MUST', section: '4.1', status: 'failed' });
    expect(document.rules[2]).toMatchObject({ id: 'SBX-003', level: 'SHOULD', status: 'warned', why: 'the type is named, the answer to a breach is not' });
    expect(document.rules[2].quote).toContain('Process logs response');
    expect(document.rules[1].evidence.exchange.request.headers.Authorization).toBe('Bearer ***');
    expect(document.rules[3].reason).toBe(rules[3]!.reason);
    expect(document.rules[0]).not.toHaveProperty('evidence');
  });

  test('the schema rejects a rule without a valid status', () => {
    const validate = new Ajv2020({ strict: true }).compile(schema);
    const broken = structuredClone(document);
    broken.rules[0].status = 'error';
    expect(validate(broken)).toBe(false);
    const unexplained = structuredClone(document);
    delete unexplained.rules[5].expectation;
    expect(validate(unexplained)).toBe(false);
  });
});

describe('the expectations file of a run', () => {
  test('lists every rule that broke: a new failure or warning with its message, a known one with what the team wrote; a fixed one is dropped', () => {
    const file = JSON.parse(expectationsFile(result));
    expect(file).toEqual({
      expectations: [
        // One line, a control character made visible: a person edits this file.
        { rule: 'FN-002', reason: `expected 201, got 400 ${HOSTILE.replace('\u0001', '\\u0001')}` },
        { rule: 'SBX-003', reason: 'no answer from the sandbox address' },
        { rule: 'FN-006', reason: rules[5]!.expectation!.reason, link: rules[5]!.expectation!.link },
      ],
    });
    const validate = new Ajv2020({ strict: true }).compile(expectationsSchema);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('the Markdown summary', () => {
  const markdown = markdownSummary(result, redactor);

  test('opens with the verdict and the totals, then lists each failed, fixed and warned rule with its quote and why', () => {
    expect(markdown.split('\n')[0]).toBe('### ❌ cp-conformance: 2 passed, 1 failed, 1 warned, 1 skipped, 1 known, 1 fixed');
    const sections = [...markdown.matchAll(/^#### (.*)$/gm)].map((match) => match[1]);
    expect(sections).toEqual([
      'Failed rules (1)',
      'Fixed: listed in the expectations file, but they passed (remove them from it; with --strict they fail the run) (1)',
      'Warnings (SHOULD rules: they fail the run only with --strict) (1)',
      'Known failures (listed in the expectations file: they do not fail the run) (1)',
    ]);
    expect(markdown).toMatch(/^- `FN-002` \(MUST, section 4\.1\): expected 201, got 400 \\<script\\>/m);
    expect(markdown).toMatch(/^ {2}> Creates or updates a file \\<script\\>alert\("pwned"\)\\<\/script\\>/m);
    expect(markdown).toMatch(/^- `SBX-003` \(SHOULD, section 10\.2\): no answer from the sandbox address$/m);
    expect(markdown).toMatch(/^- `MET-007` \(MUST, section 4\.10\): javascript: link/m);
    expect(markdown).toContain('- `FN-006`: the clamp lands next sprint \\<script\\>');
    expect(markdown).toContain('([link](https://tracker.example.test/issues/42?a=1&b=%282%29))');
    // Passed and skipped rules are only counted.
    expect(markdown).not.toContain('AUTH-001');
    expect(markdown).not.toContain('MET-004');
  });

  test('leaves no raw HTML outside code spans and no control character: the target\'s words stay words', () => {
    expect(markdown.replace(/`[^`\n]*`/g, '')).not.toMatch(/(?<!\\)<\/?script/);
    expect(markdown).not.toContain('\u0001');
  });
});

describe('console progress', () => {
  test('prints one line per rule and closes with the tally line', () => {
    const { written, summary } = consoleOutput(false);
    const lines = written.split('\n');
    expect(lines[0]).toMatch(/^\[1\/7\] PASS AUTH-001 rejects a missing credential with 401 \(1\.2 s\)$/);
    expect(written).toContain('[2/7] FAIL FN-002');
    expect(written).toContain('[3/7] WARN SBX-003');
    expect(summary).toContain('Warnings (SHOULD rules: they fail the run only with --strict) (1):');
    expect(written).toContain('[4/7] SKIP MET-004');
    expect(written).toMatch(/\[6\/7\] KNOWN FN-006 .*\n {7}Expectations file: the clamp lands next sprint/);
    expect(written).toMatch(/\[7\/7\] FIXED MET-007 .*\n {7}listed in the expectations file as a known failure, but it passed/);
    expect(summary).toContain('Fixed: listed in the expectations file, but they passed (remove them from it; with --strict they fail the run) (1):');
    expect(summary).toContain('Known failures (listed in the expectations file: they do not fail the run) (1):');
    expect(summary.indexOf('Failed rules')).toBeLessThan(summary.indexOf('Fixed:'));
    expect(summary).toContain('Expectations: expect');
    expect(written).toContain('no --account-id given');
    expect(written.endsWith(summary)).toBe(true);
    const summaryLines = summary.trimEnd().split('\n');
    expect(summaryLines.at(-1)).toBe('2 passed, 1 failed, 1 warned, 1 skipped, 1 known, 1 fixed');
    expect(summary).toContain('Reproduce with:');
    expect(summary).toContain(`curl -sS -i -X POST '${BASE_URL}/functions`);
    expect(summary).toContain('--seed 42');
    expect(summary).toContain('out/report.html');
    expect(written).not.toContain('\u0001');
  });

  test('keeps the last line plain when coloured', () => {
    const { written, summary } = consoleOutput(true);
    expect(written).toContain('\u001B[31mFAIL\u001B[0m');
    expect(summary.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed, 1 warned, 1 skipped, 1 known, 1 fixed');
  });
});

describe('every report', () => {
  test('holds no credential', () => {
    const reports = {
      junit: junitXml(result, redactor),
      html: htmlReport(result, redactor),
      json: resultsJson(result, redactor),
      console: consoleOutput(false).written,
      markdown: markdownSummary(result, redactor),
    };
    for (const [name, report] of Object.entries(reports)) {
      for (const secret of SECRETS) expect(report.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
  });

  describe('writeReports', () => {
    let dir = '';
    afterAll(() => rm(dir, { recursive: true, force: true }));

    test('writes the three files under their contract names', async () => {
      dir = await mkdtemp(join(tmpdir(), 'cp-reports-'));
      const paths = await writeReports(result, join(dir, 'nested', 'report'), redactor);
      expect(paths.junit.endsWith('junit.xml')).toBe(true);
      expect(paths.html.endsWith('report.html')).toBe(true);
      expect(paths.json.endsWith('results.json')).toBe(true);
      expect(await readFile(paths.junit, 'utf8')).toBe(junitXml(result, redactor));
      expect(await readFile(paths.html, 'utf8')).toBe(htmlReport(result, redactor));
      expect(await readFile(paths.json, 'utf8')).toBe(resultsJson(result, redactor));
    });
  });
});
