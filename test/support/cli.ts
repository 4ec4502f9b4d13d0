// Runs the real command line in a child process, as a user would.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { RunResult } from '../../results/model.ts';

export const bin = fileURLToPath(new URL('../../bin/cp-conformance.js', import.meta.url));

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliOutcome> {
  return runCommand(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env } });
}

/**
 * Any program, with only the environment given: the credentials of the test's own shell never
 * leak into it. With `timeoutMs`, the program and what it started are stopped then, and the
 * outcome says so: an install that waits on something (npm's lock of a cache entry another
 * process holds) fails its test in that time, not at the test's own timeout.
 */
export function runCommand(command: string, args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number }): Promise<CliOutcome> {
  const { timeoutMs, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'], detached: timeoutMs !== undefined });
    let stdout = '';
    let stderr = '';
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            stderr += `\n[stopped after ${timeoutMs / 1000} s without finishing: ${command} ${args.join(' ')}]`;
            process.kill(-child.pid!, 'SIGKILL');
          }, timeoutMs);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export { targetEnv } from '../../cli/serve.ts';

const reportDirs: string[] = [];
// Registered in the file that imports this module: its report directories go when it ends.
afterAll(() => Promise.all(reportDirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Runs the suite with a fresh report directory (removed after the test file) and returns its results.json. */
export async function runForResults(args: string[], env: Record<string, string> = {}): Promise<CliOutcome & { results: RunResult; reportDir: string }> {
  const reportDir = await mkdtemp(path.join(tmpdir(), 'cp-conformance-'));
  reportDirs.push(reportDir);
  const outcome = await runCli(['run', '--report-dir', reportDir, ...args], env);
  let results: RunResult;
  try {
    results = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as RunResult;
  } catch {
    throw new Error(`the run wrote no results.json (exit ${outcome.code}):\n${outcome.stderr}\n${outcome.stdout}`);
  }
  return { ...outcome, results, reportDir };
}
