// Proves the catalogue of faults: for each fault of an area, the reference
// implementation started with it fails the rule the fault names. One vitest session
// serves all runs of a file, so each fault costs its checks, not a runner start.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { faults } from '../../reference/faults/index.ts';
import { startReference } from '../../reference/server.ts';
import { SuiteSession } from '../../runner/run-suites.ts';
import { findRule } from '../../spec/rules/index.ts';
import { referenceConfig } from './reference-config.ts';

const SEED = 20261121;
const RUNS = 25;

export function describeFaultsOf(area: string): void {
  const ofArea = faults.filter((f) => f.rule.split('.')[0] === area);

  describe(`faults of ${area}`, () => {
    let session: SuiteSession;
    beforeAll(async () => {
      session = await SuiteSession.open();
    });
    afterAll(() => session?.close());

    test('the area has faults', () => expect(ofArea.length).toBeGreaterThan(0));

    for (const fault of ofArea) {
      test(`${fault.name} is caught by ${fault.rule}`, async () => {
        const ref = await startReference({ fault: fault.name });
        try {
          const config = referenceConfig(ref, { seed: SEED, runs: RUNS });
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
