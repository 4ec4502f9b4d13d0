// StrykerJS configuration of `npm run mutation` (scripts/mutation.js sets the area and
// the report folder; see there). Mutants are made in the reference implementation's
// behaviour only: not in its faults, variants or demo data, nor in reference/selected.ts
// (which fault or variant is on). reference/server.ts is behaviour, not only wiring: it
// authenticates (sections 5, 7), routes, refuses bodies and serves the test-control endpoint.

/** The reference's behaviour, by area; `core` is what every area goes through. */
export const AREAS = {
  core: ['reference/server.ts', 'reference/router.ts', 'reference/identities.ts', 'reference/cursors.ts', 'reference/area.ts', 'reference/clock.ts', 'reference/json.ts'],
  functions: ['reference/areas/functions.ts', 'reference/areas/functions/**/*.ts'],
  metrics: ['reference/areas/metrics.ts', 'reference/areas/metrics/**/*.ts'],
  resources: ['reference/areas/resources.ts', 'reference/areas/resources/**/*.ts'],
  'sandbox-address': ['reference/areas/sandbox-address.ts'],
};

/**
 * The conformance run each mutant gets: a fixed seed, so that a verdict replays, and
 * --strict: the reference follows every SHOULD rule as well, so a warning shows a mutant.
 * A mutant no rule breaks is then compared with the clean reference, answer by answer, at
 * each of `diffSeeds` (scripts/mutation-plugin.js, recordDiff), in a second pass over the
 * survivors (CP_MUTATION_DIFF_PASS, scripts/mutation.js).
 */
const diffSeeds = (process.env.CP_MUTATION_DIFF_SEEDS ?? '1,2,3').split(',').filter(Boolean).map(Number);
export const RUN = { seed: 1, runs: Number(process.env.CP_MUTATION_RUNS ?? 25), strict: true, diffSeeds };

const area = process.env.CP_MUTATION_AREA ?? 'all';
const reports = process.env.CP_MUTATION_REPORTS ?? `reports/mutation/${area}`;
// CP_MUTATION_RUNNER=command: the plain alternative, one `cp-conformance run` process per mutant (no coverage).
const command = process.env.CP_MUTATION_RUNNER === 'command';

export default {
  mutate: area === 'all' ? Object.values(AREAS).flat() : AREAS[area],
  ...(command
    ? {
        testRunner: 'command',
        coverageAnalysis: 'off',
        commandRunner: { command: `node bin/cp-conformance.js run --strict --seed ${RUN.seed} --runs ${RUN.runs} --report-dir .stryker-report` },
      }
    : { testRunner: 'cp-conformance', coverageAnalysis: 'perTest', cpConformance: RUN }),
  appendPlugins: ['./scripts/mutation-plugin.js'],
  ignorers: ['cp-conformance-selection'],
  // A mutant is tested against the whole reference: the TypeScript is run by tsx, so no build and no type check.
  disableTypeChecks: true,
  checkers: [],
  // What the sandbox need not hold (node_modules is linked, not copied).
  ignorePatterns: ['/dist', '/conformance-report', '/bench/results', '/reports', '/tmp-*', '/.ci'],
  incremental: true,
  incrementalFile: `${reports}/stryker-incremental.json`,
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, maxTestsToLog: 0 },
  concurrency: 2,
  // The machine may be shared: a slow run is not taken for an endless loop (that ends at the hit limit anyway).
  // The diff pass runs only survivors, each six runs more: its time is not the mutant's.
  timeoutMS: process.env.CP_MUTATION_DIFF_PASS ? 900_000 : 20_000,
  timeoutFactor: 2,
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
};
