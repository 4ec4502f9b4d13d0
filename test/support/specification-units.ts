// The specification split into the units a statement of behaviour can sit in: each
// sentence of prose and of a table's Rules cell, each other table row. Offsets are in
// the folded text (whitespace runs made one space), where quotes and statements are
// found, so a unit, a statement and a rule's quote can be compared by position.
import { specificationText } from '../../spec/specification.ts';

export interface SpecificationUnit {
  readonly section: string;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** A table row (or a sentence of its Rules cell), as against prose. */
  readonly inTable: boolean;
}

export const fold = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const foldedSpecification = fold(specificationText);

/** Every position of `words` in the folded specification. */
export function occurrences(words: string): number[] {
  const needle = fold(words);
  const found: number[] = [];
  for (let at = foldedSpecification.indexOf(needle); at >= 0; at = foldedSpecification.indexOf(needle, at + 1)) found.push(at);
  return found;
}

const sentences = (text: string): string[] => text.split(/(?<=\.)\s+(?=[A-Z`{(0-9])/).filter((s) => s.trim());

export function specificationUnits(): SpecificationUnit[] {
  const units: SpecificationUnit[] = [];
  let section = '';
  let offset = 0;
  let rulesColumn = -1;
  const add = (text: string, lineStart: number, line: string, inTable: boolean) => {
    const at = line.indexOf(text);
    if (at < 0) throw new Error(`unit not in its line: ${text}`);
    units.push({ section, text, start: lineStart + at, end: lineStart + at + text.length, inTable });
  };
  for (const raw of specificationText.split('\n')) {
    const line = fold(raw);
    if (!line) {
      rulesColumn = -1;
      continue;
    }
    const lineStart = offset;
    offset += line.length + 1;
    const heading = /^#+\s+(\d+(?:\.\d+)?)[.\s]/.exec(line);
    if (heading) section = heading[1]!;
    if (line.startsWith('#') || !section) continue;
    if (line.startsWith('|')) {
      const cells = line.split(/\s*\|\s*/).slice(1, -1);
      if (cells.every((c) => /^-+$/.test(c))) continue;
      if (rulesColumn === -1) {
        // The header row: remember whether rows state rules in a column of their own.
        rulesColumn = cells.indexOf('Rules');
        if (rulesColumn === -1) rulesColumn = -2;
        continue;
      }
      if (rulesColumn >= 0) {
        for (const sentence of sentences(cells[rulesColumn] ?? '')) add(sentence, lineStart, line, true);
      } else {
        add(line, lineStart, line, true);
      }
      continue;
    }
    rulesColumn = -1;
    const prose = line.replace(/^- /, '');
    for (const sentence of sentences(prose)) add(sentence, lineStart, line, false);
  }
  return units;
}
