// What the runner hands the checks' vitest module (runner/run-suites.ts `provide`) and
// what each test reports back in its meta: declared here once for vitest's types.
import type { DataKind, Evidence } from '../results/model.ts';
import type { SuiteConfig } from './config.ts';

/** A suite file whose checks the vitest module runs. */
export interface SuiteFile {
  /** Absolute path of the module. */
  file: string;
  /** Its name in the results, e.g. `functions/limit`. */
  suite: string;
}

/** One run of the checks against one target: its configuration and the suite files of its selected rules. */
export interface ProvidedRun {
  config: SuiteConfig;
  suites: SuiteFile[];
}

declare module 'vitest' {
  interface ProvidedContext {
    /** The runs suites/checks.entry.ts declares checks for: one per target, most often one. */
    conformanceRuns: ProvidedRun[];
  }
  interface TaskMeta {
    evidence?: Evidence;
    /** The suite could not make the check (outcome `error`): the test fails, and the runner reports it as no verdict. */
    suiteError?: true;
    requests?: number;
    /** The check's time from when it had a lane (harness/lanes.ts), not from when vitest started it. */
    durationMs?: number;
    /** The data the check worked on, and what it reached (CONTRACT 1.3). */
    data?: DataKind;
    dataNotes?: string[];
    /** The suite file of the check, e.g. `functions/limit` (suites/checks.entry.ts runs them all as one module). */
    suite?: string;
  }
}
