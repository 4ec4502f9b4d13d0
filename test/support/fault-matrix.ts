// Proves the catalogue of faults: for each fault of an area, the reference
// implementation started with it fails the rule the fault names: with the fixtures the
// suite sets, and on the demo data without a control URL (CONTRACT 1.3); each fault one
// of them cannot show is listed with why (not-shown-by-*-data.ts), and the other shows it. The runs of an area's faults
// go in one vitest run (SuiteSession.runEach), so each fault costs its check, not a
// worker's start.
import { beforeAll, describe, expect, test } from 'vitest';
import type { RuleResult } from '../../results/model.ts';
import { faults, type FaultName } from '../../reference/faults/index.ts';
import { startReference } from '../../reference/server.ts';
import { SuiteSession } from '../../runner/run-suites.ts';
import { findRule } from '../../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './reference-config.ts';
import { NOT_SHOWN_BY_EXISTING_DATA } from './not-shown-by-existing-data.ts';
import { NOT_SHOWN_BY_SET_DATA } from './not-shown-by-set-data.ts';
import { faultMissed } from './verdicts.ts';

const SEED = 20261121;
const RUNS = 12;

/** `set`: the run sets its fixtures through the control URL; `existing`: the reference holds the demo data and the run has no control URL. */
export type FaultRunData = 'set' | 'existing';

export function describeFaultsOf(area: string, data: FaultRunData = 'set'): void {
  const ofArea = faults.filter((f) => f.rule.split('.')[0] === area);
  const notShownOf = (name: string) => (data === 'existing' ? NOT_SHOWN_BY_EXISTING_DATA[name as FaultName] : NOT_SHOWN_BY_SET_DATA[name as FaultName]);

  describe(`faults of ${area}${data === 'existing' ? ', on existing data' : ''}`, () => {
    // Each fault's rule against its own reference, all in one vitest run of the session.
    const verdicts = new Map<string, RuleResult | undefined>();
    beforeAll(async () => {
      const session = await SuiteSession.open();
      const refs = await Promise.all(ofArea.map((fault) => startReference({ fault: fault.name, ...(data === 'existing' ? { data: 'demo' } : {}) })));
      try {
        const settings = { seed: SEED, runs: RUNS };
        const runs = ofArea.map((fault, i) => ({
          config: data === 'existing' ? existingDataConfig(refs[i]!, settings) : referenceConfig(refs[i]!, settings),
          selected: [findRule(fault.rule)],
        }));
        const results = await session.runEach(runs);
        ofArea.forEach((fault, i) => verdicts.set(fault.name, results[i]?.[0]));
      } finally {
        await Promise.all(refs.map((ref) => ref.close()));
        await session.close();
      }
    }, 600_000);

    test('the area has faults', () => expect(ofArea.length).toBeGreaterThan(0));

    for (const fault of ofArea) {
      const notShown = notShownOf(fault.name);
      if (notShown !== undefined) {
        const list = data === 'existing' ? 'NOT_SHOWN_BY_EXISTING_DATA' : 'NOT_SHOWN_BY_SET_DATA';
        test(`${fault.name} is not shown by the ${data === 'existing' ? 'demo data' : 'fixtures a run sets'}: ${notShown}`, () => {
          const verdict = verdicts.get(fault.name);
          expect(verdict?.status, `${fault.rule} caught ${fault.name} on ${data} data: remove it from ${list}`).not.toMatch(/^(failed|warned)$/);
        });
        continue;
      }
      test(`${fault.name} is caught by ${fault.rule}`, () => {
        // CONTRACT 1.1: a broken SHOULD rule is reported as warned, with the same evidence.
        expect(faultMissed(fault, verdicts.get(fault.name)), fault.description).toBeUndefined();
      });
    }
  });
}
