// Two runs against one target at once (two CI pipelines against one staging deployment):
// each replaces the other's fixtures, and no false verdict comes of it. A failure on set
// data stands only where the target still holds what the check set (suites/support/held.ts);
// otherwise the check ends as an error of the suite that says its fixtures were replaced.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { runForResults, targetEnv } from './support/cli.ts';

let ref: ReferenceHandle;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref?.close());

test('two runs at once against one reference: neither fails or warns a rule; the checks whose fixtures the other replaced say so', async () => {
  const [first, second] = await Promise.all([runForResults(['--seed', '41'], targetEnv(ref)), runForResults(['--seed', '42'], targetEnv(ref))]);
  for (const run of [first, second]) {
    const verdicts = run.results.rules.filter((rule) => rule.status === 'failed' || rule.status === 'warned').map((rule) => `${rule.id}: ${rule.reason}`);
    expect(verdicts).toEqual([]);
    // No failure; a check that could not be made gives 2.
    expect([0, 2]).toContain(run.code);
    for (const rule of run.results.rules.filter((r) => r.status === 'error'))
      expect(rule.reason).toMatch(/^(the fixtures this check set were replaced while it read them \(|another party changed this target's fixtures while this run read them)/);
  }
  // They did meet: at least one check saw its fixtures replaced.
  expect(first.results.summary.error + second.results.summary.error).toBeGreaterThan(0);
});
