// Drives vitest over suites/ programmatically and turns its test cases back into
// rule results: one test per rule of a run, named after the run's index and the rule.
// A session keeps one vitest instance, so several runs pay its start once, and runs
// handed over together (runEach) also share the worker thread's start.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants } from 'node:fs';
import { access, mkdir, readdir } from 'node:fs/promises';
import type { TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import escapeRegExp from 'escape-string-regexp';
import type { CheckDefinition } from '../harness/rule.ts';
import type { SuiteFile } from '../harness/vitest-context.ts';
import type { SuiteConfig } from '../harness/config.ts';
import type { RuleResult } from '../results/model.ts';
import type { RuleDefinition } from '../spec/rules/index.ts';
import { RunError } from './run-error.ts';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
/** `.ts` in a clone, where tsx loads the sources; `.js` in the installed package, compiled by `npm pack`. */
const MODULE_EXTENSION = path.extname(fileURLToPath(import.meta.url));

export interface SuiteRun {
  config: SuiteConfig;
  selected: readonly RuleDefinition[];
  onRuleFinished?: (result: RuleResult) => void;
}

const areaOf = (ruleId: string) => ruleId.split('.')[0]!;
/** The one module vitest runs: it declares the checks of the selected suite files as its tests. */
const ENTRY = `suites/checks.entry${MODULE_EXTENSION}`;

/** Every suite file, in path order: `suites/<area>.test.ts` and `suites/<area>/*.test.ts`. */
export async function suiteFiles(): Promise<Array<SuiteFile & { area: string }>> {
  const suffix = `.test${MODULE_EXTENSION}`;
  const files = (await readdir(path.join(packageRoot, 'suites'), { recursive: true })).filter((f) => f.endsWith(suffix));
  return files.sort().map((relative) => {
    const suite = relative.split(path.sep).join('/').slice(0, -suffix.length);
    return { file: path.join(packageRoot, 'suites', relative), suite, area: suite.split('/')[0]! };
  });
}

/**
 * Every check with what it needs from the run, read from the suite files in this process
 * (for `doctor`, which runs none of them).
 */
export async function declaredChecks(): Promise<CheckDefinition[]> {
  const modules = await Promise.all((await suiteFiles()).map((suite) => import(pathToFileURL(suite.file).href) as Promise<{ checks: CheckDefinition[] }>));
  return modules.flatMap((module) => module.checks);
}

/**
 * Where vitest keeps the suites as it transformed them (TypeScript to JavaScript), so that a
 * run after the first starts without transforming them again: about 0.7 s and 90 MB less.
 * `empty` when nothing is kept there yet (the first run after an install), and where the
 * package cannot write (a read-only install) there is no cache: every run transforms them.
 */
async function moduleCache(): Promise<{ path: string; empty: boolean } | undefined> {
  const cache = path.join(packageRoot, 'node_modules', '.cache', 'cp-conformance-modules');
  try {
    await mkdir(cache, { recursive: true });
    // vitest fails a module whose transform it cannot write there.
    await access(cache, constants.W_OK);
    return { path: cache, empty: (await readdir(cache)).length === 0 };
  } catch {
    return undefined;
  }
}

/** More than there are rules: vitest's own limit on the checks at once never binds. */
const EVERY_CHECK = 100_000;

/**
 * What the checks' worker imports: when they are not cached, vite transforms them all as
 * vitest starts, while the worker thread starts, instead of one import at a time as the
 * worker asks (about 0.4 s sooner on a first run).
 */
const CHECK_MODULES = ['harness', 'suites', 'generators', 'spec'].map((folder) => `./${folder}/**/*${MODULE_EXTENSION}`);

interface ActiveRun {
  byId: Map<string, RuleDefinition>;
  results: Map<string, RuleResult>;
  onRuleFinished?: (result: RuleResult) => void;
}

export class SuiteSession {
  /** The runs under way, by their index in the test names (suites/checks.entry.ts), and what failed to load. */
  private active: { runs: ActiveRun[]; loadErrors: string[] } | undefined;
  private specifications: TestSpecification[] = [];
  private suites: Array<SuiteFile & { area: string }> = [];

  private constructor(private vitest: Vitest | undefined) {}

  /**
   * With `concurrency` above 1, vitest starts every check at once, and the run's
   * `concurrency` lanes (harness/lanes.ts) bound how many work at a time; the fixture
   * locks of harness/coordination.ts keep their provider states apart.
   */
  static async open(concurrency = 1): Promise<SuiteSession> {
    const session = new SuiteSession(undefined);
    const cache = await moduleCache();
    const collector = {
      onTestCaseResult: (testCase: TestCase) => session.record(testCase),
      onTestRunEnd: (modules: ReadonlyArray<TestModule>) => {
        for (const module of modules) {
          for (const error of module.errors()) session.active?.loadErrors.push(`${module.relativeModuleId}: ${error.message}`);
        }
      },
    };
    session.vitest = await createVitest(
      'test',
      {
        root: packageRoot,
        config: false,
        watch: false,
        // One module, whatever is selected: suites/checks.entry.ts declares the checks of the
        // selected suite files as its own tests, interleaved by area, so that the checks that
        // run at once are not all waiting on the same fixtures.
        include: [ENTRY],
        reporters: [collector],
        pool: 'threads',
        // Checks wait on the target far more than they compute: the concurrency is checks
        // interleaved within one worker thread. A second thread would pay its start again
        // (vitest's runtime, undici, the OpenAPI documents, ajv's validators, the generators),
        // about 1 s of CPU and 55 MB, for a module it could not share anyway.
        fileParallelism: false,
        maxWorkers: 1,
        sequence: { concurrent: concurrency > 1 },
        maxConcurrency: concurrency > 1 ? EVERY_CHECK : 1,
        isolate: false,
        // Each check has its deadline on the time it works (harness/run-check.ts); a
        // timeout of vitest's would also count its waits for a lane and for fixtures.
        testTimeout: 0,
        hookTimeout: 0,
        passWithNoTests: true,
        experimental: cache ? { fsModuleCache: true, fsModuleCachePath: cache.path } : {},
      },
      { logLevel: 'silent', ...(!cache || cache.empty ? { server: { warmup: { ssrFiles: CHECK_MODULES } } } : {}) },
    );
    session.specifications = await session.vitest.globTestSpecifications();
    session.suites = await suiteFiles();
    return session;
  }

  async run(run: SuiteRun): Promise<RuleResult[]> {
    const [results] = await this.runEach([run]);
    return results!;
  }

  /**
   * Several runs, each against its own target, one after the other in one vitest run:
   * the worker thread starts once (about 0.6 s of CPU a run saved: the self-tests make
   * hundreds of one-rule runs, one per fault). Give them concurrency 1: checks of
   * different runs at once would share no lanes.
   */
  async runEach(runs: readonly SuiteRun[]): Promise<RuleResult[][]> {
    const vitest = this.vitest!;
    const active = runs.map((run) => ({ byId: new Map(run.selected.map((r) => [r.id, r])), results: new Map<string, RuleResult>(), onRuleFinished: run.onRuleFinished }));
    this.active = { runs: active, loadErrors: [] };
    // Rule ids begin with their area, and an area's checks live in suites/<area>.test.ts or suites/<area>/.
    const suitesOf = (run: SuiteRun) => {
      const areas = new Set(run.selected.map((r) => areaOf(r.id)));
      return this.suites.filter((s) => areas.has(s.area)).map(({ file, suite }) => ({ file, suite }));
    };
    vitest.provide('conformanceRuns', runs.map((run) => ({ config: run.config, suites: suitesOf(run) })));
    const names = active.map(({ byId }, index) => `${index} (?:${[...byId.keys()].map(escapeRegExp).join('|')})`);
    vitest.setGlobalTestNamePattern(new RegExp(`^(?:${names.join('|')}) `));
    await vitest.runTestSpecifications(this.specifications, true);
    const { loadErrors } = this.active;
    this.active = undefined;
    if (loadErrors.length > 0) throw new RunError(`a suite failed to load (a defect of cp-conformance): ${loadErrors[0]}`);
    // A selected rule without a check is shown, never dropped.
    return runs.map((run, index) =>
      run.selected.map(
        (definition) =>
          active[index]!.results.get(definition.id) ?? {
            ...definition,
            suite: 'unchecked',
            status: 'skipped',
            reason: 'this version of cp-conformance has no check for this rule',
            durationMs: 0,
            requests: 0,
          },
      ),
    );
  }

  async close(): Promise<void> {
    await this.vitest?.close();
  }

  private record(testCase: TestCase): void {
    const [index, id] = testCase.name.split(' ');
    const active = this.active?.runs[Number(index)];
    const definition = active?.byId.get(id ?? '');
    if (!active || !definition) return;
    const outcome = testCase.result();
    const meta = testCase.meta();
    // A broken SHOULD rule warns (CONTRACT 1.1): the same evidence, but it does not fail the gate.
    const broken = meta.suiteError ? 'error' : definition.level === 'SHOULD' ? 'warned' : 'failed';
    const status = outcome.state === 'passed' || outcome.state === 'skipped' ? outcome.state : broken;
    const errorMessage = outcome.state === 'failed' ? outcome.errors[0]?.message : undefined;
    const evidence = status === broken ? (meta.evidence ?? { message: errorMessage ?? 'the check failed' }) : undefined;
    const reason = outcome.state === 'skipped' ? (outcome.note ?? 'skipped') : evidence?.message;
    const result: RuleResult = {
      ...definition,
      suite: meta.suite ?? testCase.module.relativeModuleId.replace(/^suites\//, '').replace(/\.test\.ts$/, ''),
      status,
      ...(reason !== undefined ? { reason } : {}),
      ...(evidence ? { evidence } : {}),
      durationMs: meta.durationMs ?? Math.round(testCase.diagnostic()?.duration ?? 0),
      requests: meta.requests ?? 0,
      ...(meta.data ? { data: meta.data } : {}),
      ...(meta.dataNotes ? { dataNotes: meta.dataNotes } : {}),
    };
    active.results.set(result.id, result);
    active.onRuleFinished?.(result);
  }
}
