// `doctor` says exactly what `run` will do: over a matrix of option sets (with and
// without a control URL, each credential left out, --read-only, the sandbox options left
// out, no account), the rules the doctor says a run skips, and why, are the rules the run
// skips, with the same reasons.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseRunOptions } from '../cli/options.ts';
import { diagnose } from '../runner/doctor.ts';
import { runConformance } from '../runner/run.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { targetEnv } from './support/cli.ts';

let fixtures: ReferenceHandle;
let demo: ReferenceHandle;
beforeAll(async () => {
  [fixtures, demo] = await Promise.all([startReference(), startReference({ data: 'demo' })]);
});
afterAll(() => Promise.all([fixtures?.close(), demo?.close()]));

const without = (env: Record<string, string>, ...names: string[]) => Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));

const matrix: Array<[string, () => Record<string, string>, string[]]> = [
  ['set data, every option', () => targetEnv(fixtures), []],
  ['set data, --read-only', () => targetEnv(fixtures), ['--read-only']],
  ['set data, no account', () => without(targetEnv(fixtures), 'CP_ACCOUNT_ID'), []],
  ['existing data, every option', () => targetEnv(demo), []],
  ['existing data, no member credential', () => without(targetEnv(demo), 'CP_MEMBER_TOKEN'), []],
  ['existing data, no no-scope credential', () => without(targetEnv(demo), 'CP_NO_SCOPE_TOKEN'), []],
  ['existing data, no other-workspace credential', () => without(targetEnv(demo), 'CP_OTHER_WORKSPACE_TOKEN'), []],
  ['existing data, no sandbox URL', () => without(targetEnv(demo), 'CP_SANDBOX_URL'), []],
  ['existing data, no sandbox name nor process', () => without(targetEnv(demo), 'CP_SANDBOX_NAME', 'CP_PROCESS_NAME', 'CP_PROCESS_PID'), []],
];

describe("doctor's table is the run's skips, rule for rule", () => {
  test.each(matrix)('%s', async (_, env, args) => {
    const options = parseRunOptions(['--seed', '7', ...args], env());
    const diagnosis = await diagnose(options);
    const said = (diagnosis.areas ?? []).flatMap((area) => area.skipped).map(({ id, reason }) => `${id}: ${reason}`);
    const { result } = await runConformance(options);
    const skipped = result.rules.filter((rule) => rule.status === 'skipped').map((rule) => `${rule.id}: ${rule.reason}`);
    expect(said.sort()).toEqual(skipped.sort());
    expect((diagnosis.areas ?? []).reduce((n, area) => n + area.rules, 0)).toBe(result.rules.length);
  });
});
