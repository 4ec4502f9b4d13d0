// The map of the specification's statements (spec/statements.ts) and their clauses
// (spec/clauses.ts) against the specification's text, the rule catalogue and the fault
// catalogue: every statement's words are found once; every sentence of a behavioural
// kind belongs to a statement, so new words cannot go unmapped; every statement is split
// into clauses or says why no client can observe it; every checked clause has a fault
// of the reference that breaks it and that the fault matrix proves caught; every rule
// reads a statement its quote falls in.
import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import { coverageText } from '../cli/coverage.ts';
import { faults, findFault } from '../reference/faults/index.ts';
import type { RuleResult, RuleStatus } from '../results/model.ts';
import schema from '../results/results.schema.json' with { type: 'json' };
import { coverageMap, coverageTotals, statementOutcomes } from '../runner/coverage.ts';
import { clauseKind, clauses, clausesByStatement, findClause, type CheckedClause } from '../spec/clauses.ts';
import { findRule, rules, type RuleId } from '../spec/rules/index.ts';
import { statementKind, statements } from '../spec/statements.ts';
import { NOT_SHOWN_BY_EXISTING_DATA } from './support/not-shown-by-existing-data.ts';
import { NOT_SHOWN_BY_SET_DATA } from './support/not-shown-by-set-data.ts';
import type { FaultName } from '../reference/faults/index.ts';
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

test('every statement is read by rules of the catalogue and split into clauses, or says why no client can observe it', () => {
  const ids = new Set(statements.map((s) => s.id));
  expect([...clausesByStatement.keys()].filter((id) => !ids.has(id)), 'clauses of no statement').toEqual([]);
  for (const statement of statements) {
    const own = clausesByStatement.get(statement.id) ?? [];
    if ('notCheckable' in statement) {
      expect(statement.notCheckable.trim().length, statement.id).toBeGreaterThan(10);
      expect(own, `${statement.id} is not checkable as a whole: its clauses would say otherwise`).toEqual([]);
      continue;
    }
    expect(statement.rules.length, statement.id).toBeGreaterThan(0);
    expect(new Set(statement.rules).size, `${statement.id} lists a rule twice`).toBe(statement.rules.length);
    for (const id of statement.rules) findRule(id);
    expect(own.length, `${statement.id} has no clause`).toBeGreaterThan(0);
  }
});

test('clause ids are unique and their statement\'s; each names a part of the words; sameAs and alsoBreaks name clauses', () => {
  expect(new Set(clauses.map((c) => c.id)).size).toBe(clauses.length);
  for (const [statement, own] of clausesByStatement) {
    for (const clause of own) {
      expect(clause.id.startsWith(`${statement}:`), clause.id).toBe(true);
      expect(clause.covers.trim().length, clause.id).toBeGreaterThan(2);
      if ('notYet' in clause) expect(clause.notYet.trim().length, clause.id).toBeGreaterThan(20);
      if ('notCheckable' in clause) expect(clause.notCheckable.trim().length, clause.id).toBeGreaterThan(10);
      if ('sameAs' in clause) {
        expect(clause.sameAs.length, clause.id).toBeGreaterThan(0);
        // A restatement of other words: its clauses are another statement's, and none restates in turn.
        for (const id of clause.sameAs) {
          expect(id.startsWith(`${statement}:`), `${clause.id} restates a clause of its own statement, ${id}`).toBe(false);
          expect('sameAs' in findClause(id), `${clause.id} restates ${id}, itself a restatement`).toBe(false);
        }
      }
      if ('fault' in clause) for (const id of clause.alsoBreaks ?? []) expect(findClause(id).id).toBe(id);
    }
  }
});

const checkedClauses = clauses.filter((c): c is CheckedClause => 'fault' in c);

test('every checked clause names a fault of the reference catalogue whose rule is a rule of the catalogue; no fault proves two clauses', () => {
  for (const clause of checkedClauses) {
    const fault = findFault(clause.fault);
    expect(fault, `${clause.id}: no fault ${clause.fault} in reference/faults/`).toBeDefined();
    expect(() => findRule(fault!.rule), clause.id).not.toThrow();
  }
  const proving = new Map<string, string[]>();
  for (const clause of checkedClauses) proving.set(clause.fault, [...(proving.get(clause.fault) ?? []), clause.id]);
  expect([...proving].filter(([, ids]) => ids.length > 1)).toEqual([]);
});

test('a fault proves its clause: any other clause it breaks that its rule reads has a fault that breaks it alone, or the check meets this clause first', () => {
  const alone = (id: string) => {
    const other = findClause(id);
    return 'fault' in other && (other.alsoBreaks ?? []).length === 0;
  };
  for (const clause of checkedClauses) {
    const others = clause.alsoBreaks ?? [];
    expect(others, `${clause.id} names itself among the clauses its fault also breaks`).not.toContain(clause.id);
    if (clause.caughtHere !== undefined) {
      expect(clause.caughtHere.trim().length, clause.id).toBeGreaterThan(20);
      continue;
    }
    expect(others.filter((id) => !alone(id)), `${clause.id}: ${clause.fault} also breaks these, which no fault of their own proves, so its catch may come from them`).toEqual([]);
  }
});

test('every fault that proves a clause is one the fault matrix proves caught by its rule', () => {
  // test/support/fault-matrix.ts runs every fault of an area against its rule on set data and
  // fails unless the rule catches it; a fault may go uncaught on existing data only when
  // NOT_SHOWN_BY_EXISTING_DATA says why, and on set data only when NOT_SHOWN_BY_SET_DATA says
  // why and existing data shows it. Each area's set-data matrix is test/faults/<area>.test.ts.
  const matrix = readFileSync(new URL('./support/fault-matrix.ts', import.meta.url), 'utf8');
  expect(matrix).toContain("faults.filter((f) => f.rule.split('.')[0] === area)");
  expect(matrix).toContain("data === 'existing' ? NOT_SHOWN_BY_EXISTING_DATA[name as FaultName] : NOT_SHOWN_BY_SET_DATA[name as FaultName]");
  expect(matrix).toMatch(/is caught by \$\{fault\.rule\}/);
  expect(matrix).not.toMatch(/\b(test|it|describe)\.(skip|todo|fails)\b|\.skipIf\(/);
  for (const clause of checkedClauses) {
    const area = findFault(clause.fault)!.rule.split('.')[0]!;
    const file = new URL(`./faults/${area}.test.ts`, import.meta.url);
    expect(existsSync(file), `${clause.id}: no fault matrix test/faults/${area}.test.ts for ${clause.fault}`).toBe(true);
    expect(readFileSync(file, 'utf8'), `${clause.id}: test/faults/${area}.test.ts does not run the set-data matrix of its area`).toContain(`describeFaultsOf('${area}');`);
  }
  // The faults the demo data cannot show are still caught on set data: they prove clauses too;
  // those set data cannot show, on the demo data, whose matrix test/faults-existing/<area>.test.ts runs.
  for (const name of Object.keys(NOT_SHOWN_BY_EXISTING_DATA)) expect(findFault(name), name).toBeDefined();
  for (const name of Object.keys(NOT_SHOWN_BY_SET_DATA)) {
    expect(findFault(name), name).toBeDefined();
    expect(NOT_SHOWN_BY_EXISTING_DATA[name as FaultName], `${name} is shown by neither set nor existing data`).toBeUndefined();
  }
});

test('every rule reads a statement whose words its quote falls in', () => {
  const rulesOf = new Map(coverageMap.map((entry) => [entry.id, entry.rules.map((r) => r.id)]));
  const astray = rules.filter((rule) => {
    const quoted = occurrences(rule.quote).map((at) => spanOf(rule.quote, at));
    return !located.some(
      ({ statement, at }) => rulesOf.get(statement.id)!.includes(rule.id) && at.length === 1 && quoted.some((q) => overlap(q, spanOf(statement.words, at[0]!)) > 0),
    );
  });
  expect(astray.map((r) => r.id)).toEqual([]);
});

test('a statement is checked when every clause is checked or not checkable, partly checked while any is not yet', () => {
  for (const statement of statements) {
    const kinds = (clausesByStatement.get(statement.id) ?? []).map(clauseKind);
    const kind = statementKind(statement);
    if ('notCheckable' in statement) expect(kind).toBe('not-checkable');
    else if (kind === 'checked') expect(kinds.every((k) => k !== 'not-yet') && kinds.includes('checked'), statement.id).toBe(true);
    else if (kind === 'partly-checked') expect(kinds.includes('checked') && kinds.includes('not-yet'), statement.id).toBe(true);
  }
  const totals = coverageTotals();
  expect(totals.checked + totals.partlyChecked + totals.notCheckable + totals.notYet).toBe(statements.length);
  expect(totals.clauses.checked + totals.clauses.notCheckable + totals.clauses.notYet).toBe(clauses.length);
  // A clause that restates checked clauses is checked; one that restates any not yet checked is not yet.
  expect(clauseKind(findClause('limits.functions-limit:clamped'))).toBe('checked');
  expect(clauseKind({ id: 'example:not-yet', covers: 'a clause no fault proves yet', notYet: 'a fault that breaks it alone' })).toBe('not-yet');
  // Every clause of the catalogue is checked or not checkable.
  expect(clauses.filter((c) => clauseKind(c) === 'not-yet').map((c) => c.id)).toEqual([]);
});

test('the faults of the catalogue: each proves a clause, or is listed here with why it proves none', () => {
  // Faults that break several clauses at once which their rule reads together, or a clause another fault proves already.
  const PROVE_NONE: Record<string, string> = {
    'auth-missing-accepted': 'serves every control-plane read without credentials at once',
    'auth-no-scope-allowed': 'serves every control-plane read to a credential without scope at once',
    'auth-sandbox-address-open': 'serves the three sandbox-address operations without a token at once',
    'auth-sandbox-address-any-token': 'serves the three sandbox-address operations with any token at once',
    'functions-cursor-not-bound-to-q': 'accepts another q, a q added and a q left out at once',
    'functions-cursor-never-expires': 'keeps first and later pages\' cursors alive at once',
    'functions-cursor-lives-25h': 'keeps first and later pages\' cursors alive at once',
    'functions-listing-ignores-workspace': 'lists the default workspace on the first page, the later pages and the legacy listing at once',
    'functions-anchor-end-first-page': 'answers the first page for every createdAt sort at once',
    'functions-status-out-of-enum': 'breaks a function\'s status, which schema-function-status-outside-enum and resources-function-status-lowercase prove',
    'metrics-cursor-never-expires': 'keeps first and later pages\' cursors alive at once',
    'metrics-cursor-expires-early': 'breaks what metrics-cursor-expires-at-23h proves, and the later pages\' cursors with it',
    'metrics-resource-types-window-optional': 'serves the resource-types enum without startTime and without endTime at once',
    'resources-secret-shown-unasked': 'shows the secrets to an admin who leaves the parameter out and to one who sends false at once',
    'resources-routing-secret-in-header': 'resolves the placeholders for an admin who leaves the parameter out and for one who sends false at once',
    'functions-listing-empty': 'loses every function, which every clause of the listing reads at once: kept to show that a store that lost what it was given fails its rules, not the run (test/misdiagnosis.test.ts)',
    'resources-customdomain-name-underscored': 'renames the custom domains it lists, which the listing\'s clauses read together (a domain set missing, one not set listed): kept to show that a rename fails its rule, not the run (test/misdiagnosis.test.ts)',
    'resources-customdomains-wrapped-in-data': 'breaks the bare array of GET /customdomains, which schema-customdomains-keyed-by-name proves',
  };
  const proving = new Set(checkedClauses.map((c) => c.fault));
  const none = faults.map((f) => f.name).filter((name) => !proving.has(name));
  expect(none.sort()).toEqual(Object.keys(PROVE_NONE).sort());
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
  expect(outcomes.get('metadata.name.immutable')).toMatchObject({ status: 'not-checkable', rules: [], coverage: 'not-checkable', clauses: [] });
  // Each clause with its fault, its rule and that rule's outcome in the run.
  expect(outcomes.get('service.workspace-scope')!.clauses!.find((c) => c.id === 'service.workspace-scope:sandbox')).toEqual({
    id: 'service.workspace-scope:sandbox',
    covers: expect.any(String),
    kind: 'checked',
    proofs: [{ fault: 'resources-sandbox-any-workspace', rule: 'resources.sandbox.workspace-scoped', status: 'warned' }],
    status: 'warned',
  });
  expect(outcomes.get('service.workspace-scope')!.clauses!.find((c) => c.id === 'service.workspace-scope:functions-continuation')).toMatchObject({
    kind: 'checked',
    status: 'passed',
    proofs: [{ fault: 'functions-later-pages-default-workspace', rule: 'functions.workspace-only', status: 'passed' }],
  });
  expect(outcomes.get('service.workspace-scope')).toMatchObject({ coverage: 'checked' });
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
