// The library (lib/, docs/library.md). In this process, from the sources: what the docs'
// examples do not show (the reports of a run with extensions, the refusals, the exit
// status as the command's). Then as a user gets it: the packed tarball installed with
// vitest into an empty project, without the registry, and the two examples of
// docs/library.md, taken from the page, type-checked against the package's .d.ts and run
// there with `npx vitest run`.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exitStatus as commandExitStatus } from '../cli/main.ts';
import { exitStatus, extension, fc, functionSet, RunError, runRules, startReference, type Check, type ExtensionId, type Reference, type RuleResult, type Summary } from '../lib/index.ts';
import schema from '../results/results.schema.json' with { type: 'json' };
import { runCommand } from './support/cli.ts';
import { startLocalRegistry, type LocalRegistry } from './support/local-registry.ts';
import { packWorkTree, repository } from './support/pack.ts';

/** Fails on its first case: enough to see an extension's verdict, evidence and shrinking. */
const alwaysShort = extension(
  'ext.functions.never-listed',
  { title: 'a function set is never listed', quote: 'Nothing we deploy is listed.', needs: ['control', 'writes'], states: ['functions'] },
  async (t: Check) => {
    await t.property(functionSet({ minSize: 1, maxSize: 3 }), async (items) => {
      await t.control.set('functions', { items });
      const res = await t.api('/functions', { token: t.token('admin'), headers: { 'Service-Version': '2026-04-28' } });
      t.assert((res.json as { data: unknown[] }).data.length === 0, `${items.length} functions set, listed`);
    });
  },
);
const passing = extension('ext.plain.passes', { title: 'passes', quote: 'It passes.' }, async (t) => {
  await t.property(fc.nat(), async () => undefined, { runs: 2 });
});

describe('in this process, from the sources', () => {
  let server: Reference;
  beforeAll(async () => {
    server = await startReference();
  });
  afterAll(() => server?.close());

  test('extensions run after the selected rules, report as they finish, and their reports validate; no statement names them', async () => {
    const reportDir = await mkdtemp(path.join(tmpdir(), 'cp-conformance-library-'));
    try {
      const finished: RuleResult[] = [];
      const result = await runRules({
        ...server.target,
        only: ['functions.limit.honoured', 'ext.'],
        skip: ['ext.plain.'],
        extensions: [alwaysShort, passing],
        seed: 3,
        runs: 5,
        reportDir,
        onRuleFinished: (rule) => finished.push(rule),
      });
      expect(result.rules.map((r) => [r.id, r.level, r.status])).toEqual([
        ['functions.limit.honoured', 'MUST', 'passed'],
        ['ext.functions.never-listed', 'EXTENSION', 'warned'],
      ]);
      expect(finished.map((r) => r.id)).toEqual(['functions.limit.honoured', 'ext.functions.never-listed']);
      const [, broken] = result.rules;
      expect(broken).toMatchObject({ suite: 'extensions', section: 'extension', quote: 'Nothing we deploy is listed.', data: 'set', reason: '1 functions set, listed' });
      expect(broken?.evidence?.exchange?.curl).toContain('$CP_TOKEN');
      expect(broken?.evidence?.exchange?.setup?.length).toBe(1);
      expect(result.summary).toMatchObject({ passed: 1, warned: 1, failed: 0 });
      expect(result.statements?.flatMap((s) => s.rules).filter((id) => id.startsWith('ext.'))).toEqual([]);
      const written = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as unknown;
      expect(written).toEqual(result);
      const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
      expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
      expect(await readFile(path.join(reportDir, 'junit.xml'), 'utf8')).toContain('ext.functions.never-listed');
    } finally {
      await rm(reportDir, { recursive: true, force: true });
    }
  });

  test('a run of extensions alone makes the preflight checks and none of the rules', async () => {
    const result = await runRules({ ...server.target, only: ['ext.plain.'], extensions: [passing, alwaysShort] });
    expect(result.rules.map((r) => [r.id, r.status])).toEqual([['ext.plain.passes', 'passed']]);
    expect(exitStatus(result)).toBe(0);
    await expect(runRules({ ...server.target, token: 'not-a-credential', only: ['ext.plain.'], extensions: [passing] })).rejects.toThrow(RunError);
  });

  test('what cannot run is refused before any request', async () => {
    expect(() => extension('functions.mine' as string as ExtensionId, { title: 't', quote: 'q' }, async () => undefined)).toThrow(/"ext\."/);
    await expect(runRules({ ...server.target, only: ['nothing.'] })).rejects.toThrow(/no rule or extension matches/);
    await expect(runRules({ ...server.target, only: ['ext.'], extensions: [passing, passing] })).rejects.toThrow(/two extensions have the id ext\.plain\.passes/);
    await expect(runRules({ ...server.target, baseUrl: '' })).rejects.toThrow(/baseUrl and token/);
  });

  test('exitStatus is the exit status the command gives the same summary', () => {
    const none: Summary = { passed: 0, failed: 0, error: 0, warned: 0, skipped: 0, known: 0, fixed: 0 };
    for (const changed of [{}, { failed: 1 }, { warned: 1 }, { fixed: 1 }, { error: 1 }, { error: 1, failed: 1 }, { known: 2, skipped: 1 }]) {
      const summary = { ...none, ...changed };
      for (const strict of [false, true]) expect(exitStatus({ summary }, { strict }), JSON.stringify({ summary, strict })).toBe(commandExitStatus(summary, strict));
    }
  });
});

/** The examples of docs/library.md: each `ts` block after `<!-- example: NAME -->`, by NAME. */
async function docExamples(): Promise<Map<string, string>> {
  const doc = await readFile(path.join(repository, 'docs/library.md'), 'utf8');
  return new Map([...doc.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g)].map(([, name, code]) => [name!, code!]));
}

describe('the packed tarball in an empty project', () => {
  let scratch: string;
  let project: string;
  let registry: LocalRegistry;
  const env = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...registry.env });

  beforeAll(async () => {
    registry = await startLocalRegistry();
    scratch = await mkdtemp(path.join(tmpdir(), 'cp-conformance-library-'));
    const { tarball } = await packWorkTree(scratch);
    project = path.join(scratch, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'an-implementation', private: true, type: 'module' }));
    // vitest at the version of the clone's lock file, which the loopback registry serves from npm's cache.
    const { version } = JSON.parse(await readFile(path.join(repository, 'node_modules/vitest/package.json'), 'utf8')) as { version: string };
    const install = await runCommand('npm', ['install', '--save-dev', tarball, `vitest@${version}`], { env: env(), cwd: project, timeoutMs: 60_000 });
    expect(install.code, install.stderr).toBe(0);
    for (const [name, code] of await docExamples()) await writeFile(path.join(project, name), code);
  }, 180_000);
  afterAll(async () => {
    await registry?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  test('docs/library.md holds the two examples', async () => {
    expect([...(await docExamples()).keys()]).toEqual(['functions.test.ts', 'extension.test.ts']);
  });

  test("the examples type-check against the package's declarations, as a strict TypeScript project reads them", async () => {
    const config = { compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ['*.test.ts'] };
    await writeFile(path.join(project, 'tsconfig.json'), JSON.stringify(config));
    const tsc = await runCommand(process.execPath, [path.join(repository, 'node_modules/typescript/bin/tsc'), '-p', project], { env: env(), cwd: project, timeoutMs: 60_000 });
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
  }, 90_000);

  test('npx vitest run passes both examples there', async () => {
    const run = await runCommand('npx', ['vitest', 'run'], { env: env(), cwd: project, timeoutMs: 240_000 });
    expect(run.code, run.stdout.slice(-4000) + run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toMatch(/✓ functions\.test\.ts/);
    expect(run.stdout).toMatch(/✓ extension\.test\.ts/);
    expect(run.stdout).toMatch(/Tests\s+5 passed \(5\)/);
  }, 300_000);
});
