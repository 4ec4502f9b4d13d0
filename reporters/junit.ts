// junit.xml in the Jenkins/Surefire dialect that GitHub, GitLab and Jenkins all
// read: one <testsuite> per suite, one <testcase> per rule. A failed expectation
// of the target is a <failure>; a check the suite could not make is an <error>,
// which CI readers show apart from failures: no verdict on the target.
import { create } from 'xmlbuilder2';
import type { Redactor } from '../harness/redact.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import { failureHeadline, failureText } from './evidence-text.ts';
import { dataLine } from './statuses.ts';
import { oneLine } from './format.ts';
import { groupBy } from './group.ts';
import { scrubRun } from './scrub.ts';
import { tally } from './tally.ts';

type XMLBuilder = ReturnType<typeof create>;

/**
 * xmlbuilder2 leaves an `&` that looks like the start of an entity (`&V;`, `&amp;`) as it
 * is, so a fixture name or a body holding one would make the XML refer to an entity it
 * does not define: every `&` is escaped here, and the builder then leaves them alone.
 */
const amp = (text: string): string => text.replaceAll('&', '&amp;');

export function junitXml(result: RunResult, redactor: Redactor): string {
  const run = scrubRun(result, redactor);
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'cp-conformance',
    ...counts(run.rules),
    time: seconds(run.durationMs),
  });
  for (const [suite, rules] of groupBy(run.rules, (rule) => rule.suite)) {
    const element = root.ele('testsuite', {
      name: amp(oneLine(suite)),
      ...suiteCounts(rules),
      time: seconds(sum(rules.map((rule) => rule.durationMs))),
      ...timestamp(run.startedAt),
    });
    addProperties(element, run);
    for (const rule of rules) addTestcase(element, rule);
  }
  return root.end({ prettyPrint: true });
}

function addTestcase(parent: XMLBuilder, rule: RuleResult): void {
  const testcase = parent.ele('testcase', {
    name: amp(oneLine(`${rule.id} ${rule.title}`)),
    classname: amp(oneLine(rule.suite)),
    time: seconds(rule.durationMs),
  });
  if (rule.status === 'failed') {
    testcase
      .ele('failure', { message: amp(failureHeadline(rule)), type: `${rule.level} violation` })
      .txt(amp(failureText(rule, 'full')));
  } else if (rule.status === 'error') {
    testcase.ele('error', { message: amp(failureHeadline(rule)), type: 'suite error' }).txt(amp(failureText(rule, 'full')));
  } else if (rule.status === 'warned') {
    // A warning must show in CI without failing the job: the test case passes, and its
    // output carries the evidence (GitHub's, GitLab's and Jenkins' readers show system-out).
    testcase.ele('system-out').txt(amp(`WARNING (${rule.level}: fails the run only with --strict): ${failureText(rule, 'full')}`));
  } else if (rule.status === 'known') {
    // As pytest reports an expected failure: skipped, with what the team wrote as its
    // message, and the evidence in system-out. The job does not fail; the reader shows it.
    testcase.ele('skipped', { type: 'known failure', message: `known failure: ${oneLine(rule.expectation?.reason ?? '')}` });
    testcase.ele('system-out').txt(amp(`KNOWN FAILURE (listed in the expectations file): ${failureText(rule, 'full')}`));
  } else if (rule.status === 'fixed') {
    // Passed: the test case passes, and says the expectations file lists it still.
    testcase.ele('system-out').txt(amp(`FIXED (fails the run only with --strict): ${failureText(rule, 'full')}`));
  } else if (rule.status === 'skipped') {
    testcase.ele('skipped', { message: amp(oneLine(rule.reason ?? 'skipped')) });
  }
  // A passed or skipped check says what data it ran on (the broken ones say it in their evidence).
  const data = dataLine(rule);
  if (data !== undefined && (rule.status === 'passed' || rule.status === 'skipped')) testcase.ele('system-out').txt(amp(data));
}

// Repeated on every suite: consumers that show properties show them per suite.
// The target's URLs and the run's seed only; credentials are listed by name in
// the results, never here.
function addProperties(parent: XMLBuilder, run: RunResult): void {
  const properties: [string, string | undefined][] = [
    ['seed', String(run.seed)],
    ['target.baseUrl', run.target.baseUrl],
    ['target.sandboxUrl', run.target.sandboxUrl],
    ['target.controlUrl', run.target.controlUrl],
    ['target.embedded', String(run.target.embedded)],
    ['expectations', run.settings.expectations],
  ];
  const element = parent.ele('properties');
  for (const [name, value] of properties) {
    if (value !== undefined) element.ele('property', { name, value: amp(oneLine(value)) });
  }
}

function counts(rules: RuleResult[]): Record<string, string> {
  const { failed, error } = tally(rules);
  return { tests: String(rules.length), failures: String(failed), errors: String(error) };
}

// Only <testsuite> may say how many were skipped: the schema
// (test/fixtures/junit-10.xsd) gives <testsuites> no `skipped`, and Jenkins'
// xUnit plugin refuses a report that does not validate. Known failures are
// reported as skipped test cases, so they count here.
function suiteCounts(rules: RuleResult[]): Record<string, string> {
  const { skipped, known } = tally(rules);
  return { ...counts(rules), skipped: String(skipped + known) };
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

// The Jenkins schema wants a local date-time without zone; the run's start in UTC.
function timestamp(startedAt: string): { timestamp?: string } {
  const date = new Date(startedAt);
  return Number.isNaN(date.getTime()) ? {} : { timestamp: date.toISOString().slice(0, 19) };
}
