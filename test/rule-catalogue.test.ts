// Rule ids are a public interface: users' expectations files and `--only` filters name
// them. This snapshot pins every rule's id, level and quote, so renaming a rule,
// changing its level or its words shows in review as a change of
// test/__snapshots__/rule-catalogue.json (update it with `npx vitest run -u`).
// The lines under it are checked by `tsc` (`npm test` runs it first): a misspelt id,
// fault or variant does not compile.
import { expect, test } from 'vitest';
import { rule } from '../harness/rule.ts';
import type { Faults } from '../reference/faults/registry.ts';
import type { Variants } from '../reference/variants/registry.ts';
import { rules } from '../spec/rules/index.ts';

test('every rule keeps its id, level and quote (a change here breaks users\' expectations files)', async () => {
  const pinned = rules.map(({ id, level, quote }) => ({ id, level, quote }));
  await expect(`${JSON.stringify(pinned, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/rule-catalogue.json');
});

test('a check, a fault or a variant naming what the catalogues do not hold does not compile', () => {
  const body = async () => undefined;
  expect(rule('auth.missing-credentials', {}, body).id).toBe('auth.missing-credentials');
  // @ts-expect-error: no such rule
  rule('auth.missing-credential', {}, body);
  const typed = (faults: Faults, variants: Variants) => {
    faults.has('auth-missing-accepted');
    variants.has('error-body-without-code');
    // @ts-expect-error: no such fault
    faults.has('auth-missing-acepted');
    // @ts-expect-error: no such variant
    variants.has('error-body-without-codes');
  };
  expect(typed).toBeTypeOf('function');
});
