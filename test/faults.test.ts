// Every fault of the reference implementation's catalogue is caught by the rule it
// breaks: the suite, run against the faulty reference, fails that rule.
import { afterAll, describe, expect, test } from 'vitest';
import { faults } from '../reference/faults/index.ts';
import { startReference } from '../reference/server.ts';
import { findRule } from '../spec/rules/index.ts';
import { runForResults, targetEnv } from './support/cli.ts';

const SEED = '20261121';

describe('the fault catalogue', () => {
  test('every fault names a rule of the catalogue', () => {
    for (const fault of faults) expect(() => findRule(fault.rule), fault.name).not.toThrow();
  });
});

describe.concurrent('each fault is caught by its rule', () => {
  const handles: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  for (const fault of faults) {
    test(`${fault.name} fails ${fault.rule}`, async () => {
      const ref = await startReference({ fault: fault.name });
      handles.push(ref);
      const run = await runForResults(['--only', fault.rule, '--seed', SEED], targetEnv(ref));
      const verdict = run.results.rules.find((r) => r.id === fault.rule);
      expect(verdict?.status, `${fault.description}\n${run.stdout}\n${run.stderr}`).toBe('failed');
      expect(run.code).toBe(1);
      expect(verdict?.evidence?.message).toBeTruthy();
    });
  }
});
