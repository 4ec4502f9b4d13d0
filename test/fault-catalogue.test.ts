// The fault catalogue is well formed: unique names, each breaking a rule of the
// catalogue, and every rule has at least one fault that proves its check can fail.
import { expect, test } from 'vitest';
import { faults } from '../reference/faults/index.ts';
import { findRule, rules } from '../spec/rules/index.ts';

test('every fault names a rule of the catalogue', () => {
  for (const fault of faults) expect(() => findRule(fault.rule), fault.name).not.toThrow();
});

test('every rule has a fault that it must catch', () => {
  const proven = new Set(faults.map((f) => f.rule));
  expect(rules.map((r) => r.id).filter((id) => !proven.has(id))).toEqual([]);
});
