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
import { writeReports } from '../reporters/write.ts';
import schema from '../results/results.schema.json' with { type: 'json' };

import { BASE_URL, redactor, result, SECRETS } from './support/sample-run.ts';

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
    expect(parsed.testsuites).toMatchObject({ name: 'cp-conformance', tests: '5', failures: '1', errors: '0' });
    // Jenkins' JUnit schema allows `skipped` only on each testsuite.
    expect(parsed.testsuites).not.toHaveProperty('skipped');
    expect(suites.map((suite) => suite.name)).toEqual(['auth', 'functions', 'sandbox-address', 'metrics']);
    const functions = suites.find((suite) => suite.name === 'functions');
    expect(functions).toMatchObject({ tests: '2', failures: '1', skipped: '0', time: '2.468' });
    expect(testcases).toHaveLength(rules.length);
  });

  test('names each testcase after its rule id, with the suite as classname', () => {
    for (const [i, testcase] of testcases.entries()) {
      const expected = [rules[0], rules[1], rules[4], rules[2], rules[3]][i]!;
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
    for (const url of urls) expect(url).toMatch(/^http:\/\/(\*\*\*@)?127\.0\.0\.1:808[01]\//);
    expect(html).toContain("default-src 'none'");
  });

  test('allows exactly its own inline filter script', () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]![1]!).digest('base64');
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    for (const filter of ['all', 'failed', 'warned', 'skipped', 'passed']) expect(html).toContain(`data-filter="${filter}"`);
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
    expect(html.match(/<details open>/g)).toHaveLength(2);
    expect(html).toContain('<summary>Why it warned (a SHOULD rule: it fails the run only with --strict)</summary>');
    expect(html).toMatch(/<blockquote class="quote"><p>Creates or updates a file &#60;script&#62;/);
    expect(html).toContain('data-filter="warned"');
    expect(html).toContain('<pre class="curl">curl -sS -i -X POST');
    expect(html).toContain('HTTP 400');
    expect(html).toContain('ECONNREFUSED');
    expect(html).toContain('Skipped: no --account-id given');
    expect(html).toContain('--seed 42');
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
    expect(document.summary).toEqual({ passed: 2, failed: 1, warned: 1, skipped: 1 });
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
  });
});

describe('console progress', () => {
  test('prints one line per rule and closes with the tally line', () => {
    const { written, summary } = consoleOutput(false);
    const lines = written.split('\n');
    expect(lines[0]).toMatch(/^\[1\/5\] PASS AUTH-001 rejects a missing credential with 401 \(1\.2 s\)$/);
    expect(written).toContain('[2/5] FAIL FN-002');
    expect(written).toContain('[3/5] WARN SBX-003');
    expect(summary).toContain('Warnings (SHOULD rules: they fail the run only with --strict) (1):');
    expect(written).toContain('[4/5] SKIP MET-004');
    expect(written).toContain('no --account-id given');
    expect(written.endsWith(summary)).toBe(true);
    const summaryLines = summary.trimEnd().split('\n');
    expect(summaryLines.at(-1)).toBe('2 passed, 1 failed, 1 warned, 1 skipped');
    expect(summary).toContain('Reproduce with:');
    expect(summary).toContain(`curl -sS -i -X POST '${BASE_URL}/functions`);
    expect(summary).toContain('--seed 42');
    expect(summary).toContain('out/report.html');
    expect(written).not.toContain('\u0001');
  });

  test('keeps the last line plain when coloured', () => {
    const { written, summary } = consoleOutput(true);
    expect(written).toContain('\u001B[31mFAIL\u001B[0m');
    expect(summary.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed, 1 warned, 1 skipped');
  });
});

describe('every report', () => {
  test('holds no credential', () => {
    const reports = {
      junit: junitXml(result, redactor),
      html: htmlReport(result, redactor),
      json: resultsJson(result, redactor),
      console: consoleOutput(false).written,
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
