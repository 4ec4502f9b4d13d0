// `cp-conformance coverage [--json]`: the specification's statements of behaviour by
// section, each with the rules that check it or the reason none does, and the totals.
import { coverageMap, coverageTotals, type CoverageEntry } from '../runner/coverage.ts';

const KIND_WORDS: Record<CoverageEntry['kind'], string> = { checked: 'checked', 'not-checkable': 'not checkable', 'not-yet': 'not yet checked' };

export function coverageJson(): string {
  return `${JSON.stringify({ statements: coverageMap, totals: coverageTotals() }, null, 2)}\n`;
}

export function coverageText(): string {
  const lines: string[] = [];
  let section: string | undefined;
  for (const entry of coverageMap) {
    if (entry.section !== section) {
      section = entry.section;
      lines.push('', `§${entry.section} ${entry.heading}`);
    }
    lines.push(`  ${entry.id}  (${KIND_WORDS[entry.kind]})`, `    "${entry.words}"`);
    lines.push(entry.kind === 'checked' ? `    rules: ${entry.rules.map((r) => `${r.id} (${r.level})`).join(', ')}` : `    why: ${entry.reason}`);
  }
  const totals = coverageTotals();
  lines.push(
    '',
    `${totals.statements} statements of behaviour: ${totals.checked} checked by rules, ${totals.notCheckable} not checkable through these endpoints, ${totals.notYet} not yet checked`,
  );
  return `${lines.join('\n').trimStart()}\n`;
}
