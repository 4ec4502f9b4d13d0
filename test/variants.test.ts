// The legal variants of the reference implementation: each makes one choice the
// specification leaves open otherwise than the reference does by default, and the
// whole suite must pass against it (exit status 0): a rule failed here is a false
// alarm. The SHOULD rules a variant breaks warn, those it leaves nothing to observe
// for are skipped, each as the variant's catalogue entry says, and no other.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference } from '../reference/server.ts';
import { variants } from '../reference/variants/index.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { builtInProfiles } from '../spec/profiles.ts';
import { rules, type RuleId } from '../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './support/reference-config.ts';

const SEED = 20261122;
const RUNS = 8;

describe('legal variants', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await SuiteSession.open(4);
  });
  afterAll(() => session?.close());

  for (const variant of variants) {
    test(`${variant.name} (${variant.decides}) passes the whole suite`, async () => {
      const ref = await startReference({ variant: variant.name });
      try {
        const profile = builtInProfiles[variant.profile ?? 'spec'];
        const config = referenceConfig(ref, { seed: SEED, runs: RUNS, profile });
        const results = await session.run({ config, selected: rules });
        const listed = (ids: readonly RuleId[] | undefined, id: string) => ids?.some((listedId) => listedId === id) === true;
        const expected = (id: string) => (listed(variant.warns, id) ? 'warned' : listed(variant.skips, id) ? 'skipped' : 'passed');
        const off = results.filter((r) => r.status !== expected(r.id)).map((r) => `${r.id}: ${r.status}, expected ${expected(r.id)} (${r.reason ?? ''})`);
        expect(off, variant.description).toEqual([]);
      } finally {
        await ref.close();
      }
    });
  }
});

// On the demo data without a control URL (CONTRACT 1.3) too: a variant's choice must fail
// no rule that runs on existing data; it warns where it breaks a SHOULD rule, as above.
describe('legal variants, on existing data', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await SuiteSession.open(4);
  });
  afterAll(() => session?.close());

  for (const variant of variants) {
    test(`${variant.name} passes every rule that runs on the demo data`, async () => {
      const ref = await startReference({ variant: variant.name, data: 'demo' });
      try {
        const profile = builtInProfiles[variant.profile ?? 'spec'];
        const results = await session.run({ config: existingDataConfig(ref, { seed: SEED, runs: RUNS, profile }), selected: rules });
        const warns = (id: string) => variant.warns?.some((listed) => listed === id) === true;
        const off = results.filter((r) => r.status === 'failed' || (r.status === 'warned' && !warns(r.id))).map((r) => `${r.id}: ${r.status} (${r.reason ?? ''})`);
        expect(off, variant.description).toEqual([]);
        expect(results.filter((r) => r.status !== 'skipped').length).toBeGreaterThan(60);
      } finally {
        await ref.close();
      }
    });
  }
});
