// The specification's rules of a library run go to a thread of their own
// (lib/suite-worker.ts): the runner starts vitest for them, and vitest cannot start inside
// a test runner that loads modules into a context of its own (jest's ES modules: its
// bundler's native code refuses that context's RegExps). In a thread of its own it never
// meets the caller's modules. The caller's thread gets each rule as it finishes, then the
// results and the configuration its extension checks run with.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SuiteConfig } from '../harness/config.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import type { RunOptions } from '../runner/options.ts';
import { RunError } from '../runner/run-error.ts';

export interface SuiteThreadRequest {
  options: RunOptions;
  /** The rules of the catalogue to run; none for a run of extensions alone (its preflight checks still run). */
  ruleIds: string[];
}

export type SuiteThreadMessage =
  | { kind: 'rule'; rule: RuleResult }
  | { kind: 'done'; result: RunResult; config: SuiteConfig }
  | { kind: 'failed'; message: string; runError: boolean };

const EXTENSION = path.extname(fileURLToPath(import.meta.url));
const ENTRY = new URL(`./suite-worker${EXTENSION}`, import.meta.url);

/** In a clone the sources are TypeScript: the thread registers tsx first, as bin/cp-conformance.js does. */
function startThread(request: SuiteThreadRequest): Worker {
  if (EXTENSION !== '.ts') return new Worker(ENTRY, { workerData: request });
  // tsx's `tsx/esm/api` export for `import` (its loader registers itself in the main thread only, its CommonJS api not in a thread).
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const source = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(source, { eval: true, workerData: request });
}

export function runInSuiteThread(request: SuiteThreadRequest, onRule: (rule: RuleResult) => void): Promise<{ result: RunResult; config: SuiteConfig }> {
  return new Promise((resolve, reject) => {
    const worker = startThread(request);
    worker.on('message', (message: SuiteThreadMessage) => {
      if (message.kind === 'rule') return onRule(message.rule);
      if (message.kind === 'done') resolve(message);
      else reject(message.runError ? new RunError(message.message) : new Error(message.message));
      // Its run is over (vitest closed): nothing it still holds is of use.
      void worker.terminate();
    });
    worker.on('error', reject);
    // After a settled run this changes nothing.
    worker.on('exit', (code) => reject(new Error(`the thread of the specification's rules stopped (exit code ${code}) before the run ended`)));
  });
}
