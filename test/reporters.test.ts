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
import { SETUP_NOTE } from '../reporters/evidence-text.ts';
import { prettyJson } from '../reporters/pretty-json.ts';
import type { RuleResult, RunResult } from '../results/model.ts';

import { BASE_URL, CONTROL_ANSWER, HOSTILE, redactor, result, SECRETS, SETUP, UNLISTED_TOKEN } from './support/sample-run.ts';

const { rules } = result;
const errorRule = rules.find((rule) => rule.status === 'error')!;
const TALLY = '2 passed, 1 failed, 1 warned, 1 skipped, 1 known, 1 fixed, 1 error';
const CUT_NOTE = '… [cut at 2,000 characters: the full text is in report.html and results.json]';

/** The text as report.html writes it: the five characters HTML gives meaning to as references. */
const escaped = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The sample run with the failure's answer 50,000 characters of JSON (trailing spaces count), which its message, reason and counterexample quote. */
function runWithLargeAnswer(): RunResult {
  const items = Array.from({ length: 1300 }, (_, i) => ({ name: `function-${String(i).padStart(5, '0')}`, size: i }));
  const answer = JSON.stringify({ data: items }).padEnd(50_000, ' ');
  const failure = rules[1]!;
  const exchange = failure.evidence!.exchange!;
  const large: RuleResult = {
    ...failure,
    reason: `expected 201, got ${answer}`,
    evidence: {
      ...failure.evidence!,
      message: `expected 201, got ${answer}`,
      counterexample: answer,
      exchange: { ...exchange, response: { status: 400, headers: {}, body: answer } },
    },
  };
  return { ...result, rules: rules.map((rule) => (rule === failure ? large : rule)) };
}

function consoleOutput(color: boolean, run: RunResult = result): { written: string; summary: string } {
  let written = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const progress = createConsoleProgress(out, { total: run.rules.length, color, redactor });
  for (const finished of run.rules) progress.ruleFinished(finished);
  const summary = progress.summary(run, { junit: 'out/junit.xml', html: 'out/report.html', json: 'out/results.json' });
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
    // The error counts apart from the failures: no verdict on the target.
    expect(parsed.testsuites).toMatchObject({ name: 'cp-conformance', tests: '8', failures: '1', errors: '1' });
    // Jenkins' JUnit schema allows `skipped` only on each testsuite.
    expect(parsed.testsuites).not.toHaveProperty('skipped');
    expect(suites.map((suite) => suite.name)).toEqual(['auth', 'functions', 'sandbox-address', 'metrics']);
    const functions = suites.find((suite) => suite.name === 'functions');
    // The known failure counts as skipped: CI shows it and the job does not fail.
    expect(functions).toMatchObject({ tests: '4', failures: '1', errors: '1', skipped: '1', time: '4.936' });
    expect(suites.find((suite) => suite.name === 'auth')).toMatchObject({ failures: '0', errors: '0' });
    expect(testcases).toHaveLength(rules.length);
  });

  test('names each testcase after its rule id, with the suite as classname', () => {
    for (const [i, testcase] of testcases.entries()) {
      const expected = [rules[0], rules[1], rules[4], rules[5], rules[7], rules[2], rules[3], rules[6]][i]!;
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

  test('reports a check the suite could not make as an <error> with its reason and the full evidence, never a <failure>', () => {
    const error = testcases.find((testcase) => testcase.name.startsWith('FN-008'));
    expect(error).not.toHaveProperty('failure');
    expect(error.error).toMatchObject({ type: 'suite error', message: errorRule.reason });
    const body: string = error.error['#text'];
    expect(body).toMatch(/^the control endpoint failed to set the state "usage" \(it answered 503\): no verdict on the rule\n/);
    expect(body).toContain('Specification, section 4.2: “usage per function”');
    expect(body).toContain('Data: fixtures set through provider states');
    expect(body).toContain('--- Response ---\nHTTP 503');
    expect(body).toContain(CONTROL_ANSWER);
    expect(body).toContain(`Reproduce with:\ncurl -sS -i -X POST 'http://127.0.0.1:8080/__test/states' -H 'accept: application/json' -H "authorization: Bearer $CP_TOKEN"`);
  });

  test('puts the setup lines, each under its provider state, before the request\'s own curl line', () => {
    const body: string = testcases.find((testcase) => testcase.name.startsWith('FN-002')).failure['#text'];
    const reproduce = body.slice(body.indexOf('Reproduce with:\n'));
    const request = `curl -sS -i -X POST '${BASE_URL}/functions?name=a&b=***'`;
    expect(reproduce.startsWith(['Reproduce with:', SETUP_NOTE, '# Setup 1 of 2: provider state "functions"', SETUP[0]!.curl, '# Setup 2 of 2: provider state "clock"', SETUP[1]!.curl, "# The request's own line", request].join('\n'))).toBe(true);
    // The setup lines name the admin credential's variable: the note says to set it.
    expect(reproduce).toContain('Runs as pasted where $CP_TOKEN holds its credential.');
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
    for (const filter of ['all', 'failed', 'error', 'fixed', 'warned', 'known', 'skipped', 'passed']) expect(html).toContain(`data-filter="${filter}"`);
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
    expect(totals).toContain('1 error');
    expect(totals).toContain('<span class="error" style="width:12.50%"></span>');
    expect(html.match(/<details open>/g)).toHaveLength(5);
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

  test('shows only the four usual outcomes in a run without expectations and errors', () => {
    const plain = { ...result, settings: { ...result.settings, expectations: undefined }, rules: rules.filter((r) => !['known', 'fixed', 'error'].includes(r.status)) };
    const page = htmlReport(plain, redactor);
    for (const filter of ['failed', 'warned', 'skipped', 'passed']) expect(page).toContain(`data-filter="${filter}"`);
    for (const filter of ['known', 'fixed', 'error']) expect(page).not.toContain(`data-filter="${filter}"`);
    expect(page).not.toContain('data-count="error"');
  });

  test('opens on the whole list when nothing needs attention (no failure, error, warning or fixed known failure)', () => {
    const clean = { ...result, rules: rules.filter((r) => !['failed', 'error', 'warned', 'fixed'].includes(r.status)) };
    const page = htmlReport(clean, redactor);
    expect(page).toContain('data-opening="all"');
    expect(page).not.toContain('data-filter="attention"');
    expect(htmlReport(result, redactor)).toContain('data-opening="attention"');
    // An error alone needs attention too: the run did not show what it was asked to.
    const erred = htmlReport({ ...clean, rules: [...clean.rules, errorRule] }, redactor);
    expect(erred).toContain('data-opening="attention"');
    expect(erred).toContain('data-attention="failed error warned fixed"');
    expect(erred).toContain('>Needs attention (1)</button>');
  });

  test('shows an error with its own badge and the evidence under a summary that says it is no verdict on the target', () => {
    const item = /<li class="rule" id="rule-FN-008"[\s\S]*?<\/li>/.exec(html)?.[0] ?? '';
    expect(item).toContain('data-status="error"');
    expect(item).toContain('<span class="status error">ERROR</span>');
    expect(item).toContain('<summary>Why the suite could not make the check (no verdict on the target)</summary>');
    expect(item).toContain(`<p class="message">${escaped(errorRule.evidence!.message)}</p>`);
    expect(item).toContain('<h4>Response</h4>');
    expect(item).toContain('HTTP 503');
    expect(item).toContain('<pre class="curl">curl -sS -i -X POST &#39;http://127.0.0.1:8080/__test/states&#39;');
    expect(html).toContain('>Error (1)</button>');
  });

  test('marks a statement whose worst rule is in error ERROR', () => {
    const statement = { id: 'usage.per-function', section: '4.2', heading: 'Functions', words: 'usage per function', rules: ['FN-008'], status: 'error' as const };
    const page = htmlReport({ ...result, statements: [statement] }, redactor);
    expect(page).toContain('<li class="statement" id="statement-usage.per-function" data-statement-status="error">\n<span class="status error">ERROR</span>');
    expect(page).toContain('<a href="#rule-FN-008"><code>FN-008</code></a> ERROR');
    expect(page).toContain('<strong>1 statements:</strong> 1 error');
  });

  test('lists a statement\'s clauses: a checked one with its fault and its rule\'s outcome, one not yet checked with what it needs', () => {
    const statement = {
      id: 'usage.per-function',
      section: '4.2',
      heading: 'Functions',
      words: 'usage per function',
      rules: ['FN-008'],
      status: 'error' as const,
      coverage: 'partly-checked' as const,
      clauses: [
        { id: 'usage.per-function:first', covers: 'the first page', kind: 'checked' as const, proofs: [{ fault: 'fn-first-page', rule: 'FN-008', status: 'error' as const }], status: 'error' as const },
        { id: 'usage.per-function:later', covers: 'the <later> pages', kind: 'not-yet' as const, proofs: [], status: 'not-yet' as const, reason: 'a fault on later pages' },
      ],
    };
    const page = htmlReport({ ...result, statements: [statement] }, redactor);
    expect(page).toContain('<details class="clauses"><summary>1 of 2 clauses checked (partly checked)</summary>');
    expect(page).toContain('<li class="clause" data-clause-kind="checked"><span class="status error">ERROR</span>the first page (fault <code>fn-first-page</code>, caught by <a href="#rule-FN-008"><code>FN-008</code></a> ERROR)</li>');
    expect(page).toContain('<li class="clause" data-clause-kind="not-yet"><span class="status not-yet">NOT YET CHECKED</span>the &#60;later&#62; pages <span class="reason">Needs: a fault on later pages</span></li>');
  });

  test('lays out a JSON body with a two-space indent, keeping what the target sent; a cut body or one that is not JSON as it is', () => {
    // FN-002: the request body is JSON; the response body is cut, so shown as it came.
    const request = JSON.parse(redactor.text(rules[1]!.evidence!.exchange!.request.body!));
    expect(html).toContain(`<pre>${escaped(JSON.stringify(request, null, 2)).replace('\u0001', '\\u0001')}</pre>`);
    const response = redactor.text(rules[1]!.evidence!.exchange!.response!.body);
    expect(html).toContain(`<pre>${escaped(response).replace('\u0001', '\\u0001')}</pre>\n<p class="note">[body truncated at the evidence size cap]</p>`);
    expect(html).toContain('<pre>{\n  &#34;data&#34;: []\n}</pre>');
    // Re-indented, not parsed and printed again: large numbers, `1.0` and repeated keys stay.
    expect(prettyJson('{"id":12345678901234567890,"n":1.0,"n":[],"e":{}}')).toBe('{\n  "id": 12345678901234567890,\n  "n": 1.0,\n  "n": [],\n  "e": {}\n}');
    expect(prettyJson(JSON.stringify(JSON.parse(CONTROL_ANSWER), null, 4))).toBe(JSON.stringify(JSON.parse(CONTROL_ANSWER), null, 2));
    expect(prettyJson('{"a":1,}')).toBe('{"a":1,}');
    expect(prettyJson('plain text')).toBe('plain text');
  });

  test('folds a block longer than a screenful, closed, under how many lines and characters it holds', () => {
    const pretty = JSON.stringify(JSON.parse(CONTROL_ANSWER), null, 2);
    const lines = pretty.split('\n').length;
    expect(lines).toBeGreaterThan(40);
    expect(html).toContain(`<details class="fold"><summary>Folded: ${lines} lines, ${pretty.length.toLocaleString('en-US')} characters</summary>\n<pre>${escaped(pretty)}</pre>\n</details>`);
    // One line of over 4,000 characters: the fixture set's setup line.
    const setup = SETUP[0]!.curl;
    expect(setup.length).toBeGreaterThan(4000);
    expect(html).toContain(`<details class="fold"><summary>Folded: 1 line, ${setup.length.toLocaleString('en-US')} characters</summary>\n<pre class="setup">${escaped(setup)}</pre>`);
    // The 50,000 characters of an answer: laid out, then folded.
    const answer = runWithLargeAnswer().rules[1]!.evidence!.exchange!.response!.body;
    const laidOut = JSON.stringify(JSON.parse(answer), null, 2);
    const large = htmlReport(runWithLargeAnswer(), redactor);
    const summary = `<details class="fold"><summary>Folded: ${laidOut.split('\n').length.toLocaleString('en-US')} lines, ${laidOut.length.toLocaleString('en-US')} characters</summary>\n<pre>${escaped(laidOut)}</pre>`;
    expect(large.includes(summary), 'the answer laid out and folded').toBe(true);
    // Short blocks stay open.
    expect(html).toContain('<pre class="setup">curl -sS -i -X POST &#39;http://127.0.0.1:8080/__test/states&#39;');
    expect(html.match(/<details class="fold">/g)).toHaveLength(2);
  });

  test('shows the setup lines, each under its provider state, before the request\'s own curl line, and says to run them first', () => {
    const item = /<li class="rule" id="rule-FN-002"[\s\S]*?<\/li>/.exec(html)?.[0] ?? '';
    const reproduce = item.slice(item.indexOf('<h4>Reproduce with</h4>'));
    const order = [
      `<p class="note">${escaped(SETUP_NOTE)}</p>`,
      '<p class="meta">Setup 1 of 2: provider state &#34;functions&#34;</p>',
      `<pre class="setup">${escaped(SETUP[0]!.curl)}</pre>`,
      '<p class="meta">Setup 2 of 2: provider state &#34;clock&#34;</p>',
      `<pre class="setup">${escaped(SETUP[1]!.curl)}</pre>`,
      '<p class="meta">The request&#39;s own line</p>',
      '<pre class="curl">curl -sS -i -X POST',
      '<p class="note">Runs as pasted where $CP_TOKEN holds its credential.</p>',
    ].map((part) => reproduce.indexOf(part));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
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
    expect(document.summary).toEqual({ passed: 2, failed: 1, error: 1, warned: 1, skipped: 1, known: 1, fixed: 1 });
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
    expect(document.rules[7]).toMatchObject({ id: 'FN-008', status: 'error', reason: errorRule.reason, evidence: { message: errorRule.evidence!.message, exchange: { response: { status: 503 } } } });
    // The setup lines, in order, masked like the request's own curl line.
    expect(document.rules[1].evidence.exchange.setup).toEqual(SETUP.map(({ state, curl }) => ({ state, curl })));
    expect(document.rules[1].evidence.exchange.setup[0].curl).toContain('-H "authorization: Bearer $CP_TOKEN"');
  });

  test('the schema rejects a rule without a valid status, and an error that does not say what went wrong', () => {
    const validate = new Ajv2020({ strict: true }).compile(schema);
    const broken = structuredClone(document);
    broken.rules[0].status = 'broken';
    expect(validate(broken)).toBe(false);
    for (const key of ['reason', 'evidence']) {
      const unsaid = structuredClone(document);
      delete unsaid.rules[7][key];
      expect(validate(unsaid), key).toBe(false);
    }
    // A file written before `error` existed still reads (--rerun-failed, cp-conformance expectations).
    const earlier = structuredClone(document);
    delete earlier.summary.error;
    earlier.rules = earlier.rules.filter((rule: { status: string }) => rule.status !== 'error');
    expect(validate(earlier), JSON.stringify(validate.errors)).toBe(true);
    const unexplained = structuredClone(document);
    delete unexplained.rules[5].expectation;
    expect(validate(unexplained)).toBe(false);
  });
});

describe('the expectations file of a run', () => {
  test('lists every rule that broke: a new failure or warning with its message, a known one with what the team wrote; a fixed one and an error are dropped', () => {
    const file = JSON.parse(expectationsFile(result));
    expect(file).toEqual({
      expectations: [
        // One line, a control character made visible: a person edits this file.
        { rule: 'FN-002', reason: `expected 201, got 400 ${HOSTILE.replace('\u0001', '\\u0001')}` },
        { rule: 'SBX-003', reason: 'no answer from the sandbox address' },
        { rule: 'FN-006', reason: rules[5]!.expectation!.reason, link: rules[5]!.expectation!.link },
      ],
    });
    // An error is no verdict on the target, so no known failure of it.
    expect(file.expectations.map((expectation: { rule: string }) => expectation.rule)).not.toContain(errorRule.id);
    const validate = new Ajv2020({ strict: true }).compile(expectationsSchema);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('the Markdown summary', () => {
  const markdown = markdownSummary(result, redactor);

  test('opens with the verdict and the totals, then lists each failed, fixed and warned rule with its quote and why', () => {
    expect(markdown.split('\n')[0]).toBe(`### ❌ cp-conformance: ${TALLY}`);
    const sections = [...markdown.matchAll(/^#### (.*)$/gm)].map((match) => match[1]);
    expect(sections).toEqual([
      'Failed rules (1)',
      'Errors: checks the suite could not make (no verdict on the target) (1)',
      'Fixed: listed in the expectations file, but they passed (remove them from it; with --strict they fail the run) (1)',
      'Warnings (SHOULD rules: they fail the run only with --strict) (1)',
      'Known failures (listed in the expectations file: they do not fail the run) (1)',
    ]);
    expect(markdown).toMatch(/^- `FN-002` \(MUST, section 4\.1\): expected 201, got 400 \\<script\\>/m);
    expect(markdown).toMatch(/^ {2}> Creates or updates a file \\<script\\>alert\("pwned"\)\\<\/script\\>/m);
    expect(markdown).toMatch(/^- `SBX-003` \(SHOULD, section 10\.2\): no answer from the sandbox address$/m);
    expect(markdown).toContain('- `FN-008` (MUST, section 4.2): the control endpoint failed to set the state "usage" (it answered 503): no verdict on the rule\n  > usage per function');
    expect(markdown).toMatch(/^- `MET-007` \(MUST, section 4\.10\): javascript: link/m);
    expect(markdown).toContain('- `FN-006`: the clamp lands next sprint \\<script\\>');
    expect(markdown).toContain('([link](https://tracker.example.test/issues/42?a=1&b=%282%29))');
    // Passed and skipped rules are only counted.
    expect(markdown).not.toContain('AUTH-001');
    expect(markdown).not.toContain('MET-004');
  });

  test('marks a run with errors and no failure as neither failed nor passed', () => {
    const erred = markdownSummary({ ...result, rules: rules.filter((rule) => rule.status !== 'failed') }, redactor);
    expect(erred.split('\n')[0]).toBe('### ⚠️ cp-conformance: 2 passed, 0 failed, 1 warned, 1 skipped, 1 known, 1 fixed, 1 error');
    const clean = markdownSummary({ ...result, rules: rules.filter((rule) => rule.status !== 'failed' && rule.status !== 'error') }, redactor);
    expect(clean.split('\n')[0]).toMatch(/^### ✅ /);
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
    expect(lines[0]).toMatch(/^\[1\/8\] PASS AUTH-001 rejects a missing credential with 401 \(1\.2 s\)$/);
    expect(written).toContain('[2/8] FAIL FN-002');
    expect(written).toContain('[3/8] WARN SBX-003');
    expect(summary).toContain('Warnings (SHOULD rules: they fail the run only with --strict) (1):');
    expect(written).toContain('[4/8] SKIP MET-004');
    expect(written).toMatch(/\[6\/8\] KNOWN FN-006 .*\n {7}Expectations file: the clamp lands next sprint/);
    expect(written).toMatch(/\[7\/8\] FIXED MET-007 .*\n {7}listed in the expectations file as a known failure, but it passed/);
    expect(summary).toContain('Fixed: listed in the expectations file, but they passed (remove them from it; with --strict they fail the run) (1):');
    expect(summary).toContain('Known failures (listed in the expectations file: they do not fail the run) (1):');
    expect(summary.indexOf('Failed rules')).toBeLessThan(summary.indexOf('Fixed:'));
    expect(summary).toContain('Expectations: expect');
    expect(written).toContain('no --account-id given');
    expect(written.endsWith(summary)).toBe(true);
    const summaryLines = summary.trimEnd().split('\n');
    // The order CI log parsers know, `error` at the end.
    expect(summaryLines.at(-1)).toBe(TALLY);
    expect(summary).toContain('Reproduce with:');
    expect(summary).toContain(`curl -sS -i -X POST '${BASE_URL}/functions`);
    expect(summary).toContain('--seed 42');
    expect(summary).toContain('out/report.html');
    expect(written).not.toContain('\u0001');
  });

  test('prints an error with what went wrong under it, and lists it right after the failures as no verdict on the target', () => {
    const { written, summary } = consoleOutput(false);
    expect(written).toContain(`[8/8] ERROR FN-008 reports usage per function (1.2 s)\n       ${errorRule.reason}\n`);
    const heading = 'Errors: checks the suite could not make (no verdict on the target) (1):';
    expect(summary).toContain(`${heading}\n\n  ERROR FN-008 reports usage per function [MUST, section 4.2]\n    ${errorRule.evidence!.message}\n`);
    expect(summary.indexOf('Failed rules')).toBeLessThan(summary.indexOf(heading));
    expect(summary.indexOf(heading)).toBeLessThan(summary.indexOf('Fixed:'));
    expect(summary).toContain("    Request: POST http://127.0.0.1:8080/__test/states -> HTTP 503\n    Reproduce with:\n    curl -sS -i -X POST 'http://127.0.0.1:8080/__test/states'");
  });

  test('shows the setup lines before the request\'s own curl line, each cut to fit a console line', () => {
    const { summary } = consoleOutput(false);
    const reproduce = summary.slice(summary.indexOf('    Reproduce with:\n'));
    const [long, clock] = SETUP.map((step) => step.curl);
    const expected = [
      'Reproduce with:',
      SETUP_NOTE,
      '# Setup 1 of 2: provider state "functions"',
      `${long!.slice(0, 2000 - 4 - CUT_NOTE.length - 1)} ${CUT_NOTE}`,
      '# Setup 2 of 2: provider state "clock"',
      clock,
      "# The request's own line",
      `curl -sS -i -X POST '${BASE_URL}/functions?name=a&b=***'`,
    ].map((line) => `    ${line}`);
    expect(reproduce.startsWith(expected.join('\n'))).toBe(true);
  });

  test('prints no line longer than 2,000 characters, even for an answer of 50,000 that the message quotes', () => {
    const large = runWithLargeAnswer();
    expect(large.rules[1]!.evidence!.exchange!.response!.body).toHaveLength(50_000);
    for (const color of [false, true]) {
      const { written } = consoleOutput(color, large);
      // Colour codes take no room on screen.
      const lines = written.replace(/\u001B\[\d+m/g, '').split('\n');
      expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(2000);
      const cut = lines.filter((line) => line.endsWith(CUT_NOTE));
      // The failure's headline as it finished; in the closing block its message, its counterexample and the long setup line.
      expect(cut.map((line) => line.length)).toEqual([2000, 2000, 2000, 2000]);
      expect(cut[0]).toMatch(/^ {7}expected 201, got \{"data":\[\{"name":"function-00000"/);
    }
  });

  test('keeps the last line plain when coloured', () => {
    const { written, summary } = consoleOutput(true);
    expect(written).toContain('\u001B[31mFAIL\u001B[0m');
    // An error is not painted as a failure.
    expect(written).toContain('\u001B[35mERROR\u001B[0m');
    expect(summary.trimEnd().split('\n').at(-1)).toBe(TALLY);
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

  test('masks a credential the Redactor was not told about in a setup line too', () => {
    const failure = rules[1]!;
    const exchange = failure.evidence!.exchange!;
    const leak = { state: 'reset', curl: `curl -sS -i -X POST 'http://127.0.0.1:8080/__test/states' -H 'authorization: Bearer ${UNLISTED_TOKEN}'` };
    const leaky: RuleResult = { ...failure, evidence: { ...failure.evidence!, exchange: { ...exchange, setup: [...SETUP, leak] } } };
    const run = { ...result, rules: rules.map((rule) => (rule === failure ? leaky : rule)) };
    const reports = { junit: junitXml(run, redactor), html: htmlReport(run, redactor), json: resultsJson(run, redactor), console: consoleOutput(false, run).written };
    for (const [name, report] of Object.entries(reports)) expect(report.includes(UNLISTED_TOKEN), name).toBe(false);
    expect(JSON.parse(reports.json).rules[1].evidence.exchange.setup[2]).toEqual({ state: 'reset', curl: leak.curl.replace(UNLISTED_TOKEN, '***') });
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
