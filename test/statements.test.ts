// The map of the specification's statements (spec/statements.ts) against the
// specification's text and the rule catalogue: every statement's words are found once;
// every sentence of a behavioural kind belongs to a statement, so new words cannot go
// unmapped; every statement is checked or says why not; every rule checks a statement
// its quote falls in.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import { coverageText } from '../cli/coverage.ts';
import type { RuleResult, RuleStatus } from '../results/model.ts';
import schema from '../results/results.schema.json' with { type: 'json' };
import { statementOutcomes } from '../runner/coverage.ts';
import { findRule, rules, type RuleId } from '../spec/rules/index.ts';
import { statementKind, statements } from '../spec/statements.ts';
import { occurrences, specificationUnits, type SpecificationUnit } from './support/specification-units.ts';

interface Span {
  readonly start: number;
  readonly end: number;
}

const overlap = (a: Span, b: Span): number => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

const spanOf = (words: string, at: number): Span => ({ start: at, end: at + words.replace(/\s+/g, ' ').trim().length });

// A sentence of a behavioural kind: what a request gets, what a field holds, a bound, a
// default, an error, who may do what, a relation between fields, or a detail left open.
const behavioural =
  /\b(returns?|rejected|refused|default|maximum|minimum|max|min|supported|must|required|optional|omitted|clamped|accepts?|carries|takes|gets?|serves?|shown|empty|at most|under|scoped|unique|enum|allowed|read-only|immutable|automatically|generates?|generated|disambiguated|ignored?|honoured|valid|populated|fills|equal|means|when|search|trimmed|lowercased|chosen|seen|response|representation|placeholder|transport|reports|string|integer|boolean|array|object|timestamps?|duration|status|error|header|grants|needed|requires?|appended|JSON|selects|prefix|kept|static|dynamic|depend|each|every)\b|\b[1-5]\d\d\b/i;

// A lead-in that ends with a colon introduces the list or table that states the behaviour.
const isBehavioural = (unit: SpecificationUnit): boolean =>
  (unit.inTable && unit.text.startsWith('|')) || (behavioural.test(unit.text) && !unit.text.endsWith(':'));

const located = statements.map((statement) => ({ statement, at: occurrences(statement.words) }));

test('every statement has a unique id and words found once in the specification, in its section', () => {
  expect(new Set(statements.map((s) => s.id)).size).toBe(statements.length);
  const units = specificationUnits();
  const misplaced = located.filter(({ at }) => at.length !== 1).map(({ statement, at }) => `${statement.id}: found ${at.length} times`);
  expect(misplaced).toEqual([]);
  const wrongSection = located
    .filter(({ statement, at }) => !units.some((u) => u.section === statement.section && overlap(u, spanOf(statement.words, at[0]!)) > 0))
    .map(({ statement }) => statement.id);
  expect(wrongSection).toEqual([]);
});

test('every sentence of a behavioural kind in the specification belongs to a statement', () => {
  const spans = located.filter(({ at }) => at.length === 1).map(({ statement, at }) => spanOf(statement.words, at[0]!));
  const unmapped = specificationUnits()
    .filter(isBehavioural)
    .filter((unit) => !spans.some((span) => overlap(span, unit) >= Math.min(8, unit.end - unit.start)))
    .map((unit) => `${unit.section}: ${unit.text}`);
  expect(unmapped).toEqual([]);
});

test('every statement is checked by rules of the catalogue, or says why it is not', () => {
  for (const statement of statements) {
    const kind = statementKind(statement);
    if (kind === 'checked' && 'rules' in statement) {
      expect(statement.rules.length, statement.id).toBeGreaterThan(0);
      expect(new Set(statement.rules).size, `${statement.id} lists a rule twice`).toBe(statement.rules.length);
      for (const id of statement.rules) findRule(id);
    } else {
      const reason = 'notCheckable' in statement ? statement.notCheckable : 'notYet' in statement ? statement.notYet : '';
      expect(reason.trim().length, statement.id).toBeGreaterThan(10);
    }
  }
});

test('every rule checks a statement whose words its quote falls in', () => {
  const astray = rules.filter((rule) => {
    const quoted = occurrences(rule.quote).map((at) => spanOf(rule.quote, at));
    return !located.some(
      ({ statement, at }) =>
        'rules' in statement && statement.rules.includes(rule.id) && at.length === 1 && quoted.some((q) => overlap(q, spanOf(statement.words, at[0]!)) > 0),
    );
  });
  expect(astray.map((r) => r.id)).toEqual([]);
});

test('a statement stands as the worst outcome of its rules that ran; skipped says why, not run when none ran', () => {
  const result = (id: RuleId, status: RuleStatus, reason?: string): RuleResult => {
    const { level, section, title, quote } = findRule(id);
    return { id, level, section, title, quote, suite: 'x', status, ...(reason ? { reason } : {}), durationMs: 0, requests: 0 };
  };
  const outcomes = new Map(
    statementOutcomes([
      result('functions.workspace-only', 'passed'),
      result('resources.sandbox.workspace-scoped', 'warned'),
      result('resources.egressips.workspace-only', 'known'),
      result('metrics.grouping.unique-combinations', 'skipped', 'no --account-id given'),
      result('metrics.pagination.complete', 'passed'),
      result('metrics.params.window-required', 'skipped', 'no --account-id given'),
    ]).map((s) => [s.id, s]),
  );
  expect(outcomes.get('service.workspace-scope')).toMatchObject({ status: 'warned' });
  expect(outcomes.get('service.metrics')).toMatchObject({ status: 'passed' });
  expect(outcomes.get('metrics.window-required')).toMatchObject({ status: 'skipped', reason: 'metrics.params.window-required: no --account-id given' });
  expect(outcomes.get('functions.search.fields')).toMatchObject({ status: 'not-run' });
  expect(outcomes.get('metadata.name.immutable')).toMatchObject({ status: 'not-checkable', rules: [] });
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const document = { seed: 1, target: { baseUrl: 'http://127.0.0.1/v0', embedded: true, credentials: [] }, summary: {}, rules: [], statements: [...outcomes.values()] };
  validate(document);
  expect((validate.errors ?? []).filter((e) => e.instancePath.startsWith('/statements'))).toEqual([]);
});

test('the README shows the totals coverage prints', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const totals = coverageText().trimEnd().split('\n').at(-1)!;
  expect(readme).toContain(totals);
});
