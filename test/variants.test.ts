// The legal variants of the reference implementation: each makes one choice the
// specification leaves open otherwise than the reference does by default, and the
// whole suite must pass against it (exit status 0): a rule failed here is a false
// alarm. The SHOULD rules a variant breaks warn, those it leaves nothing to observe
// for are skipped, each as the variant's catalogue entry says, and no other. The
// variants run in bundles (test/support/variant-bundles.ts); `npm run sweep` draws other
// bundles at other seeds.
import { beforeAll, describe, expect, test } from 'vitest';
import { variants } from '../reference/variants/index.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { bundles, offByVariant, type OffLine } from './support/variant-bundles.ts';
import type { RunData } from './support/verdicts.ts';

const SEED = 20261122;
const RUNS = 8;

/** What is off for each variant (with its bundle's companions where only the bundle is), the whole suite run in bundles in one vitest session. */
function offLines(data: RunData): (variant: string) => string[] {
  const off: OffLine[] = [];
  beforeAll(async () => {
    const session = await SuiteSession.open();
    try {
      off.push(...(await offByVariant(session, bundles(SEED), data, SEED, RUNS)).flat());
    } finally {
      await session.close();
    }
  }, 900_000);
  return (variant) => off.filter((o) => o.variants.includes(variant)).map((o) => (o.variants.length > 1 ? `with ${o.variants.join('+')}: ${o.line}` : o.line));
}

describe('legal variants', () => {
  const offFor = offLines('set');
  for (const variant of variants) {
    test(`${variant.name} (${variant.decides}) passes the whole suite`, () => {
      expect(offFor(variant.name), variant.description).toEqual([]);
    });
  }
});

// On the demo data without a control URL (CONTRACT 1.3) too: a variant's choice must fail
// no rule that runs on existing data; it warns where it breaks a SHOULD rule, as above.
describe('legal variants, on existing data', () => {
  const offFor = offLines('existing');
  for (const variant of variants) {
    test(`${variant.name} passes every rule that runs on the demo data`, () => {
      expect(offFor(variant.name), variant.description).toEqual([]);
    });
  }
});
