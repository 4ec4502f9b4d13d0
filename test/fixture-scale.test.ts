// The checks that `npm run bench -- --scale` runs at scale (SuiteConfig.fixtureScale):
// at a reduced scale and with 2 cases here (a few seconds in all), they pass against
// the reference implementation and still catch a fault of their rule, so the bench
// measures checks that check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { findRule } from '../spec/rules/index.ts';
import { referenceConfig } from './support/reference-config.ts';

const SCALE = { functions: 1_000, usageEvents: 5_000 };
const cases: Array<{ rule: string; fault: string }> = [
  { rule: 'functions.pagination.every-item-once', fault: 'functions-page-boundary-skip' },
  { rule: 'metrics.pagination.complete', fault: 'metrics-page-boundary-entry-lost' },
  { rule: 'metrics.summary.total-cost', fault: 'metrics-end-inclusive' },
];

describe('checks at fixture scale', () => {
  let session: SuiteSession;
  beforeAll(async () => {
    session = await SuiteSession.open();
  });
  afterAll(() => session?.close());

  async function verdictOf(rule: string, fault?: string) {
    const ref = await startReference(fault ? { fault } : {});
    try {
      const config = referenceConfig(ref, { seed: 20261121, runs: 2, fixtureScale: SCALE });
      const [verdict] = await session.run({ config, selected: [findRule(rule)] });
      return verdict!;
    } finally {
      await ref.close();
    }
  }

  for (const rule of [...new Set(cases.map((c) => c.rule))]) {
    test(`${rule} passes against the reference at ${SCALE.functions} functions / ${SCALE.usageEvents} events`, async () => {
      const verdict = await verdictOf(rule);
      expect(verdict.status, verdict.reason).toBe('passed');
      expect(verdict.requests).toBeGreaterThan(1);
    });
  }

  for (const { rule, fault } of cases) {
    test(`${fault} is caught by ${rule} at scale`, async () => {
      const verdict = await verdictOf(rule, fault);
      expect(verdict.status).toBe('failed');
      expect(verdict.evidence?.message).toBeTruthy();
    });
  }
});
