// Proves the catalogue of faults: for each fault of an area, the reference
// implementation started with it fails the rule the fault names: with the fixtures the
// suite sets, and on the demo data without a control URL (CONTRACT 1.3), where every
// fault but those the demo data cannot show is caught too. One vitest session serves
// all runs of a file, so each fault costs its checks, not a runner start.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { faults, type FaultName } from '../../reference/faults/index.ts';
import { startReference } from '../../reference/server.ts';
import { SuiteSession } from '../../runner/run-suites.ts';
import { findRule } from '../../spec/rules/index.ts';
import { existingDataConfig, referenceConfig } from './reference-config.ts';
import { NOT_SHOWN_BY_EXISTING_DATA } from './not-shown-by-existing-data.ts';

const SEED = 20261121;
const RUNS = 12;

/** `set`: the run sets its fixtures through the control URL; `existing`: the reference holds the demo data and the run has no control URL. */
export type FaultRunData = 'set' | 'existing';

export function describeFaultsOf(area: string, data: FaultRunData = 'set'): void {
  const ofArea = faults.filter((f) => f.rule.split('.')[0] === area);

  describe(`faults of ${area}${data === 'existing' ? ', on existing data' : ''}`, () => {
    let session: SuiteSession;
    beforeAll(async () => {
      session = await SuiteSession.open();
    });
    afterAll(() => session?.close());

    test('the area has faults', () => expect(ofArea.length).toBeGreaterThan(0));

    for (const fault of ofArea) {
      const notShown = data === 'existing' ? NOT_SHOWN_BY_EXISTING_DATA[fault.name as FaultName] : undefined;
      if (notShown !== undefined) {
        test(`${fault.name} is not shown by the demo data: ${notShown}`, async () => {
          const ref = await startReference({ fault: fault.name, data: 'demo' });
          try {
            const [verdict] = await session.run({ config: existingDataConfig(ref, { seed: SEED, runs: RUNS }), selected: [findRule(fault.rule)] });
            expect(verdict?.status, `${fault.rule} caught ${fault.name} on the demo data: remove it from NOT_SHOWN_BY_EXISTING_DATA`).not.toMatch(/^(failed|warned)$/);
          } finally {
            await ref.close();
          }
        });
        continue;
      }
      test(`${fault.name} is caught by ${fault.rule}`, async () => {
        const ref = await startReference({ fault: fault.name, ...(data === 'existing' ? { data: 'demo' } : {}) });
        try {
          const settings = { seed: SEED, runs: RUNS };
          const config = data === 'existing' ? existingDataConfig(ref, settings) : referenceConfig(ref, settings);
          const rule = findRule(fault.rule);
          const [verdict] = await session.run({ config, selected: [rule] });
          // CONTRACT 1.1: a broken SHOULD rule is reported as warned, with the same evidence.
          expect(verdict?.status, `${fault.description}: ${verdict?.reason ?? ''}`).toBe(rule.level === 'MUST' ? 'failed' : 'warned');
          expect(verdict?.evidence?.message).toBeTruthy();
        } finally {
          await ref.close();
        }
      });
    }
  });
}
