// report.html as a person meets it: opened from disk in a real browser with no
// network. The string checks of test/reporters.test.ts cannot see whether the
// Content Security Policy lets the filter script run, whether the filter works,
// or whether the evidence is on screen; these can.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { htmlReport } from '../reporters/html.ts';
import type { RuleStatus, RunResult } from '../results/model.ts';
import { BROWSER_MISSING, hasChromium, launchChromium, openFile, type Browser, type OpenedPage } from './support/browser.ts';
import { runWithEveryStatus } from './support/report-runs.ts';
import { HOSTILE, redactor, result as sampleRun, SECRETS } from './support/sample-run.ts';
import { compareSections, firstSection } from '../reporters/sections.ts';

// One full-page picture of the real run's report, for a person to judge.
const SCREENSHOT = path.join(tmpdir(), 'cp-conformance-report.png');

const present = hasChromium();
// The default reporter does not print skip notes: say it where CI logs show it.
if (!present) console.warn(`Skipping the browser checks of report.html: ${BROWSER_MISSING}`);

describe.skipIf(!present)('report.html in headless Chromium', () => {
  let browser: Browser;
  let run: RunResult;
  let opened: OpenedPage;

  beforeAll(async () => {
    const [finished, launched] = await Promise.all([runWithEveryStatus(), launchChromium()]);
    browser = launched;
    run = finished.results;
    opened = await openFile(browser.context, path.join(finished.reportDir, 'report.html'));
  });
  afterAll(() => browser?.close());

  const rules = () => opened.page.locator('[data-rule-id]');
  const visibleRules = () => rules().filter({ visible: true });
  const count = (status: RuleStatus) => run.rules.filter((rule) => rule.status === status).length;

  test('renders from the file alone: no other request, no error, the filter script ran', async () => {
    expect(opened.requests).toEqual([opened.url]);
    expect(opened.problems).toEqual([]);
    // The filter bar is hidden until the script shows it: a CSP hash mismatch would leave it hidden.
    await expect.poll(() => opened.page.locator('nav.filter').isVisible()).toBe(true);
    await opened.page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect((await stat(SCREENSHOT)).size).toBeGreaterThan(10_000);
  });

  test('opens on the rules that need attention (failed, warned, fixed), the whole list one click away', async () => {
    const attention = run.rules.filter((rule) => ['failed', 'warned', 'fixed'].includes(rule.status));
    expect(attention.length).toBeGreaterThan(0);
    const first = opened.page.locator('nav.filter button').first();
    expect(await first.innerText()).toBe(`Needs attention (${attention.length})`);
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    const shown = await visibleRules().evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.ruleId));
    expect(shown.sort()).toEqual(attention.map((rule) => rule.id).sort());
    expect(await opened.page.locator('#filter-status').innerText()).toBe(`Showing ${attention.length} rule${attention.length === 1 ? '' : 's'}.`);
    await opened.page.getByRole('button', { name: /^All \(/ }).click();
    expect(await visibleRules().count()).toBe(run.rules.length);
  });

  test('shows the totals', async () => {
    const { passed, failed, warned, skipped } = run.summary;
    expect([passed, failed, skipped].every((n) => n > 0)).toBe(true);
    const totals = await opened.page.locator('#totals').innerText();
    expect(totals).toContain(`${run.rules.length} rules: ${failed} failed, ${warned} warned, ${skipped} skipped, ${passed} passed`);
    await expect.poll(() => opened.page.locator('#totals .meter span').count()).toBe(3);
  });

  test('filters by status', async () => {
    const page = opened.page;
    for (const [label, status] of [['Failed', 'failed'], ['Skipped', 'skipped'], ['Passed', 'passed']] as const) {
      await page.getByRole('button', { name: new RegExp(`^${label} \\(`) }).click();
      expect(await visibleRules().count(), label).toBe(count(status));
      const shown = await visibleRules().evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.status));
      expect(new Set(shown), label).toEqual(new Set([status]));
      expect(await page.locator('#filter-status').innerText()).toMatch(new RegExp(`^Showing ${count(status)} rules?\\.$`));
      // A section with nothing to show is hidden with its heading.
      const sections = await page.locator('section.spec-section').filter({ visible: true }).count();
      const expected = new Set(run.rules.filter((rule) => rule.status === status).map((rule) => firstSection(rule.section))).size;
      expect(sections, label).toBe(expected);
    }
    await page.getByRole('button', { name: /^All \(/ }).click();
    expect(await visibleRules().count()).toBe(run.rules.length);
    expect(await page.getByRole('button', { name: /^All \(/ }).getAttribute('aria-pressed')).toBe('true');
  });

  test('groups the rules by section of the specification, in its order', async () => {
    const sections = await opened.page.locator('section.spec-section').evaluateAll((elements) =>
      elements.map((element) => ({
        heading: element.querySelector('h2')?.textContent ?? '',
        ids: Array.from(element.querySelectorAll<HTMLElement>('[data-rule-id]'), (item) => item.dataset.ruleId ?? ''),
      })),
    );
    const numbers = sections.map(({ heading }) => /^Section (\d+(?:\.\d+)*)$/.exec(heading)?.[1] ?? heading);
    expect([...numbers].sort(compareSections)).toEqual(numbers);
    expect(sections.flatMap(({ ids }) => ids).sort()).toEqual(run.rules.map((rule) => rule.id).sort());
    for (const [i, { ids }] of sections.entries()) {
      for (const id of ids) expect(firstSection(run.rules.find((rule) => rule.id === id)!.section), id).toBe(numbers[i]);
    }
  });

  test('shows each failure with its counterexample, request, response and curl line', async () => {
    const failures = run.rules.filter((rule) => rule.status === 'failed');
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      const exchange = failure.evidence?.exchange;
      expect(exchange?.response, failure.id).toBeDefined();
      const item = opened.page.locator(`[data-rule-id="${failure.id}"]`);
      // The rule's own details, not a folded block inside it.
      const why = item.locator(':scope > details');
      expect(await why.getAttribute('open')).not.toBeNull();
      const headings = await why.locator('h4').allInnerTexts();
      expect(headings).toEqual(expect.arrayContaining([expect.stringMatching(/^Counterexample \(shrunk in \d+ steps?\)$/), 'Request', 'Response', 'Reproduce with']));
      const text = await why.innerText();
      expect(text).toContain(failure.quote);
      expect(text).toContain(failure.evidence!.message);
      expect(text).toContain(failure.evidence!.counterexample!);
      expect(text).toContain(`${exchange!.request.method} ${exchange!.request.url}`);
      expect(text).toContain(`HTTP ${exchange!.response!.status}`);
      const curl = why.locator('pre.curl');
      expect(await curl.isVisible()).toBe(true);
      expect(await curl.innerText()).toBe(exchange!.curl);
      // The credential is named by its environment variable, so the line runs as pasted.
      expect(exchange!.curl).toMatch(/^curl .* -H "authorization: Bearer \$CP_[A-Z_]*TOKEN"/);
      expect(exchange!.curl).not.toContain('***');
    }
  });

  test('the specification view marks each statement with the outcome of its rules; a rule link goes back to the rule', async () => {
    const page = opened.page;
    const statements = run.statements ?? [];
    expect(statements.length).toBeGreaterThan(100);
    const view = page.locator('#specification-view');
    // The report opens on the rules; the specification is one click away.
    expect(await view.isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Specification \(/ }).click();
    expect(await view.isVisible()).toBe(true);
    expect(await page.locator('#rules-view').isVisible()).toBe(false);
    expect(await page.locator('nav.filter').isVisible()).toBe(false);
    const shown = await view.locator('li.statement').evaluateAll((items) =>
      items.map((item) => [item.id.replace(/^statement-/, ''), (item as HTMLElement).dataset.statementStatus]),
    );
    expect(shown).toEqual(statements.map((s) => [s.id, s.status]));
    // This run (--only auth. against a target that serves a credential without scopes) shows every kind.
    const statuses = new Set(statements.map((s) => s.status));
    for (const status of ['passed', 'failed', 'skipped', 'not-run', 'not-checkable'] as const) expect(statuses.has(status), status).toBe(true);
    const broken = view.locator('#statement-auth\\.default-requirement');
    // The statement's own badge (its clauses, folded under it, carry theirs).
    expect(await broken.locator(':scope > .status').innerText()).toBe('FAIL');
    expect(await broken.innerText()).toContain('The default requirement of the control plane is `admin` or an API key.');
    const uncheckable = statements.find((s) => s.status === 'not-checkable')!;
    const grey = view.locator(`li[id="statement-${uncheckable.id}"]`);
    expect(await grey.locator(':scope > .status').innerText()).toBe('NOT CHECKABLE');
    expect(await grey.locator('.reason').innerText()).toBe(uncheckable.reason);
    const colours = await view.locator('.status').evaluateAll((badges) => Object.fromEntries(badges.map((b) => [b.textContent, getComputedStyle(b).backgroundColor])));
    expect(colours['NOT CHECKABLE']).toBe('rgba(0, 0, 0, 0)');
    expect(colours.FAIL).not.toBe(colours.PASS);
    // From a statement to the rule that broke it: the rules view, the whole list, the rule on screen.
    await broken.locator(':scope > p.meta').getByRole('link', { name: 'auth.no-scope-forbidden', exact: true }).click();
    expect(await view.isVisible()).toBe(false);
    await expect.poll(() => page.locator('[data-rule-id="auth.no-scope-forbidden"]').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^All \(/ }).getAttribute('aria-pressed')).toBe('true');
  });

  test('the hand-made run: all seven outcomes, hostile text stays text, no credential shows, a failure without a response says so', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cp-report-'));
    const file = path.join(dir, 'report.html');
    await writeFile(file, htmlReport(sampleRun, redactor));
    const sample = await openFile(browser.context, file);
    try {
      expect(sample.requests).toEqual([sample.url]);
      expect(sample.problems).toEqual([]);
      expect(sample.dialogs).toEqual([]);
      const text = await sample.page.locator('body').innerText();
      expect(text).toContain(HOSTILE.replace('\u0001', '\\u0001'));
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      const unreachable = sample.page.locator('[data-rule-id="SBX-003"] > details');
      expect(await unreachable.locator('h4').allInnerTexts()).toEqual(['Request', 'No response', 'Reproduce with']);
      expect(await unreachable.innerText()).toContain('ECONNREFUSED');
      expect(await sample.page.locator('[data-rule-id="MET-004"]').innerText()).toContain('Skipped: no --account-id given');
      // A warning: its own badge, its quote and why it is a SHOULD, and a filter of its own.
      const warned = sample.page.locator('[data-rule-id="SBX-003"]');
      expect(await warned.locator('.status').innerText()).toBe('WARN');
      expect(await unreachable.locator('summary').innerText()).toMatch(/^Why it warned/);
      expect(await unreachable.locator('blockquote').innerText()).toContain('Process logs response');
      expect(await unreachable.innerText()).toContain('SHOULD, not MUST: the type is named');
      await sample.page.getByRole('button', { name: /^Warned \(1\)/ }).click();
      expect(await sample.page.locator('[data-rule-id]').filter({ visible: true }).count()).toBe(1);
      // A known failure and a fixed one: their badges, what the expectations file says, a filter each.
      const known = sample.page.locator('[data-rule-id="FN-006"]');
      expect(await known.locator('.status').innerText()).toBe('KNOWN');
      expect(await known.locator('summary').innerText()).toMatch(/^Known failure \(listed in the expectations file/);
      expect(await known.locator('.expectation').innerText()).toContain('Expectations file: the clamp lands next sprint');
      expect(await known.locator('.expectation a').getAttribute('href')).toBe('https://tracker.example.test/issues/42?a=1&b=(2)');
      expect(await known.locator('pre.curl').innerText()).toContain('-H "authorization: Bearer $CP_TOKEN"');
      const fixed = sample.page.locator('[data-rule-id="MET-007"]');
      expect(await fixed.locator('.status').innerText()).toBe('FIXED');
      expect(await fixed.locator('summary').innerText()).toMatch(/^Fixed: the expectations file lists it, but it passed/);
      expect(await fixed.locator('.expectation a').count()).toBe(0);
      for (const [name, id] of [['Known', 'FN-006'], ['Fixed', 'MET-007']] as const) {
        await sample.page.getByRole('button', { name: new RegExp(`^${name} \\(1\\)`) }).click();
        expect(await sample.page.locator('[data-rule-id]').filter({ visible: true }).evaluateAll((items) => items.map((item) => item.getAttribute('data-rule-id')))).toEqual([id]);
      }
      // An error: its own badge, what went wrong under a summary that gives no verdict, a filter of its own, and it needs attention.
      const erred = sample.page.locator('[data-rule-id="FN-008"]');
      expect(await erred.locator('.status').innerText()).toBe('ERROR');
      expect(await erred.locator('summary').first().innerText()).toBe('Why the suite could not make the check (no verdict on the target)');
      expect(await erred.locator(':scope > details > .message').innerText()).toContain('the control endpoint failed to set the state "usage"');
      await sample.page.getByRole('button', { name: /^Error \(1\)/ }).click();
      expect(await sample.page.locator('[data-rule-id]').filter({ visible: true }).evaluateAll((items) => items.map((item) => item.getAttribute('data-rule-id')))).toEqual(['FN-008']);
      expect(await sample.page.locator('nav.filter button').first().innerText()).toBe('Needs attention (4)');
      // Seven outcomes, seven looks: each badge has a colour of its own.
      const colours = await sample.page
        .locator('.rule-head .status')
        .evaluateAll((badges) => Object.fromEntries(badges.map((badge) => [badge.textContent, getComputedStyle(badge).backgroundColor])));
      expect(Object.keys(colours).sort()).toEqual(['ERROR', 'FAIL', 'FIXED', 'KNOWN', 'PASS', 'SKIP', 'WARN']);
      expect(new Set(Object.values(colours)).size).toBe(7);
      // A block longer than a screenful is folded, closed, and opens on a click.
      const fold = erred.locator('details.fold');
      expect(await fold.locator('summary').innerText()).toMatch(/^Folded: \d+ lines, [\d,]+ characters$/);
      expect(await fold.locator('pre').isVisible()).toBe(false);
      await fold.locator('summary').click();
      expect(await fold.getAttribute('open')).not.toBeNull();
      expect(await fold.locator('pre').isVisible()).toBe(true);
      expect(await fold.locator('pre').innerText()).toMatch(/^\{\n {2}"error": "the fixture store is unavailable",\n {2}"retries": \[\n {4}\{\n {6}"attempt": 1,/);
      // The setup lines come before the request's own line, the long one folded.
      const reproduce = await sample.page.locator('[data-rule-id="FN-002"] > details').innerText();
      const order = ['Setup 1 of 2: provider state "functions"', 'Setup 2 of 2: provider state "clock"', "The request's own line", "curl -sS -i -X POST 'http://127.0.0.1:8080/v0/functions"].map((text) => reproduce.indexOf(text));
      expect(order.every((position) => position > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(await sample.page.locator('[data-rule-id="FN-002"] pre.setup').first().isVisible()).toBe(false);
    } finally {
      await sample.page.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
