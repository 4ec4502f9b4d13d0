// What `cp-conformance run` is asked to do, parsed from the command line and the
// environment by cli/options.ts.
import type { SuiteConfig } from '../harness/config.ts';

export interface RunOptions {
  baseUrl?: string;
  sandboxUrl?: string;
  token?: string;
  memberToken?: string;
  noScopeToken?: string;
  otherWorkspaceToken?: string;
  accountId?: string;
  sandboxName?: string;
  processName?: string;
  processPid?: string;
  /** Without a base URL: the embedded reference holds this data set, and the run gets no control URL (a run on existing data). */
  embeddedData?: string;
  controlUrl?: string;
  /** A built-in profile's name or a profile file (spec/profiles/). */
  profile?: string;
  reportDir: string;
  /** Warnings (broken SHOULD rules) and fixed known failures also give exit status 1. */
  strict: boolean;
  /** An expectations file (CONTRACT 1.2): the rules it lists are `known` when they break, `fixed` when they pass. */
  expect?: string;
  /** The results.json of an earlier run: only the rules that broke there run, with its seed, cases and profile. */
  rerunFailed?: string;
  /** Where to write the Markdown summary, besides $GITHUB_STEP_SUMMARY. */
  summary?: string;
  /** Absent: a random seed, or the earlier run's with --rerun-failed. */
  seed?: number;
  /** Absent: DEFAULT_RUNS, or the earlier run's with --rerun-failed. */
  runs?: number;
  only: string[];
  skip: string[];
  timeoutMs: number;
  readOnly: boolean;
  concurrency: number;
  /** Requests the whole run may send; absent: unbounded. */
  maxRequests?: number;
  /** Requests a second the whole run may send; absent: unpaced. */
  rateLimit?: number;
  /** --har: where to write every exchange of the run as HAR. */
  har?: string;
  /** Set by `npm run bench -- --scale` only: no flag parses into it (see SuiteConfig). */
  fixtureScale?: SuiteConfig['fixtureScale'];
}

export const DEFAULT_RUNS = 25;
/**
 * Checks at work at once (harness/lanes.ts): enough for the checks that read one round
 * series together (the eight listing rules of functions) beside checks of the other
 * areas; most of the time they wait on the target, not on this process.
 */
export const DEFAULT_CONCURRENCY = 16;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_REPORT_DIR = 'conformance-report';
