// The fault and variant catalogues are well formed: unique names, each breaking a rule of the
// catalogue, and every rule has at least one fault that proves its check can fail.
import { expect, test } from 'vitest';
import { faults } from '../reference/faults/index.ts';
import { variants } from '../reference/variants/index.ts';
import { findRule, rules } from '../spec/rules/index.ts';

test('every fault names a rule of the catalogue', () => {
  for (const fault of faults) expect(() => findRule(fault.rule), fault.name).not.toThrow();
});

test('every rule has a fault that it must catch', () => {
  const proven = new Set(faults.map((f) => f.rule));
  expect(rules.map((r) => r.id).filter((id) => !proven.has(id))).toEqual([]);
});

test('the legal variants are catalogued: each names the open point it decides, and only rules of the catalogue', () => {
  expect(variants.length).toBeGreaterThan(0);
  for (const variant of variants) {
    expect(variant.decides.trim(), variant.name).not.toBe('');
    for (const id of variant.skips ?? []) expect(() => findRule(id), variant.name).not.toThrow();
    // A choice the specification leaves open may break only what it merely implies.
    for (const id of variant.warns ?? []) expect(findRule(id).level, `${variant.name} warns on ${id}`).toBe('SHOULD');
  }
});
