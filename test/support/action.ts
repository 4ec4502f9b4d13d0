// The GitHub Action's step run as the runner runs it: the `run` of action.yml's one
// step by `bash --noprofile --norc -eo pipefail`, with the step's `env` (the inputs as
// given, absent ones their default or empty; github.* as given), the runner's variables,
// and a GITHUB_OUTPUT, a GITHUB_STEP_SUMMARY and a GITHUB_PATH file of its own. The
// package comes from a release served on 127.0.0.1, at the path GitHub serves it at.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'yaml';
import { runCommand, type CliOutcome } from './cli.ts';
import { repository } from './pack.ts';

export interface CompositeStep {
  id?: string;
  uses?: string;
  shell?: string;
  env?: Record<string, string>;
  run?: string;
}
export const action = parse(readFileSync(path.join(repository, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string; value: string }>;
  runs: { using: string; steps: CompositeStep[] };
};
export const step = action.runs.steps.find((s) => s.id === 'conformance')!;
const { version } = JSON.parse(readFileSync(path.join(repository, 'package.json'), 'utf8')) as { version: string };

/** Where GitHub serves the tarball attached to the release of the action's version. */
export function releaseAsset(actionRepository: string): string {
  return `/${actionRepository}/releases/download/v${version}/cp-conformance-${version}.tgz`;
}

/**
 * Serves `tarball` as the release asset of `actionRepository`; the URL returned stands
 * for GITHUB_SERVER_URL. It has a path of its own each time: npm caches what it fetched
 * by URL, and a port may come again.
 */
export async function serveRelease(tarball: string, actionRepository: string): Promise<{ url: string; close: () => Promise<void> }> {
  const bytes = await readFile(tarball);
  const prefix = `/${randomUUID()}`;
  const server = createServer((request, response) => {
    if (request.url === `${prefix}${releaseAsset(actionRepository)}`) response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface Runner {
  /** A folder for the files the runner gives the step (GITHUB_OUTPUT and the others). */
  scratch: string;
  /** The job's workspace, the step's working directory. */
  workspace: string;
  /** GITHUB_SERVER_URL: where the release is served. */
  serverUrl: string;
  runnerTemp: string;
  actionPath?: string;
  github?: Record<string, string>;
  env?: Record<string, string>;
}

export interface StepOutcome extends CliOutcome {
  outputs: Record<string, string>;
  summary: string;
}

let calls = 0;

export async function runActionStep(inputs: Record<string, string>, runner: Runner): Promise<StepOutcome> {
  const call = `${process.pid}-${++calls}`;
  await mkdir(runner.workspace, { recursive: true });
  await mkdir(runner.runnerTemp, { recursive: true });
  const files = { output: path.join(runner.scratch, `output-${call}`), summary: path.join(runner.scratch, `summary-${call}.md`), path: path.join(runner.scratch, `path-${call}`) };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_ACTION_PATH: runner.actionPath ?? repository,
    GITHUB_WORKSPACE: runner.workspace,
    GITHUB_SERVER_URL: runner.serverUrl,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_PATH: files.path,
    RUNNER_TEMP: runner.runnerTemp,
    ...runner.env,
  };
  const unknown = Object.keys(inputs).filter((name) => !(name in action.inputs));
  if (unknown.length > 0) throw new Error(`the action has no input ${unknown.join(', ')}`);
  const withDefaults = { ...Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ''])), ...inputs };
  const github = runner.github ?? {};
  for (const [variable, value] of Object.entries(step.env ?? {})) {
    const [, context, name] = /^\$\{\{ (inputs|github)\.([a-z_-]+) \}\}$/.exec(value) ?? [];
    if (!context) throw new Error(`the step's ${variable} is ${value}, which this runner does not evaluate`);
    env[variable] = (context === 'inputs' ? withDefaults[name!] : github[name!]) ?? '';
  }
  const outcome = await runCommand('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], { env, cwd: runner.workspace, timeoutMs: 150_000 });
  const outputs = Object.fromEntries(
    (await readFile(files.output, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  const summary = await readFile(files.summary, 'utf8').catch(() => '');
  // No step of the caller's after this one gets another PATH.
  if (existsSync(files.path)) throw new Error(`the step wrote to GITHUB_PATH: ${readFileSync(files.path, 'utf8')}`);
  return { ...outcome, outputs, summary };
}
