// How every report names the seven outcomes of CONTRACT 1.1, so the console, the
// HTML report, JUnit and the Markdown summary say the same thing.
import type { RuleResult, RuleStatus, StatementStatus } from '../results/model.ts';
import { oneLine } from './format.ts';

/** The badge of each outcome. */
export const STATUS_LABEL: Record<RuleStatus, string> = {
  passed: 'PASS',
  failed: 'FAIL',
  error: 'ERROR',
  warned: 'WARN',
  skipped: 'SKIP',
  known: 'KNOWN',
  fixed: 'FIXED',
};

/** The badge of a statement of the specification: its rules' outcome, or why no rule gave one. */
export const STATEMENT_LABEL: Record<StatementStatus, string> = {
  ...STATUS_LABEL,
  'not-run': 'NOT RUN',
  'not-checkable': 'NOT CHECKABLE',
  'not-yet': 'NOT YET CHECKED',
};

/** A statement's outcome in running text (a count of them: "12 passed, 40 not checkable"). */
export const STATEMENT_WORDS: Record<StatementStatus, string> = {
  failed: 'failed',
  error: 'error',
  warned: 'warned',
  known: 'known',
  fixed: 'fixed',
  passed: 'passed',
  skipped: 'skipped',
  'not-run': 'not run',
  'not-yet': 'not yet checked',
  'not-checkable': 'not checkable',
};

/** The outcomes a summary lists rule by rule, with the heading over them: what to act on, first. */
export const LISTED_STATUSES = [
  { status: 'failed', heading: 'Failed rules' },
  { status: 'error', heading: 'Errors: checks the suite could not make (no verdict on the target)' },
  { status: 'fixed', heading: 'Fixed: listed in the expectations file, but they passed (remove them from it; with --strict they fail the run)' },
  { status: 'warned', heading: 'Warnings (SHOULD rules: they fail the run only with --strict)' },
  { status: 'known', heading: 'Known failures (listed in the expectations file: they do not fail the run)' },
] as const satisfies ReadonlyArray<{ status: RuleStatus; heading: string }>;

/** What the expectations file says of a known or fixed rule, on one line. */
export function expectationLine(rule: RuleResult): string | undefined {
  const expectation = rule.expectation;
  if (!expectation) return undefined;
  return `Expectations file: ${oneLine(expectation.reason)}${expectation.link ? ` (${oneLine(expectation.link)})` : ''}`;
}

/** What each report calls the data a check worked on (CONTRACT 1.3). */
export const DATA_LABEL = { set: 'set data', existing: 'existing data' } as const;

/** The data the rule worked on and what it reached, on one line; undefined for a rule that did not run. */
export function dataLine(rule: RuleResult): string | undefined {
  if (!rule.data) return undefined;
  const said = rule.data === 'set' ? 'fixtures set through provider states' : 'the data the target already held';
  const notes = rule.dataNotes?.length ? `; ${rule.dataNotes.map(oneLine).join('; ')}` : '';
  return `Data: ${said}${notes}`;
}
