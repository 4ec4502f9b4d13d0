// The two forms CI users reach for, tested as far as this machine can without GitHub or
// Docker. The action: its inputs against the command line's options, and its one step
// run as the runner runs it (the step's `run` by bash, the inputs as INPUT_* variables,
// a GITHUB_OUTPUT and a GITHUB_STEP_SUMMARY file, the package downloaded from a release
// served on 127.0.0.1 as GitHub serves one). The image: its build context and its entry point.
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runOptionTable } from '../cli/options.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { RunResult } from '../results/model.ts';
import { action, releaseAsset, runActionStep, serveRelease, step, type Runner } from './support/action.ts';
import { startLocalRegistry, type LocalRegistry } from './support/local-registry.ts';
import { targetEnv } from './support/cli.ts';
import { packWorkTree, repository as root } from './support/pack.ts';

const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string>; version: string };
const script = readFileSync(path.join(root, 'action', 'run.sh'), 'utf8');
/** The inputs of the action's own, which are no option of `run`. */
const ACTION_ONLY = ['command', 'package'];
/** The options of `run` the action leaves out: the embedded reference's data set is no CI target. */
const NOT_INPUTS = ['embedded-data'];
const inputVariable = (name: string) => `INPUT_${name.toUpperCase().replace(/-/g, '_')}`;

test('the action is one step that runs action/run.sh, with no setup-node or other action that would change the caller\'s PATH', () => {
  expect(action.runs.using).toBe('composite');
  expect(action.runs.steps).toHaveLength(1);
  expect(step.uses).toBeUndefined();
  expect(step.shell).toBe('bash');
  expect(step.run?.trim()).toBe('bash "$GITHUB_ACTION_PATH/action/run.sh"');
  expect(script).not.toContain('GITHUB_PATH');
  expect(script).not.toContain('GITHUB_ENV');
});

test('every input of the action is an option of the command line, passed to the script as INPUT_* and on to the command as its variable or its flag', () => {
  const inputs = Object.keys(action.inputs).filter((name) => !ACTION_ONLY.includes(name));
  expect(inputs.sort()).toEqual(Object.keys(runOptionTable).filter((name) => !NOT_INPUTS.includes(name)).sort());
  for (const name of Object.keys(action.inputs)) expect(step.env?.[inputVariable(name)], name).toBe(`\${{ inputs.${name} }}`);
  for (const name of inputs) {
    const option = runOptionTable[name as keyof typeof runOptionTable];
    const variable = inputVariable(name);
    if (option.env) expect(script, name).toContain(`variable ${option.env} "\${${variable}:-}"`);
    else if (!option.arg) expect(script, name).toContain(`switch --${name} "\${${variable}:-}"`);
    else if (name === 'only' || name === 'skip') expect(script, name).toMatch(new RegExp(`<<<"\\$\\{${variable}:-\\}"\\nfor p in "\\$\\{prefixes\\[@\\]\\}"; do args\\+=\\(--${name} "\\$p"\\)`));
    else if (name === 'report-dir') expect(script).toContain(`report_dir="\${${variable}:-conformance-report}"`);
    else expect(script, name).toContain(`flag --${name} "\${${variable}:-}"`);
  }
  // No credential is put on a command line, where a process list would show it.
  for (const credential of ['token', 'member-token', 'no-scope-token', 'other-workspace-token']) expect(script).not.toContain(`--${credential}`);
});

let scratch: string;
let tarball: string;
let reference: ReferenceHandle;
let release: Awaited<ReturnType<typeof serveRelease>>;
let releaseUrl: string;
let registry: LocalRegistry;
const REPOSITORY = 'your-org/cp-conformance';
const ASSET = releaseAsset(REPOSITORY);

beforeAll(async () => {
  registry = await startLocalRegistry();
  scratch = await mkdtemp(path.join(tmpdir(), 'cp-conformance-action-'));
  ({ tarball } = await packWorkTree(scratch));
  release = await serveRelease(tarball, REPOSITORY);
  releaseUrl = release.url;
  reference = await startReference({ data: 'demo' });
}, 120_000);
afterAll(async () => {
  await reference?.close();
  await release?.close();
  await registry?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** The step in this file's job: one workspace and one RUNNER_TEMP unless given, github.action_repository set, npm pointed at the loopback registry. */
function runStep(inputs: Record<string, string>, runner: Partial<Runner> = {}) {
  return runActionStep(inputs, {
    scratch,
    workspace: path.join(scratch, 'workspace'),
    serverUrl: releaseUrl,
    runnerTemp: path.join(scratch, 'runner-temp'),
    github: { action_repository: REPOSITORY },
    ...runner,
    env: { ...registry.env, ...runner.env },
  });
}

test("run: the released package is downloaded once and runs against the embedded reference; the outputs name the reports it wrote, the summary lands on the job page", async () => {
  const reportDir = path.join(scratch, 'reports');
  const first = await runStep({ 'report-dir': reportDir, only: 'auth. functions.limit', seed: '7', runs: '3' });
  expect(first.code, first.stderr + first.stdout).toBe(0);
  expect(first.outputs).toEqual({ 'exit-code': '0', 'report-dir': reportDir, junit: `${reportDir}/junit.xml`, html: `${reportDir}/report.html`, results: `${reportDir}/results.json` });
  for (const file of [first.outputs.junit!, first.outputs.html!]) expect(existsSync(file), file).toBe(true);
  const results = JSON.parse(await readFile(first.outputs.results!, 'utf8')) as RunResult;
  expect(results.seed).toBe(7);
  expect(results.rules.every((rule) => rule.id.startsWith('auth.') || rule.id.startsWith('functions.limit'))).toBe(true);
  expect(first.summary).toMatch(/passed/);
  expect(first.stdout).toContain(`cp-conformance ${packageJson.version}, on Node ${process.version}`);
  expect(first.stdout).toContain(`::group::Installing cp-conformance from ${releaseUrl}${ASSET}`);

  // A second use in the job runs the package installed by the first; a report this run does not write is no output of it.
  const again = await runStep({ 'report-dir': reportDir, seed: 'seven' });
  expect(again.code).toBe(2);
  expect(again.stderr).toContain('--seed must be an integer');
  expect(again.outputs).toEqual({ 'exit-code': '2', 'report-dir': reportDir });
  expect(again.stdout).not.toContain('Installing');
}, 120_000);

test('run with every input, against a reference on 127.0.0.1: each reaches the command, the credentials through its environment', async () => {
  const workspace = path.join(scratch, 'workspace-every-input');
  await mkdir(workspace, { recursive: true });
  // A known failure that passes is fixed, which fails the job with strict.
  await writeFile(path.join(workspace, 'expectations.json'), JSON.stringify({ expectations: [{ rule: 'auth.invalid-token', reason: 'known' }] }));
  const t = targetEnv(reference);
  const target = {
    'base-url': t.CP_BASE_URL!,
    'sandbox-url': t.CP_SANDBOX_URL!,
    token: t.CP_TOKEN!,
    'member-token': t.CP_MEMBER_TOKEN!,
    'no-scope-token': t.CP_NO_SCOPE_TOKEN!,
    'other-workspace-token': t.CP_OTHER_WORKSPACE_TOKEN!,
    'account-id': t.CP_ACCOUNT_ID!,
    'sandbox-name': t.CP_SANDBOX_NAME!,
    'process-name': t.CP_PROCESS_NAME!,
    'process-pid': t.CP_PROCESS_PID!,
    'control-url': reference.controlUrl,
  };
  const inputs = {
    ...target,
    'report-dir': 'reports',
    expect: 'expectations.json',
    'rate-limit': '500',
    profile: 'spec',
    seed: '11',
    runs: '2',
    timeout: '20000',
    concurrency: '4',
    'max-requests': '5000',
    summary: 'summary/summary.md',
    only: 'auth. functions.limit',
    skip: 'functions.limit.clamped-to-200',
    'read-only': 'true',
    strict: 'true',
  };
  const every = await runStep(inputs, { workspace });
  expect(every.code, every.stderr + every.stdout.slice(-3000)).toBe(1);
  expect(every.outputs).toEqual({ 'exit-code': '1', 'report-dir': 'reports', junit: 'reports/junit.xml', html: 'reports/report.html', results: 'reports/results.json' });
  // The command line it ran: every flag with its value; the target and the credentials by name only.
  const shown = every.stdout.split('\n').find((line) => line.startsWith('cp-conformance run '))!;
  expect(shown).toBe(
    'cp-conformance run --report-dir reports --profile spec --seed 11 --runs 2 --timeout 20000 --concurrency 4 --max-requests 5000 --summary summary/summary.md ' +
      '--only auth. --only functions.limit --skip functions.limit.clamped-to-200 --read-only --strict ' +
      '(from the inputs, in the environment: CP_BASE_URL CP_SANDBOX_URL CP_TOKEN CP_MEMBER_TOKEN CP_NO_SCOPE_TOKEN CP_OTHER_WORKSPACE_TOKEN CP_ACCOUNT_ID CP_SANDBOX_NAME CP_PROCESS_NAME CP_PROCESS_PID CP_CONTROL_URL CP_EXPECT CP_RATE_LIMIT)',
  );
  for (const secret of [target.token, target['member-token'], target['no-scope-token'], target['other-workspace-token']]) expect(every.stdout + every.stderr).not.toContain(secret);
  expect(every.stdout).toContain('at most 500 requests a second (--rate-limit)');
  const results = JSON.parse(await readFile(path.join(workspace, 'reports', 'results.json'), 'utf8')) as RunResult;
  expect(results.seed).toBe(11);
  expect(results.settings.runs).toBe(2);
  expect(results.target).toMatchObject({ baseUrl: target['base-url'], sandboxUrl: target['sandbox-url'], controlUrl: target['control-url'], accountId: target['account-id'], embedded: false });
  expect([...results.target.credentials].sort()).toEqual(['admin', 'member', 'noScope', 'otherWorkspace']);
  const ids = results.rules.map((r) => r.id);
  expect(ids.every((id) => id.startsWith('auth.') || id.startsWith('functions.limit'))).toBe(true);
  expect(ids).not.toContain('functions.limit.clamped-to-200');
  expect(results.rules.find((r) => r.id === 'auth.invalid-token')?.status).toBe('fixed');
  expect(every.summary.trim()).toBe(readFileSync(path.join(workspace, 'summary', 'summary.md'), 'utf8').trim());

  // rerun-failed: nothing failed or warned in that run, so nothing runs and no report is written.
  const rerun = await runStep({ ...target, 'report-dir': 'rerun', 'rerun-failed': 'reports/results.json' }, { workspace });
  expect(rerun.code, rerun.stderr).toBe(0);
  expect(rerun.stdout).toContain('nothing to rerun from reports/results.json');
  expect(rerun.outputs).toEqual({ 'exit-code': '0', 'report-dir': 'rerun' });
}, 120_000);

test("doctor: the same inputs, its findings on the job page, and only the exit code as an output (it writes no report)", async () => {
  const t = targetEnv(reference);
  const doctor = await runStep({
    command: 'doctor',
    'base-url': t.CP_BASE_URL!,
    token: t.CP_TOKEN!,
    'member-token': t.CP_MEMBER_TOKEN!,
    'control-url': reference.controlUrl,
    'account-id': t.CP_ACCOUNT_ID!,
    'report-dir': path.join(scratch, 'doctor-reports'),
  });
  expect(doctor.code, doctor.stderr + doctor.stdout).toBe(0);
  expect(doctor.stdout).toContain(`cp-conformance doctor: ${t.CP_BASE_URL}`);
  expect(doctor.stdout).toMatch(/^ok +control endpoint/m);
  expect(doctor.outputs).toEqual({ 'exit-code': '0' });
  expect(existsSync(path.join(scratch, 'doctor-reports'))).toBe(false);
  expect(doctor.summary).toContain('### cp-conformance doctor (exit 0)');
  expect(doctor.summary).toContain(`cp-conformance doctor: ${t.CP_BASE_URL}`);
  expect(doctor.summary).not.toContain(t.CP_TOKEN!);
}, 120_000);

test('an unknown command and a switch that is neither true nor false are refused with exit 2', async () => {
  const unknown = await runStep({ command: 'deploy' });
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toContain('::error::command must be run or doctor, not "deploy"');
  expect(unknown.outputs).toEqual({ 'exit-code': '2' });
  const yes = await runStep({ strict: 'yes' });
  expect(yes.code).toBe(2);
  expect(yes.stdout).toContain('::error::strict must be true or false, not "yes"');
});

test("Node: the runner's when it is 20.19 or later, else one of the runner's tool cache, for this step alone; none, exit 2 saying so", async () => {
  // An older node first on the PATH, as on a self-hosted runner.
  const old = path.join(scratch, 'old-node-bin');
  await mkdir(old, { recursive: true });
  await writeFile(path.join(old, 'node'), '#!/bin/sh\ncase "$*" in *versions.node*) echo 18.20.4 ;; *) echo v18.20.4 ;; esac\n');
  await chmod(path.join(old, 'node'), 0o755);
  const cache = path.join(scratch, 'tool-cache');
  const version = process.versions.node;
  await mkdir(path.join(cache, 'node', version, 'x64', 'bin'), { recursive: true });
  await mkdir(path.join(cache, 'node', '18.20.4', 'x64', 'bin'), { recursive: true });
  await symlink(process.execPath, path.join(cache, 'node', version, 'x64', 'bin', 'node'));
  await symlink(path.join(old, 'node'), path.join(cache, 'node', '18.20.4', 'x64', 'bin', 'node'));
  const env = { PATH: `${old}:${process.env.PATH ?? ''}` };

  const cached = await runStep({ 'report-dir': path.join(scratch, 'tool-cache-reports'), only: 'auth.invalid-token', runs: '1' }, { env: { ...env, RUNNER_TOOL_CACHE: cache } });
  expect(cached.code, cached.stderr + cached.stdout).toBe(0);
  expect(cached.stdout).toContain(`on Node ${process.version} (${path.join(cache, 'node', version, 'x64', 'bin', 'node')})`);

  const none = await runStep({}, { env });
  expect(none.code).toBe(2);
  expect(none.stdout).toContain(`::error::cp-conformance needs Node 20.19 or later: ${path.join(old, 'node')} is v18.20.4, and the runner's tool cache holds none`);
  expect(none.outputs).toEqual({ 'exit-code': '2' });
}, 120_000);

test("the package: a tarball given as the package input; without it, the release of the action's repository, read from the path the runner checked the action out to when github.action_repository is empty", async () => {
  // Each is installed and then refuses the seed at once: what is tested is where the package comes from.
  const given = await runStep({ package: path.relative(path.join(scratch, 'workspace'), tarball), seed: 'x' }, { runnerTemp: path.join(scratch, 'temp-given') });
  expect(given.code, given.stderr + given.stdout).toBe(2);
  expect(given.stderr).toContain('--seed must be an integer');
  expect(given.stdout).toContain(`Installing cp-conformance from ${tarball}`);

  const checkedOut = path.join(scratch, '_actions', ...REPOSITORY.split('/'));
  await mkdir(checkedOut, { recursive: true });
  await symlink(root, path.join(checkedOut, `v${packageJson.version}`));
  const fromPath = await runStep({ seed: 'x' }, { actionPath: path.join(checkedOut, `v${packageJson.version}`), github: { action_repository: '' }, runnerTemp: path.join(scratch, 'temp-path') });
  expect(fromPath.code, fromPath.stderr + fromPath.stdout).toBe(2);
  expect(fromPath.stderr).toContain('--seed must be an integer');
  expect(fromPath.stdout).toContain(`::group::Installing cp-conformance from ${releaseUrl}${ASSET}`);

  const unknown = await runStep({ command: 'doctor' }, { github: { action_repository: '' }, runnerTemp: path.join(scratch, 'temp-unknown') });
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toContain('::error::cannot tell which repository the action comes from: give the package input');
}, 120_000);

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
