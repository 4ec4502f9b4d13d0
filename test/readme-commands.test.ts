// The README runs as pasted. Every shell command of its code blocks is run here, as a
// user would run it, or is an example for a real target, which names the placeholder
// host your-implementation.example (then its options are parsed, as the command line
// would parse them). Commands for a clone run in a copy of the work tree after the
// README's own `npm install`; the installed command, after the README's
// `npm install --global` of the tarball its `npm pack` wrote, in a directory of a user's
// own. A text block's `$ ` line is a command too, and the lines shown under it must be
// in its output, in order (`...` stands for lines left out). The CI recipes run as their
// runner would: the GitHub Action's step with the recipe's inputs, the GitLab job's
// script with its variables, against a reference implementation on 127.0.0.1 in place
// of the job's service container.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseRunOptions } from '../cli/options.ts';
import { parseDiffOptions } from '../cli/diff.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { rules } from '../spec/rules/index.ts';
import { runActionStep, serveRelease } from './support/action.ts';
import { runCommand, targetEnv, type CliOutcome } from './support/cli.ts';
import { copyWorkTree, repository } from './support/pack.ts';
import { startLocalRegistry, type LocalRegistry } from './support/local-registry.ts';

const README = path.join(repository, 'README.md');
const readme = readFileSync(README, 'utf8');
const { version, scripts } = JSON.parse(readFileSync(path.join(repository, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
/** The mark of a command for a real target: the placeholder host. */
const EXAMPLE = /your-implementation\.example/;

interface Block {
  lang: string;
  body: string;
  /** Line of the README the block starts at. */
  line: number;
}
const blocks: Block[] = [...readme.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map((m) => ({
  lang: m[2]!,
  body: m[3]!.replace(new RegExp(`^${m[1]}`, 'gm'), ''),
  line: readme.slice(0, m.index).split('\n').length,
}));

type Kind = 'example' | 'clone' | 'installed' | 'this test';
interface Command {
  text: string;
  block: number;
  line: number;
  /** A text block's lines under the command: what its output shows. */
  shown?: string[];
}
/** Who runs a command: a clone's npm scripts in the copy of the work tree, the installed command where a user installed it. */
function kindOf(text: string): Kind | undefined {
  if (EXAMPLE.test(text)) return 'example';
  if (/^npm test\b/.test(text)) return 'this test';
  if (/^(cp-conformance|npx) /.test(text) || /^npm install --global \.\/cp-conformance-/.test(text)) return 'installed';
  if (/^npm (install|ci|start|pack|run)\b/.test(text)) return 'clone';
  return undefined;
}

const commands: Command[] = [];
blocks.forEach((block, index) => {
  const lines = block.body.split('\n');
  if (block.lang === 'sh') {
    for (let i = 0; i < lines.length; i++) {
      let text = lines[i]!;
      const line = block.line + 1 + i;
      while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
      if (text.trim() === '' || text.trim().startsWith('#')) continue;
      commands.push({ text: text.trim(), block: index, line });
    }
  } else if (block.lang === 'text') {
    lines.forEach((text, i) => {
      if (text.startsWith('$ ')) commands.push({ text: text.slice(2), block: index, line: block.line + 1 + i, shown: [] });
      else if (commands.at(-1)?.block === index && text.trim() !== '' && text !== '...') commands.at(-1)!.shown!.push(text);
    });
  }
});
const label = (c: Command) => `README.md:${c.line}: ${c.text.length > 90 ? `${c.text.slice(0, 87)}...` : c.text}`;

/** Words of a shell command line, quotes removed, variables left as written. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.replace(/\s+#.*$/, '').matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

test('the README is under 400 lines, for a user adopting the suite', () => {
  expect(readme.split('\n').length).toBeLessThan(400);
});

test('every command of the README is run by this test or is an example for a real target; none names a package of the registry', () => {
  expect(commands.map((c) => [label(c), kindOf(c.text)]).filter(([, kind]) => kind === undefined)).toEqual([]);
  const shell = [...commands.map((c) => c.text), ...blocks.filter((b) => b.lang === 'yaml').flatMap((b) => b.body.split('\n'))];
  // npx only with the tarball, npm install only of the tarball or the clone's own dependencies.
  expect(shell.filter((text) => /\bnpx\b/.test(text) && !/\bnpx (--yes )?--package \.\/cp-conformance-\S+\.tgz /.test(text))).toEqual([]);
  expect(shell.filter((text) => /\bnpm (?:install|i|add)(?: +--?\S+)* +(?!\.{0,2}\/|&&)[a-z@]/.test(text))).toEqual([]);
  const counts = Object.fromEntries((['example', 'clone', 'installed', 'this test'] as const).map((kind) => [kind, commands.filter((c) => kindOf(c.text) === kind).length]));
  process.stdout.write(`README commands: ${JSON.stringify(counts)}, and ${blocks.filter((b) => b.lang === 'yaml').length} CI recipes\n`);
  expect(counts.clone! + counts.installed!).toBeGreaterThan(8);
});

test("each example's options are options of its command, as the command line parses them", () => {
  const examples = commands.filter((c) => kindOf(c.text) === 'example');
  expect(examples.length).toBeGreaterThan(3);
  for (const example of examples) {
    const [program, command, ...args] = words(example.text);
    expect(program, label(example)).toBe('cp-conformance');
    expect(['run', 'doctor', 'diff'], label(example)).toContain(command);
    expect(() => (command === 'diff' ? parseDiffOptions(args, {}) : parseRunOptions(args, {})), label(example)).not.toThrow();
    // A placeholder stands for every URL of a real target; the reference's own never appear.
    expect(example.text, label(example)).not.toMatch(/127\.0\.0\.1|localhost/);
  }
});

test('`npm test` is the script that runs these self-tests', () => {
  expect(commands.filter((c) => kindOf(c.text) === 'this test').map((c) => words(c.text).slice(0, 2))).toEqual([['npm', 'test']]);
  expect(scripts.test).toContain('vitest run --config test/vitest.config.ts');
});

test("the README's links lead to files of the repository and to its own headings", () => {
  const slug = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
  const anchors = new Set([...readme.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((link) => !/^https?:/.test(link));
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) {
    const [file, anchor] = link.split('#') as [string, string | undefined];
    if (file === '') expect(anchors, link).toContain(anchor);
    else expect(existsSync(path.join(repository, file)), link).toBe(true);
  }
});

test("the README's figures of the rule catalogue are the catalogue's", () => {
  const should = rules.filter((r) => r.level === 'SHOULD').length;
  expect(readme).toContain(`${rules.length} rules in six areas, ${rules.length - should} MUST and ${should} SHOULD`);
  for (const area of new Set(rules.map((r) => r.id.split('.')[0]!))) {
    const inArea = rules.filter((r) => r.id.startsWith(`${area}.`));
    const areaShould = inArea.filter((r) => r.level === 'SHOULD').length;
    expect(readme, area).toContain(`| \`${area}.\` | ${inArea.length} (${areaShould === 0 ? 'MUST' : `${areaShould} SHOULD`}) |`);
  }
});

// --- The commands, run -----------------------------------------------------------------------

let scratch: string;
let clone: string;
let user: string;
let prefix: string;
let npmCache: string;
let npxBefore: Set<string>;
const servers: ChildProcess[] = [];

let registry: LocalRegistry;
/** A user's shell: npm installs from the loopback registry of the clone's packages, never the network. */
const base = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NO_COLOR: '1',
  ...registry.env,
});
/** Where the installed command is a user's own: a global prefix of its own, first on the PATH. */
const installedEnv = () => ({ ...base(), PATH: `${path.join(prefix, 'bin')}:${process.env.PATH ?? ''}`, npm_config_prefix: prefix });
const npxEntries = () => new Set(existsSync(path.join(npmCache, '_npx')) ? readdirSync(path.join(npmCache, '_npx')) : []);

beforeAll(async () => {
  registry = await startLocalRegistry();
  scratch = await mkdtemp(path.join(tmpdir(), 'cp-conformance-readme-'));
  clone = path.join(scratch, 'clone');
  user = path.join(scratch, 'user');
  prefix = path.join(scratch, 'prefix');
  await copyWorkTree(clone);
  await mkdir(user, { recursive: true });
  npmCache = (await runCommand('npm', ['config', 'get', 'cache'], { env: base() })).stdout.trim();
  npxBefore = npxEntries();
}, 60_000);
afterAll(async () => {
  for (const server of servers) if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
  // npx keeps what it installed in npm's cache, under a name of the tarball's path, which is this test's own.
  if (npmCache) for (const entry of npxEntries()) if (!npxBefore.has(entry)) await rm(path.join(npmCache, '_npx', entry), { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
  await registry?.close();
});

/** A server the README starts (`cp-conformance serve`): it runs in the background, and what it prints is exported. */
function startServer(text: string, env: Record<string, string>): Promise<Record<string, string>> {
  const child = spawn('bash', ['-c', text], { env, cwd: user, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ctrl-C stops')) resolve(Object.fromEntries([...out.matchAll(/^(CP_[A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!])));
    });
    child.on('exit', (code) => reject(new Error(`${text} exited (${code}) before it was ready:\n${out}`)));
  });
}

/** The variables each block's servers printed, for the commands after them in the block. */
const exported = new Map<number, Record<string, string>>();

function expectShown(outcome: CliOutcome, shown: string[], where: string) {
  const lines = outcome.stdout.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const line of shown) {
    const found = lines.indexOf(line.trimEnd(), at);
    expect(found, `${where}: the README shows "${line}", which its output does not hold after line ${at}:\n${outcome.stdout}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

/**
 * A command of the README that takes longer is stopped, saying so: the longest, npm install
 * && npm start, takes about 15 s alone, and has taken over 150 s beside npm test's heaviest
 * files on 2 cores (the installs reach only the loopback registry, so none waits on a network).
 */
const COMMAND_TIMEOUT_MS = 240_000;

const runnable = commands.filter((c) => kindOf(c.text) === 'clone' || kindOf(c.text) === 'installed');
runnable.forEach((command, i) => {
  test(
    `runs as pasted: ${label(command)}`,
    async () => {
      const kind = kindOf(command.text);
      const env: Record<string, string> = kind === 'clone' ? base() : { ...installedEnv(), ...exported.get(command.block) };
      const cwd = kind === 'clone' ? clone : user;
      // The tarball the clone's `npm pack` wrote, taken to where the suite runs.
      const tarball = `cp-conformance-${version}.tgz`;
      if (kind === 'installed' && !existsSync(path.join(user, tarball))) {
        expect(existsSync(path.join(clone, tarball)), `no ${tarball} in the clone: the README's npm pack did not write it`).toBe(true);
        await cp(path.join(clone, tarball), path.join(user, tarball));
      }
      if (/^cp-conformance serve\b/.test(command.text)) {
        exported.set(command.block, { ...exported.get(command.block), ...(await startServer(command.text, env)) });
        return;
      }
      const outcome = await runCommand('bash', ['-c', command.text], { env, cwd, timeoutMs: COMMAND_TIMEOUT_MS });
      expect(outcome.code, `${label(command)} (in ${kind === 'clone' ? 'the clone' : "a user's directory"}):\n${outcome.stderr}\n${outcome.stdout.slice(-3000)}`).toBe(0);
      if (command.shown) expectShown(outcome, command.shown, label(command));
      if (command.text === 'cp-conformance --version') expect(outcome.stdout).toBe(`${version}\n`);
      // The block's servers stop at its end, as a user stops them.
      if (runnable[i + 1]?.block !== command.block) {
        for (const server of servers) if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
        exported.delete(command.block);
      }
    },
    300_000,
  );
});

// --- The CI recipes ----------------------------------------------------------------------------

const recipes = blocks.filter((b) => b.lang === 'yaml').map((b) => ({ block: b, yaml: parse(b.body) as Record<string, unknown> }));

interface WorkflowStep {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Workflow {
  jobs: Record<string, { strategy?: { matrix?: Record<string, unknown[]> }; steps: WorkflowStep[] }>;
}
interface GitLabJob {
  variables?: Record<string, string>;
  script: string[];
  artifacts?: { paths?: string[]; reports?: { junit?: string } };
}

let reference: ReferenceHandle | undefined;
/** The job's service container: a reference implementation on 127.0.0.1, at the recipe's URLs. */
async function service() {
  reference ??= await startReference();
  const origin = new URL(reference.baseUrl).origin;
  const urls = (text: string) =>
    text
      .replace(/http:\/\/(localhost|api):8080\/__test\/states/g, reference!.controlUrl)
      .replace(/http:\/\/(localhost|api):8080/g, origin);
  return { reference, urls, variables: targetEnv(reference) };
}
afterAll(() => reference?.close());

test('the recipes are one GitHub workflow with the action and one GitLab job with the image', () => {
  expect(recipes.filter((r) => 'jobs' in r.yaml)).toHaveLength(1);
  expect(recipes.filter((r) => Object.values(r.yaml).some((job) => typeof job === 'object' && job !== null && 'script' in job))).toHaveLength(1);
});

test('the GitHub workflow runs as its runner would: the action with its inputs, and the reports its later steps publish', async () => {
  const { reference: target, urls, variables } = await service();
  const { yaml } = recipes.find((r) => 'jobs' in r.yaml)!;
  const tarball = path.join(user, `cp-conformance-${version}.tgz`);
  expect(existsSync(tarball), 'the README has npm pack the tarball before the recipes').toBe(true);
  for (const [name, job] of Object.entries((yaml as unknown as Workflow).jobs)) {
    const uses = job.steps.find((s) => /\/cp-conformance@/.test(s.uses ?? ''))?.uses;
    if (!uses) continue;
    const [repositoryName, ref] = uses.split('@') as [string, string];
    expect(ref, 'the action pinned to the release of the version the README describes').toBe(`v${version}`);
    const release = await serveRelease(tarball, repositoryName);
    const workspace = path.join(scratch, `github-${name}`);
    const outputs = new Map<string, Record<string, string>>();
    const matrix = Object.fromEntries(Object.entries(job.strategy?.matrix ?? {}).map(([key, values]) => [key, String(values[0])]));
    const evaluate = (value: string) =>
      urls(
        value.replace(/\$\{\{ *([a-z]+)\.([A-Za-z_.-]+) *\}\}/g, (expression, context: string, name: string) => {
          const found =
            context === 'secrets' || context === 'vars'
              ? variables[name]
              : context === 'matrix'
                ? matrix[name]
                : context === 'steps'
                  ? outputs.get(name.split('.')[0]!)?.[name.split('.').slice(2).join('.')]
                  : undefined;
          if (found === undefined || found === '') throw new Error(`${name} of the recipe evaluates ${expression} to nothing`);
          return found;
        }),
      );
    try {
      for (const step of job.steps) {
        if (step.uses?.startsWith('actions/checkout@')) {
          // The caller's repository, with the expectations file the recipe reads.
          await mkdir(workspace, { recursive: true });
          await writeFile(path.join(workspace, 'conformance-expectations.json'), '{"expectations": []}\n');
        } else if (step.run) {
          const outcome = await runCommand('bash', ['-eo', 'pipefail', '-c', evaluate(step.run)], { env: base(), cwd: workspace });
          expect(outcome.code, `${step.run}\n${outcome.stderr}`).toBe(0);
        } else if (step.uses === uses) {
          const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, evaluate(String(value))]));
          const outcome = await runActionStep(inputs, {
            scratch,
            workspace,
            serverUrl: release.url,
            runnerTemp: path.join(scratch, `runner-temp-${name}`),
            github: { action_repository: repositoryName },
            env: registry.env,
          });
          expect(outcome.code, `${outcome.stderr}\n${outcome.stdout.slice(-3000)}`).toBe(0);
          expect(outcome.stdout).toContain(`cp-conformance ${version}, on Node`);
          expect(outcome.summary).toMatch(/cp-conformance/);
          const results = JSON.parse(readFileSync(path.join(workspace, outcome.outputs.results!), 'utf8')) as { target: { baseUrl: string } };
          expect(results.target.baseUrl).toBe(target.baseUrl);
          outputs.set(step.id!, outcome.outputs);
        } else if (step.uses && step.with) {
          // A later step that publishes what the action wrote: each path it is given is there.
          for (const [key, value] of Object.entries(step.with)) {
            if (key !== 'path' && key !== 'report_paths') continue;
            const file = evaluate(String(value));
            expect(existsSync(path.join(workspace, file)), `${step.uses} ${key}: ${file}`).toBe(true);
          }
        }
      }
    } finally {
      await release.close();
    }
    expect(outputs.size, `job ${name} ran the action`).toBe(1);
  }
}, 300_000);

test('the GitLab job runs as its runner would: the script, with its variables and the CI/CD variables it names, in the image (the installed package)', async () => {
  const { urls, variables } = await service();
  const { block, yaml } = recipes.find((r) => Object.values(r.yaml).some((job) => typeof job === 'object' && job !== null && 'script' in job))!;
  const [name, job] = Object.entries(yaml).find(([, job]) => typeof job === 'object' && job !== null && 'script' in job) as [string, GitLabJob];
  const project = path.join(scratch, `gitlab-${name}`);
  await mkdir(project, { recursive: true });
  await writeFile(path.join(project, 'conformance-expectations.json'), '{"expectations": []}\n');
  const secrets = ['CP_TOKEN', 'CP_MEMBER_TOKEN', 'CP_NO_SCOPE_TOKEN', 'CP_OTHER_WORKSPACE_TOKEN', 'CP_ACCOUNT_ID'];
  for (const variable of secrets) expect(block.body, `the recipe names ${variable} among its CI/CD variables`).toContain(variable);
  const env = {
    ...installedEnv(),
    ...Object.fromEntries(secrets.map((variable) => [variable, variables[variable]!])),
    ...Object.fromEntries(Object.entries(job.variables ?? {}).map(([key, value]) => [key, urls(String(value))])),
  };
  for (const line of job.script) {
    const outcome = await runCommand('bash', ['-eo', 'pipefail', '-c', line], { env, cwd: project });
    expect(outcome.code, `${line}\n${outcome.stderr}\n${outcome.stdout.slice(-3000)}`).toBe(0);
  }
  for (const file of [...(job.artifacts?.paths ?? []), job.artifacts?.reports?.junit ?? '']) if (file) expect(existsSync(path.join(project, file)), file).toBe(true);
}, 300_000);
