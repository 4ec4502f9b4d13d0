// The two forms CI users reach for, tested as far as this machine can without GitHub or
// Docker: the action's inputs against the command line's options, and its script run
// as the runner would run it; the image's build context and its entry point.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { runOptionTable } from '../cli/options.ts';
import { runCommand } from './support/cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };

interface CompositeStep {
  id?: string;
  env?: Record<string, string>;
  run?: string;
}
const action = parse(readFileSync(path.join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: CompositeStep[] };
};
const step = action.runs.steps.find((s) => s.id === 'conformance')!;
/** The inputs of the action's own, which are no option of `run`. */
const ACTION_ONLY = ['command'];

test('every input of the action is an option of the command line, passed as its variable or as its flag', () => {
  const inputs = Object.keys(action.inputs).filter((name) => !ACTION_ONLY.includes(name));
  expect(inputs.length).toBeGreaterThan(20);
  for (const name of inputs) {
    expect(runOptionTable, name).toHaveProperty(name);
    const option = runOptionTable[name as keyof typeof runOptionTable];
    const passedIn = Object.entries(step.env ?? {}).filter(([, value]) => value === `\${{ inputs.${name} }}`).map(([variable]) => variable);
    expect(passedIn, name).toHaveLength(1);
    const [variable] = passedIn as [string];
    if (option.env) expect(variable, name).toBe(option.env);
    else expect(step.run, name).toMatch(new RegExp(`--${name}\\b[^\\n]*\\$${variable}\\b|\\$${variable}\\b[^\\n]*--${name}\\b`));
  }
  // No credential is put on a command line, where a process list would show it.
  for (const credential of ['token', 'member-token', 'no-scope-token', 'other-workspace-token']) expect(step.run).not.toContain(`--${credential}`);
});

let scratch: string;
beforeAll(async () => (scratch = await mkdtemp(path.join(tmpdir(), 'cp-conformance-action-'))));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The action's script run by bash as the runner runs it, with the inputs as GitHub would pass them (absent ones empty). */
async function runStep(inputs: Record<string, string>) {
  const output = path.join(scratch, `output-${Object.values(inputs).join('-').replace(/\W/g, '')}`);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GITHUB_ACTION_PATH: root, GITHUB_OUTPUT: output };
  const withDefaults = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ''])), ...inputs };
  for (const [variable, value] of Object.entries(step.env ?? {})) {
    const input = /^\$\{\{ inputs\.([a-z-]+) \}\}$/.exec(value)?.[1];
    env[variable] = input === undefined ? value : (withDefaults[input] ?? '');
  }
  const outcome = await runCommand('bash', ['-e', '-c', step.run!], { env, cwd: scratch });
  const outputs = Object.fromEntries(
    (await readFile(output, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return { ...outcome, outputs };
}

test("the action's script runs the suite against the embedded reference and names the reports in its outputs", async () => {
  const reportDir = path.join(scratch, 'reports');
  const { code, stderr, outputs } = await runStep({ 'report-dir': reportDir, only: 'auth. functions.limit', seed: '7', runs: '3' });
  expect(code, stderr).toBe(0);
  expect(outputs).toEqual({ 'report-dir': reportDir, junit: `${reportDir}/junit.xml`, html: `${reportDir}/report.html`, results: `${reportDir}/results.json`, 'exit-code': '0' });
  const results = JSON.parse(await readFile(outputs.results!, 'utf8')) as { seed: number; rules: Array<{ id: string }> };
  expect(results.seed).toBe(7);
  expect(results.rules.every((rule) => rule.id.startsWith('auth.') || rule.id.startsWith('functions.limit'))).toBe(true);
  for (const output of Object.keys(action.outputs)) expect(Object.keys(outputs)).toContain(output);
});

test("the action's doctor command checks the setup, and an unknown command is refused", async () => {
  const doctor = await runStep({ command: 'doctor' });
  expect(doctor.code, doctor.stderr).toBe(0);
  expect(doctor.stdout).toContain('Every rule can run.');
  expect(doctor.outputs['exit-code']).toBe('0');
  const unknown = await runStep({ command: 'deploy' });
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toContain('::error::command must be run or doctor, not "deploy"');
});

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'));

test("the image's entry point is the package's command, installed from the tarball npm pack builds, on Node 20", () => {
  expect(dockerfile).toMatch(/^ENTRYPOINT \["cp-conformance"\]$/m);
  expect(Object.keys(packageJson.bin)).toEqual(['cp-conformance']);
  expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image)).toEqual(['node:20-slim', 'node:20-slim']);
  expect(dockerfile).toMatch(/^RUN npm pack --pack-destination \/tmp$/m);
  expect(dockerfile).toMatch(/^RUN npm install --global --no-audit --no-fund \/tmp\/cp-conformance-\*\.tgz/m);
});

test("the image's build context leaves out what the build makes or installs, and keeps what it needs", () => {
  for (const left of ['node_modules/', 'dist/', 'conformance-report/', '.git/']) expect(dockerignore).toContain(left);
  const needed = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.js', 'bin/cp-conformance.js', 'spec/api-specification.md', 'reference/server.ts'];
  const ignored = (file: string) => dockerignore.some((pattern) => (pattern.endsWith('/') ? file.startsWith(pattern) : file === pattern || file.endsWith(pattern.replace('*', ''))));
  expect(needed.filter(ignored)).toEqual([]);
});
