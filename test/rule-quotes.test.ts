// CONTRACT 1.1: every rule quotes the words of the specification it enforces,
// verbatim (whitespace aside), and a SHOULD rule says why it is not a MUST. The
// specification is kept in spec/ so that a clone alone can check the quotes; where
// the shared copy sits beside the checkout, the two must be the same text.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { rules } from '../spec/rules/index.ts';
import { specificationText as specification } from '../spec/specification.ts';

const shared = new URL('../../shared/spec-source/api-specification.md', import.meta.url);
const folded = (text: string): string => text.replace(/\s+/g, ' ').trim();

test.each(rules.map((r) => [r.id, r] as const))('%s quotes words found in the specification', (_, rule) => {
  expect(rule.quote.trim().length).toBeGreaterThan(0);
  expect(folded(specification).includes(folded(rule.quote)), `not in the specification: ${rule.quote}`).toBe(true);
});

test('every SHOULD rule says why its words only imply the behaviour', () => {
  const unexplained = rules.filter((r) => r.level === 'SHOULD' && !('why' in r && r.why.trim())).map((r) => r.id);
  expect(unexplained).toEqual([]);
});

test.skipIf(!existsSync(shared))('spec/api-specification.md is the shared specification, unchanged', () => {
  expect(specification).toBe(readFileSync(shared, 'utf8'));
});
