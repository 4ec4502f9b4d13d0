// The specification's statements joined with the rule catalogue (`cp-conformance
// coverage`) and with a run's outcomes (results.json `statements`, the HTML report's
// specification view).
import type { Level, RuleResult, RuleStatus, StatementResult, StatementStatus } from '../results/model.ts';
import { findRule } from '../spec/rules/index.ts';
import { sectionHeadings } from '../spec/specification.ts';
import { statementKind, statementReason, statements, type StatementKind } from '../spec/statements.ts';

export interface CoverageEntry {
  readonly id: string;
  readonly section: string;
  readonly heading: string;
  readonly words: string;
  readonly kind: StatementKind;
  readonly rules: readonly { readonly id: string; readonly level: Level }[];
  readonly reason?: string;
}

export const coverageMap: readonly CoverageEntry[] = statements.map((statement) => {
  const reason = statementReason(statement);
  return {
    id: statement.id,
    section: statement.section,
    heading: sectionHeadings.get(statement.section) ?? '',
    words: statement.words,
    kind: statementKind(statement),
    rules: 'rules' in statement ? statement.rules.map((id) => ({ id, level: findRule(id).level })) : [],
    ...(reason === undefined ? {} : { reason }),
  };
});

export function coverageTotals(entries: readonly CoverageEntry[] = coverageMap): { statements: number; checked: number; notCheckable: number; notYet: number } {
  const count = (kind: StatementKind) => entries.filter((e) => e.kind === kind).length;
  return { statements: entries.length, checked: count('checked'), notCheckable: count('not-checkable'), notYet: count('not-yet') };
}

// A statement stands as its worst rule: one broken rule breaks the statement.
const WORST_FIRST: RuleStatus[] = ['failed', 'error', 'warned', 'known', 'fixed', 'passed', 'skipped'];

/** Each statement with the outcome of its rules in this run (the worst of those that ran). */
export function statementOutcomes(results: readonly RuleResult[]): StatementResult[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  return coverageMap.map((entry) => {
    const base = { id: entry.id, section: entry.section, heading: entry.heading, words: entry.words, rules: entry.rules.map((r) => r.id) };
    // The map's kinds are the outcomes of a statement no rule checks.
    if (entry.kind !== 'checked') return { ...base, status: entry.kind, reason: entry.reason };
    const ran = entry.rules.flatMap((r) => byId.get(r.id) ?? []);
    const status: StatementStatus = WORST_FIRST.find((s) => ran.some((r) => r.status === s)) ?? 'not-run';
    if (status === 'not-run') return { ...base, status, reason: 'none of its rules was selected in this run (--only, --skip)' };
    if (status !== 'skipped') return { ...base, status };
    const reasons = [...new Set(ran.map((r) => `${r.id}: ${r.reason ?? 'skipped'}`))];
    return { ...base, status, reason: reasons.join('; ') };
  });
}
