// `cp-conformance coverage [--json]`: the specification's statements of behaviour by
// section, each with its clauses (every value, bound, parameter, endpoint, version, role
// and page position of its words): a checked clause with the fault of the reference
// that proves it and that fault's rule, the others with why not; and the totals.
import { coverageMap, coverageTotals, type CoverageClause, type CoverageEntry } from '../runner/coverage.ts';

const KIND_WORDS: Record<CoverageEntry['kind'], string> = {
  checked: 'checked',
  'partly-checked': 'partly checked',
  'not-checkable': 'not checkable',
  'not-yet': 'not yet checked',
};

const CLAUSE_WORDS: Record<CoverageClause['kind'], string> = { checked: 'checked', 'not-checkable': 'not checkable', 'not-yet': 'not yet' };

export function coverageJson(): string {
  return `${JSON.stringify({ statements: coverageMap, totals: coverageTotals() }, null, 2)}\n`;
}

/** "2 of 3 clauses checked" beside a statement's kind. */
function clauseCount(entry: CoverageEntry): string {
  if (entry.clauses.length === 0) return KIND_WORDS[entry.kind];
  const checked = entry.clauses.filter((c) => c.kind === 'checked').length;
  return `${KIND_WORDS[entry.kind]}, ${checked} of ${entry.clauses.length} clauses`;
}

/** A clause id without its statement's, where the statement is the one shown. */
const local = (id: string, statement: string) => (id.startsWith(`${statement}:`) ? id.slice(statement.length) : id);

function clauseLines(clause: CoverageClause, statement: string): string[] {
  const lines = [`    - ${local(clause.id, statement)}  (${CLAUSE_WORDS[clause.kind]})  ${clause.covers}`];
  if (clause.sameAs) lines.push(`        same as ${clause.sameAs.join(', ')}`);
  for (const proof of clause.proofs) {
    const also = proof.alsoBreaks?.length ? `; it also breaks ${proof.alsoBreaks.join(', ')}` : '';
    lines.push(`        fault ${proof.fault}, caught by ${proof.rule} (${proof.level})${also}`);
  }
  if (clause.kind !== 'checked' && clause.reason) lines.push(`        ${clause.kind === 'not-yet' ? 'needs' : 'why'}: ${clause.reason}`);
  return lines;
}

/** The last line of `coverage`: the totals of statements and of clauses. */
export function totalsLine(totals = coverageTotals()): string {
  const { clauses } = totals;
  return (
    `${totals.statements} statements of behaviour: ${totals.checked} checked, ${totals.partlyChecked} partly checked, ` +
    `${totals.notCheckable} not checkable through these endpoints, ${totals.notYet} not yet checked; ` +
    `${clauses.total} clauses: ${clauses.checked} checked (each by a fault of the reference its rule catches), ` +
    `${clauses.notCheckable} not checkable, ${clauses.notYet} not yet checked`
  );
}

export function coverageText(): string {
  const lines: string[] = [];
  let section: string | undefined;
  for (const entry of coverageMap) {
    if (entry.section !== section) {
      section = entry.section;
      lines.push('', `§${entry.section} ${entry.heading}`);
    }
    lines.push(`  ${entry.id}  (${clauseCount(entry)})`, `    "${entry.words}"`);
    if (entry.rules.length) lines.push(`    rules: ${entry.rules.map((r) => `${r.id} (${r.level})`).join(', ')}`);
    if (entry.reason) lines.push(`    why: ${entry.reason}`);
    for (const clause of entry.clauses) lines.push(...clauseLines(clause, entry.id));
  }
  lines.push('', totalsLine());
  return `${lines.join('\n').trimStart()}\n`;
}
