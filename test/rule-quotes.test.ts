// CONTRACT 1.1: every rule quotes the words of the specification it enforces,
// verbatim (whitespace aside), and a SHOULD rule says why it is not a MUST.
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { rules } from '../spec/rules/index.ts';

const specification = await readFile(new URL('../../shared/spec-source/api-specification.md', import.meta.url), 'utf8');
const folded = (text: string): string => text.replace(/\s+/g, ' ').trim();

test.each(rules.map((r) => [r.id, r] as const))('%s quotes words found in the specification', (_, rule) => {
  expect(rule.quote.trim().length).toBeGreaterThan(0);
  expect(folded(specification).includes(folded(rule.quote)), `not in the specification: ${rule.quote}`).toBe(true);
});

test('every SHOULD rule says why its words only imply the behaviour', () => {
  const unexplained = rules.filter((r) => r.level === 'SHOULD' && !('why' in r && r.why.trim())).map((r) => r.id);
  expect(unexplained).toEqual([]);
});
