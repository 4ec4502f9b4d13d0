// The legal variants of the reference implementation: each makes one choice the
// specification leaves open otherwise than the reference does by default, and the
// whole suite must pass against it (exit status 0): a rule failed here is a false
// alarm. The SHOULD rules a variant breaks warn, those it leaves nothing to observe
// for are skipped, each as the variant's catalogue entry says, and no other.
import { beforeAll, describe, expect, test } from 'vitest';
import { startReference } from '../reference/server.ts';
import { variants } from '../reference/variants/index.ts';
import type { RuleResult } from '../results/model.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { builtInProfiles } from '../spec/profiles.ts';
import { rules, type RuleId } from '../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './support/reference-config.ts';

const SEED = 20261122;
const RUNS = 8;

/** The whole suite against a reference started with each variant, all in one vitest run of the session. */
function verdictsOf(data: 'set' | 'existing'): Map<string, RuleResult[]> {
  const configOf = data === 'existing' ? existingDataConfig : referenceConfig;
  const verdicts = new Map<string, RuleResult[]>();
  beforeAll(async () => {
    const session = await SuiteSession.open();
    const refs = await Promise.all(variants.map((variant) => startReference({ variant: variant.name, ...(data === 'existing' ? { data: 'demo' } : {}) })));
    try {
      const runs = variants.map((variant, i) => ({
        config: configOf(refs[i]!, { seed: SEED, runs: RUNS, profile: builtInProfiles[variant.profile ?? 'spec'] }),
        selected: rules,
      }));
      const results = await session.runEach(runs);
      variants.forEach((variant, i) => verdicts.set(variant.name, results[i]!));
    } finally {
      await Promise.all(refs.map((ref) => ref.close()));
      await session.close();
    }
  }, 900_000);
  return verdicts;
}

const listed = (ids: readonly RuleId[] | undefined, id: string) => ids?.some((listedId) => listedId === id) === true;

describe('legal variants', () => {
  const verdicts = verdictsOf('set');
  for (const variant of variants) {
    test(`${variant.name} (${variant.decides}) passes the whole suite`, () => {
      const expected = (id: string) => (listed(variant.warns, id) ? 'warned' : listed(variant.skips, id) ? 'skipped' : 'passed');
      const off = verdicts.get(variant.name)!.filter((r) => r.status !== expected(r.id)).map((r) => `${r.id}: ${r.status}, expected ${expected(r.id)} (${r.reason ?? ''})`);
      expect(off, variant.description).toEqual([]);
    });
  }
});

// On the demo data without a control URL (CONTRACT 1.3) too: a variant's choice must fail
// no rule that runs on existing data; it warns where it breaks a SHOULD rule, as above.
describe('legal variants, on existing data', () => {
  const verdicts = verdictsOf('existing');
  for (const variant of variants) {
    test(`${variant.name} passes every rule that runs on the demo data`, () => {
      const results = verdicts.get(variant.name)!;
      const warns = (id: string) => listed(variant.warns, id);
      const off = results.filter((r) => r.status === 'failed' || (r.status === 'warned' && !warns(r.id))).map((r) => `${r.id}: ${r.status} (${r.reason ?? ''})`);
      expect(off, variant.description).toEqual([]);
      expect(results.filter((r) => r.status !== 'skipped').length).toBeGreaterThan(60);
    });
  }
});
