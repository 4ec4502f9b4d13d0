// The clean reference implementation passes every rule of the catalogue, with every
// credential and the control URL given (what `npm start` does).
import { expect, test } from 'vitest';
import { rules } from '../spec/rules/index.ts';
import { runForResults } from './support/cli.ts';

test('npm start: the embedded reference implementation passes every rule and the reports are written', async () => {
  const run = await runForResults([]);
  const notPassed = run.results.rules.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} (${r.reason ?? ''})`);
  expect(notPassed, run.stdout + run.stderr).toEqual([]);
  expect(run.results.rules.map((r) => r.id).sort()).toEqual(rules.map((r) => r.id).sort());
  expect(run.code).toBe(0);
});
