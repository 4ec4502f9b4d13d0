// The installable package, as a user gets it: `npm pack` builds the tarball, which is
// installed globally into an empty prefix (as the Dockerfile installs it in the image)
// and run from there, with Node and the run-time dependencies alone (no TypeScript
// compiler or loader, none of the self-tests).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunResult } from '../results/model.ts';
import { runCommand } from './support/cli.ts';
import { startLocalRegistry, type LocalRegistry } from './support/local-registry.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));
let scratch: string;
let installed: string;
let packed: string[];
let registry: LocalRegistry;

const npm = (args: string[], cwd: string) =>
  runCommand('npm', [...args, '--no-audit', '--no-fund'], { env: { ...process.env, NO_COLOR: '1' }, cwd });
/** The installed command, run from a directory of its own as a user's shell would. */
const installedCli = (args: string[]) =>
  runCommand(path.join(installed, 'bin', 'cp-conformance'), args, { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' }, cwd: scratch });

beforeAll(async () => {
  registry = await startLocalRegistry();
  scratch = await mkdtemp(path.join(tmpdir(), 'cp-conformance-package-'));
  const pack = await npm(['pack', '--json', '--pack-destination', scratch], repository);
  expect(pack.code, pack.stderr).toBe(0);
  const [{ filename, files }] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as [{ filename: string; files: Array<{ path: string }> }];
  packed = files.map((f) => f.path);
  installed = path.join(scratch, 'prefix');
  // Dependencies come from the loopback registry of the clone's packages, never the network.
  const install = await runCommand('npm', ['install', '--global', '--prefix', installed, path.join(scratch, filename)], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...registry.env },
    cwd: scratch,
    timeoutMs: 60_000,
  });
  expect(install.code, install.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await registry?.close();
  await rm(scratch, { recursive: true, force: true });
});

test('the package holds the compiled suite, its declarations and its data, and none of the sources, self-tests, benches or CI files', () => {
  expect(packed).toEqual(
    expect.arrayContaining(['bin/cp-conformance.js', 'dist/cli/main.js', 'dist/lib/index.js', 'dist/lib/index.d.ts', 'dist/spec/control-plane.openapi.yaml', 'dist/results/results.schema.json', 'LICENSE', 'README.md']),
  );
  // Declarations (.d.ts, the library's types) are compiled output; a .ts source is not.
  expect(packed.filter((file) => /(?<!\.d)\.ts$|^(test|bench|scripts|\.ci)\//.test(file))).toEqual([]);
});

test('every relative link of docs/test-control.md resolves in the package as installed, and every dist/ file it names is there', async () => {
  const doc = await readFile(path.join(repository, 'docs/test-control.md'), 'utf8');
  const installedPackage = path.join(installed, 'lib', 'node_modules', 'cp-conformance');
  const links = [...doc.matchAll(/\]\((?!https?:|#)([^)#\s]+)/g)].map(([, target]) => path.posix.join('docs', target!));
  const named = [...doc.matchAll(/`(dist\/[^`\s]+)`/g)].map(([, file]) => file!);
  expect(links.length).toBeGreaterThan(8);
  expect(named.length).toBeGreaterThan(0);
  for (const file of [...links, ...named]) {
    expect(packed.some((p) => p === file || p.startsWith(file.endsWith('/') ? file : `${file}/`)), `${file} in the tarball`).toBe(true);
    expect(existsSync(path.join(installedPackage, file)), `${file} installed`).toBe(true);
  }
});

test('the installed package has no TypeScript compiler or loader', () => {
  const modules = path.join(installed, 'lib', 'node_modules');
  expect(existsSync(path.join(modules, 'cp-conformance', 'node_modules', 'vitest'))).toBe(true);
  for (const tool of ['typescript', 'tsx']) {
    for (const where of [modules, path.join(modules, 'cp-conformance', 'node_modules')]) expect(existsSync(path.join(where, tool)), `${tool} in ${where}`).toBe(false);
  }
});

test('the installed command runs the suite against the embedded reference and exits 0', async () => {
  const reportDir = path.join(scratch, 'reports');
  const run = await installedCli(['run', '--report-dir', reportDir]);
  expect(run.code, run.stderr + run.stdout.slice(-2000)).toBe(0);
  const results = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as RunResult;
  expect(results.rules.filter((r) => r.status !== 'passed').map((r) => r.id)).toEqual([]);
  expect(results.rules.length).toBeGreaterThan(90);
  // Every statement the rules check is shown kept; the others say why nothing can check them.
  expect(new Set(results.statements?.map((s) => s.status))).toEqual(new Set(['passed', 'not-checkable']));
});

test('the installed doctor reports every part of the embedded reference working', async () => {
  const doctor = await installedCli(['doctor']);
  expect(doctor.code, doctor.stderr + doctor.stdout).toBe(0);
  expect(doctor.stdout).not.toMatch(/^FAIL/m);
  expect(doctor.stdout).toContain('Every rule can run.');
});

test('the installed command prints the rule catalogue and the coverage of the specification', async () => {
  const rules = await installedCli(['rules', '--json']);
  expect(rules.code, rules.stderr).toBe(0);
  expect((JSON.parse(rules.stdout) as unknown[]).length).toBeGreaterThan(90);
  const coverage = await installedCli(['coverage']);
  expect(coverage.code, coverage.stderr).toBe(0);
  expect(coverage.stdout).toMatch(/^\d+ statements of behaviour: \d+ checked, \d+ partly checked, .*; \d+ clauses: \d+ checked /m);
});
