// The specification's statements and their clauses joined with the rule catalogue and
// the fault catalogue (`cp-conformance coverage`), and with a run's outcomes
// (results.json `statements`, the HTML report's specification view). A clause is
// checked by the fault that proves it (spec/clauses.ts); its rule is that fault's.
import type { ClauseResult, Level, RuleResult, RuleStatus, StatementResult, StatementStatus } from '../results/model.ts';
import { findFault } from '../reference/faults/index.ts';
import { clauseKind, clauseReason, clausesByStatement, proofsOf, type Clause, type ClauseKind } from '../spec/clauses.ts';
import { findRule } from '../spec/rules/index.ts';
import { sectionHeadings } from '../spec/specification.ts';
import { statementKind, statementReason, statements, type StatementKind } from '../spec/statements.ts';

/** A fault that proves a clause, with the rule that catches it. */
export interface ClauseProof {
  readonly fault: string;
  readonly rule: string;
  readonly level: Level;
  /** Other clauses the fault breaks that its rule reads (spec/clauses.ts). */
  readonly alsoBreaks?: readonly string[];
}

export interface CoverageClause {
  readonly id: string;
  readonly covers: string;
  readonly kind: ClauseKind;
  /** The faults that prove it: its own, or, for a clause that restates others, theirs. */
  readonly proofs: readonly ClauseProof[];
  /** The clauses it restates, when it does. */
  readonly sameAs?: readonly string[];
  /** Why it is not checkable or not yet checked. */
  readonly reason?: string;
}

export interface CoverageEntry {
  readonly id: string;
  readonly section: string;
  readonly heading: string;
  readonly words: string;
  readonly kind: StatementKind;
  /** The rules of its clauses' faults, then the other rules that read its words. */
  readonly rules: readonly { readonly id: string; readonly level: Level }[];
  /** Why no client can observe it, for a statement not checkable as a whole. */
  readonly reason?: string;
  readonly clauses: readonly CoverageClause[];
}

/** The fault's rule, from the fault catalogue; a name it does not hold is an error of spec/clauses.ts. */
export function ruleOfFault(name: string): string {
  const fault = findFault(name);
  if (!fault) throw new Error(`spec/clauses.ts names the fault ${name}, which reference/faults/ does not hold`);
  return fault.rule;
}

function coverageClause(clause: Clause): CoverageClause {
  const proofs = proofsOf(clause).map((proof) => {
    const rule = ruleOfFault(proof.fault);
    return { fault: proof.fault, rule, level: findRule(rule).level, ...(proof.alsoBreaks?.length ? { alsoBreaks: proof.alsoBreaks } : {}) };
  });
  const reason = clauseReason(clause);
  return {
    id: clause.id,
    covers: clause.covers,
    kind: clauseKind(clause),
    proofs,
    ...('sameAs' in clause ? { sameAs: clause.sameAs } : {}),
    ...(reason === undefined ? {} : { reason }),
  };
}

export const coverageMap: readonly CoverageEntry[] = statements.map((statement) => {
  const reason = statementReason(statement);
  const clauses = (clausesByStatement.get(statement.id) ?? []).map(coverageClause);
  // Its own clauses' rules first (a restated clause's rules are its statement's too), then the rules that read the words.
  const ruleIds = [...new Set([...clauses.flatMap((c) => c.proofs.map((p) => p.rule)), ...('rules' in statement ? statement.rules : [])])];
  return {
    id: statement.id,
    section: statement.section,
    heading: sectionHeadings.get(statement.section) ?? '',
    words: statement.words,
    kind: statementKind(statement),
    rules: ruleIds.map((id) => ({ id, level: findRule(id).level })),
    ...(reason === undefined ? {} : { reason }),
    clauses,
  };
});

export interface CoverageTotals {
  statements: number;
  checked: number;
  partlyChecked: number;
  notCheckable: number;
  notYet: number;
  clauses: { total: number; checked: number; notCheckable: number; notYet: number; restating: number };
}

export function coverageTotals(entries: readonly CoverageEntry[] = coverageMap): CoverageTotals {
  const count = (kind: StatementKind) => entries.filter((e) => e.kind === kind).length;
  const clauses = entries.flatMap((e) => e.clauses);
  const countClauses = (kind: ClauseKind) => clauses.filter((c) => c.kind === kind).length;
  return {
    statements: entries.length,
    checked: count('checked'),
    partlyChecked: count('partly-checked'),
    notCheckable: count('not-checkable'),
    notYet: count('not-yet'),
    clauses: {
      total: clauses.length,
      checked: countClauses('checked'),
      notCheckable: countClauses('not-checkable'),
      notYet: countClauses('not-yet'),
      restating: clauses.filter((c) => c.sameAs !== undefined).length,
    },
  };
}

// A statement stands as its worst rule: one broken rule breaks the statement.
const WORST_FIRST: RuleStatus[] = ['failed', 'error', 'warned', 'known', 'fixed', 'passed', 'skipped'];

/** The worst outcome of `ids` among the rules that ran, or not-run. */
function worstOf(ids: readonly string[], byId: ReadonlyMap<string, RuleResult>): RuleStatus | 'not-run' {
  const ran = ids.flatMap((id) => byId.get(id) ?? []);
  return WORST_FIRST.find((s) => ran.some((r) => r.status === s)) ?? 'not-run';
}

/** Each clause with its faults and the outcome of their rules in this run. */
function clauseOutcome(clause: CoverageClause, byId: ReadonlyMap<string, RuleResult>): ClauseResult {
  const base = {
    id: clause.id,
    covers: clause.covers,
    kind: clause.kind,
    proofs: clause.proofs.map(({ fault, rule }) => ({ fault, rule, status: worstOf([rule], byId) })),
    ...(clause.sameAs ? { sameAs: [...clause.sameAs] } : {}),
    ...(clause.reason === undefined ? {} : { reason: clause.reason }),
  };
  // A clause no fault proves stands as its kind; a checked one as the worst of its proofs' rules.
  const status = clause.kind === 'checked' ? worstOf(clause.proofs.map((p) => p.rule), byId) : clause.kind;
  return { ...base, status };
}

/** Each statement with the outcome of its rules in this run (the worst of those that ran), and its clauses. */
export function statementOutcomes(results: readonly RuleResult[]): StatementResult[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  return coverageMap.map((entry) => {
    const base = {
      id: entry.id,
      section: entry.section,
      heading: entry.heading,
      words: entry.words,
      rules: entry.rules.map((r) => r.id),
      coverage: entry.kind,
      clauses: entry.clauses.map((clause) => clauseOutcome(clause, byId)),
    };
    // A statement no rule reads stands as its kind (not checkable as a whole).
    if (entry.rules.length === 0) return { ...base, status: entry.kind === 'not-checkable' ? 'not-checkable' : 'not-yet', ...(entry.reason === undefined ? {} : { reason: entry.reason }) };
    const status: StatementStatus = worstOf(base.rules, byId);
    if (status === 'not-run') return { ...base, status, reason: 'none of its rules was selected in this run (--only, --skip)' };
    if (status !== 'skipped') return { ...base, status };
    const ran = base.rules.flatMap((id) => byId.get(id) ?? []);
    const reasons = [...new Set(ran.map((r) => `${r.id}: ${r.reason ?? 'skipped'}`))];
    return { ...base, status, reason: reasons.join('; ') };
  });
}
