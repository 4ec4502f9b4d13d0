// The clean reference implementation passes every rule of the catalogue when the run
// has every credential and the control URL, and no credential reaches a report.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { rules } from '../spec/rules/index.ts';
import { runForResults, targetEnv } from './support/cli.ts';

let ref: ReferenceHandle;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref.close());

test('the reference implementation passes every rule, and no credential appears in any report or log line', async () => {
  const run = await runForResults(['--seed', '7'], targetEnv(ref));
  const notPassed = run.results.rules.filter((r) => r.status !== 'passed').map((r) => `${r.id}: ${r.status} (${r.reason ?? ''})`);
  expect(notPassed, run.stdout + run.stderr).toEqual([]);
  expect(run.results.rules.map((r) => r.id).sort()).toEqual(rules.map((r) => r.id).sort());
  expect(run.code).toBe(0);

  const files = await readdir(run.reportDir);
  expect(files.sort()).toEqual(['junit.xml', 'report.html', 'results.json']);
  const written = [run.stdout, run.stderr, ...(await Promise.all(files.map((f) => readFile(path.join(run.reportDir, f), 'utf8'))))];
  for (const token of Object.values(ref.credentials)) {
    for (const text of written) expect(text.includes(token)).toBe(false);
  }
});

test('npm start: with no options the suite runs against the embedded reference implementation', async () => {
  const run = await runForResults(['--only', 'auth.']);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  expect(run.results.target.embedded).toBe(true);
  expect(run.results.rules.every((r) => r.status === 'passed')).toBe(true);
});
