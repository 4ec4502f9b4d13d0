// The HTML report reads like the specification: rules under the section they
// come from, sections in the specification's order (4.2 before 4.10).
import type { RuleResult } from '../results/model.ts';
import { groupBy } from './group.ts';

export interface SectionGroup {
  /** The first section number of the rules' `section`, e.g. "4.1" for "4.1, 8". */
  section: string;
  heading: string;
  rules: RuleResult[];
}

const UNNUMBERED = 'none';

export function groupBySection(rules: RuleResult[]): SectionGroup[] {
  return [...groupBy(rules, (rule) => firstSection(rule.section))]
    .map(([section, grouped]) => ({
      section,
      heading: section === UNNUMBERED ? 'Without a section number' : `Section ${section}`,
      rules: grouped,
    }))
    .sort((a, b) => compareSections(a.section, b.section));
}

/** The first section number a rule cites ("4.1, 8" → "4.1"). */
export function firstSection(section: string): string {
  return /\d+(?:\.\d+)*/.exec(section)?.[0] ?? UNNUMBERED;
}

/** Number by number (4.2 before 4.10); a section without a number goes last. */
export function compareSections(a: string, b: string): number {
  if (a === UNNUMBERED || b === UNNUMBERED) return Number(a === UNNUMBERED) - Number(b === UNNUMBERED);
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? -1) - (right[i] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}
