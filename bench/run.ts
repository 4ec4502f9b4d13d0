// `npm run bench`: the full suite against the reference implementation with a fixed
// seed, run as users run it (`cp-conformance run` in a process of its own), twice:
// first without vitest's module cache (as after a fresh install), then with it. The
// reference runs in a child process too (journaled-reference.ts), so the runner's CPU
// and memory are its own and the reference's share of the wall time can be told apart.
// Then the floor: the requests the suite sent, replayed by undici alone, as many at a
// time as the suite's concurrency, to the same server.
//
// `npm run bench -- --scale`: the same run with the fixture-heavy checks at scale
// (10,000 functions, 200,000 usage events: SuiteConfig.fixtureScale, which no command-line
// option sets, so this run is in the bench's own process), the same figures, then how
// the reference's answer time grows: a listing page at 1,000 and 10,000 functions, a
// metrics query at 20,000 and 200,000 events (reference-scaling.ts).
//
// `npm run bench -- --latency MS`: the default scenario, and after each of its later runs
// the same run through a proxy that holds every packet MS milliseconds each way
// (latency-proxy.ts): the wall time behind the proxy, its ratio to the direct run's, and
// the critical path of the run behind it (critical-path.ts).
//
// `npm run bench -- --rate-limit N`: a run paced at N requests a second (`run --rate-limit N`)
// on set data (the control URL) and on the demo data set without it (as `run --embedded-data
// demo`): its wall time against the floor of the pace, requests ÷ N, before and after the
// start-up, and the busiest second the target saw. `--census`: for the same two runs, the
// rules that send most, the requests by kind and those sent more than once (census.ts); with
// `--rate-limit N`, of the paced runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Agent, type Dispatcher } from 'undici';
import { parseRunOptions } from '../cli/options.ts';
import { CREDENTIAL_VARIABLES } from '../harness/config.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_RUNS } from '../runner/options.ts';
import type { RunResult } from '../results/model.ts';
import { busiestSecond } from './busiest-second.ts';
import { byKind, repeats } from './census.ts';
import { criticalPath } from './critical-path.ts';
import type { ChildMessage, JournalEntry } from './journaled-reference.ts';
import { behindProxy, startLatencyProxy } from './latency-proxy.ts';

const SEED = 20261121;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Served {
  child: ChildProcess;
  env: Record<string, string>;
  /** The reference's performance.timeOrigin. */
  timeOrigin: number;
}

/** Starts the journaling reference (journaled-reference.ts) and waits for its environment. */
function serveReference(data?: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/journaled-reference.ts')], {
      env: { ...process.env, ...(data ? { BENCH_REFERENCE_DATA: data } : {}) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    child.once('message', (message: ChildMessage) => {
      if (message.kind === 'listening') resolve({ child, env: message.env, timeOrigin: message.timeOrigin });
    });
    child.once('exit', (code) => reject(new Error(`the reference implementation exited with ${code}`)));
  });
}

/** Every request the reference has received since the last call, its times on this process's clock. */
function journalOf(served: Served): Promise<JournalEntry[]> {
  const shift = served.timeOrigin - performance.timeOrigin;
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.kind !== 'journal') return;
      served.child.off('message', onMessage);
      resolve(message.entries.map((entry) => ({ ...entry, receivedMs: entry.receivedMs + shift, answeredMs: entry.answeredMs + shift })));
    };
    served.child.on('message', onMessage);
    served.child.send({ kind: 'journal' });
  });
}

/** CPU seconds a process has used so far, from /proc (Linux). */
async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** `concurrency` lanes send `requests`, in order, each the next one not yet sent: undici alone over keep-alive. */
async function sendAll(origin: string, requests: readonly JournalEntry[], concurrency: number): Promise<number> {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: concurrency });
  let next = 0;
  const lane = async () => {
    for (let request = requests[next++]; request; request = requests[next++]) {
      const { method, url, headers, body } = request;
      const res = await agent.request({ origin, path: url, method: method as Dispatcher.HttpMethod, headers, body: body || undefined });
      await res.body.dump();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, lane));
  const elapsed = performance.now() - started;
  await agent.close();
  return elapsed;
}

/**
 * The floor the issue names: the time the target needs to answer the requests the suite sent.
 * The reference's journal of the run is replayed, the same requests in the same order, as many
 * at a time as the suite's concurrency. Also timed for comparison: as many GETs of one listing
 * page, the cheapest request the suite makes often (the floor of earlier versions of the bench).
 */
async function floors(served: Served, journal: readonly JournalEntry[], concurrency: number) {
  const origin = new URL(served.env.CP_BASE_URL!).origin;
  const replayMs = await sendAll(origin, journal, concurrency);
  const page = new URL(`${served.env.CP_BASE_URL!}/functions?limit=50`);
  const get: JournalEntry = { method: 'GET', url: page.pathname + page.search, headers: { authorization: `Bearer ${served.env.CP_TOKEN!}` }, body: '', receivedMs: 0, answeredMs: 0 };
  const repeatedGetMs = await sendAll(origin, Array.from({ length: journal.length }, () => get), concurrency);
  await journalOf(served);
  return { replayMs, repeatedGetMs, requests: journal.length, bytes: journal.reduce((sum, r) => sum + r.body.length, 0) };
}

/** The bench's options; anything else is refused with exit 2, like the command line's. */
function benchOptions(): { scale: boolean; existing: boolean; faults: boolean; latencyMs?: number; rateLimit?: number; census: boolean } {
  const usage = 'usage: npm run bench [-- --scale | -- --existing | -- --faults | -- --latency MS | -- [--rate-limit N] [--census]]';
  try {
    const { values } = parseArgs({
      options: {
        scale: { type: 'boolean', default: false },
        existing: { type: 'boolean', default: false },
        faults: { type: 'boolean', default: false },
        latency: { type: 'string' },
        'rate-limit': { type: 'string' },
        census: { type: 'boolean', default: false },
      },
      strict: true,
    });
    const latencyMs = values.latency === undefined ? undefined : Number(values.latency);
    if (latencyMs !== undefined && !(Number.isInteger(latencyMs) && latencyMs > 0 && latencyMs <= 1000))
      throw new Error(`--latency takes whole milliseconds each way, 1 to 1000; got "${values.latency}"`);
    const rateLimit = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
    if (rateLimit !== undefined && !(Number.isInteger(rateLimit) && rateLimit > 0))
      throw new Error(`--rate-limit takes whole requests a second, 1 or more; got "${values['rate-limit']}"`);
    // --census and --rate-limit are one scenario: the census of the paced runs.
    if ([values.scale, values.existing, values.faults, latencyMs !== undefined, rateLimit !== undefined || values.census].filter(Boolean).length > 1)
      throw new Error('--scale, --existing, --faults, --latency and --rate-limit or --census are separate scenarios; give one');
    return { scale: values.scale, existing: values.existing, faults: values.faults, latencyMs, rateLimit, census: values.census };
  } catch (error) {
    console.error(`npm run bench: ${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const { scale, existing, faults, latencyMs, rateLimit, census } = benchOptions();
const rateScenario = rateLimit === undefined ? '' : `rate-limit ${rateLimit}`;
const scenario = scale
  ? 'scale'
  : existing
    ? 'existing'
    : faults
      ? 'faults'
      : latencyMs !== undefined
        ? `latency ${latencyMs} ms`
        : census
          ? `census${rateScenario ? ` ${rateScenario}` : ''}`
          : rateScenario || 'default';
const scenarioFile = scenario === 'default' ? '' : `${scenario.replace(' ms', '').replaceAll(' ', '-')}-`;

/** Writes the scenario's figures to bench/results/ and says where. */
async function writeFigures(figures: object): Promise<void> {
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `bench-${scenarioFile}${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

if (faults) {
  const { faultRuns } = await import('./fault-runs.ts');
  console.log('the whole suite, clean and with each fault of the catalogue (seconds, failed rules, shrinks stopped at the bound):');
  const { cleanMs, runs } = await faultRuns(SEED, (run) => console.log(`  ${run.fault.padEnd(52)} ${(run.ms / 1000).toFixed(1).padStart(6)} s  ${run.failed} failed${run.boundedShrinks ? `, ${run.boundedShrinks} at the bound` : ''}`));
  const bySlowest = [...runs].sort((a, b) => b.ms - a.ms);
  const ratio = (ms: number) => +(ms / cleanMs).toFixed(2);
  const figures = {
    seed: SEED,
    cleanRunSeconds: +(cleanMs / 1000).toFixed(1),
    faultRuns: runs.length,
    slowest: bySlowest.slice(0, 5).map((r) => ({ fault: r.fault, seconds: +(r.ms / 1000).toFixed(1), timesClean: ratio(r.ms), failed: r.failed, boundedShrinks: r.boundedShrinks })),
    overThreeTimesClean: runs.filter((r) => r.ms > 3 * cleanMs).map((r) => r.fault),
    shrinksStoppedAtBound: runs.reduce((n, r) => n + r.boundedShrinks, 0),
  };
  console.log(`clean run ${figures.cleanRunSeconds} s; the slowest fault run ${figures.slowest[0]?.seconds} s (${figures.slowest[0]?.timesClean}× clean): ${figures.slowest[0]?.fault}`);
  console.table(figures.slowest);
  await writeFigures(figures);
  process.exit(0);
}

/** What one run of the suite cost. */
interface Measured {
  /** performance.now() when it started, the clock of the journal's times (journalOf). */
  startedMs: number;
  wallMs: number;
  cpuSeconds: number;
  peakMemoryMB: number;
  result: RunResult;
}

/** Where the runner keeps vitest's transformed suites (runner/run-suites.ts). */
const MODULE_CACHE = path.join(root, 'node_modules/.cache/cp-conformance-modules');

/**
 * `cp-conformance run` in a process of its own, as users run it, with `more` options; its usage
 * from bench/usage-on-exit.js. A run whose rules failed (exit 1) or could not be made (2) is
 * measured too when `verdictsAnyway`; results.json is removed first, so a stale one is never read.
 */
async function runCommandLine(env: Record<string, string>, reportDir: string, more: readonly string[] = [], verdictsAnyway = false): Promise<Measured> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'cp-bench-'));
  const usageFile = path.join(scratch, 'usage.json');
  const args = ['--import', path.join(root, 'bench/usage-on-exit.js'), path.join(root, 'bin/cp-conformance.js'), 'run', '--seed', String(SEED), '--report-dir', reportDir, ...more];
  await rm(path.join(reportDir, 'results.json'), { force: true });
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env, BENCH_USAGE_FILE: usageFile }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', resolve);
  });
  const wallMs = performance.now() - started;
  if (code !== 0 && !(verdictsAnyway && (code === 1 || code === 2))) throw new Error(`cp-conformance run exited with ${code}`);
  const usage = JSON.parse(await readFile(usageFile, 'utf8')) as { cpuSeconds: number; peakMemoryKB: number };
  await rm(scratch, { recursive: true, force: true });
  const result = JSON.parse(await readFile(path.join(reportDir, 'results.json'), 'utf8')) as RunResult;
  return { startedMs: started, wallMs, cpuSeconds: usage.cpuSeconds, peakMemoryMB: Math.round(usage.peakMemoryKB / 1024), result };
}

/** The scale scenario: the runner in this process, with the bench's fixture sizes. */
async function runInProcess(env: Record<string, string>, reportDir: string, fixtureScale: { functions: number; usageEvents: number }): Promise<Measured> {
  const { runConformance } = await import('../runner/run.ts');
  const options = parseRunOptions(['--seed', String(SEED), '--report-dir', reportDir], env);
  options.fixtureScale = fixtureScale;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { result } = await runConformance(options);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { startedMs: started, wallMs, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakMemoryMB: Math.round(process.resourceUsage().maxRSS / 1024), result };
}

type MeasuredRun = Measured & { referenceCpuSeconds: number; journal: JournalEntry[] };

/** Runs the suite and reads the reference's CPU and journal around it. */
async function measured(served: Served, run: () => Promise<Measured>): Promise<MeasuredRun> {
  await journalOf(served);
  const before = (await cpuSecondsOf(served.child.pid!)) ?? 0;
  const figures = await run();
  const referenceCpuSeconds = ((await cpuSecondsOf(served.child.pid!)) ?? before) - before;
  return { ...figures, referenceCpuSeconds, journal: await journalOf(served) };
}

/** The run of median wall time. */
const median = <T extends { wallMs: number }>(runs: readonly T[]): T => [...runs].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(runs.length / 2)]!;

/** The `count` rules that took longest or sent most. */
const topRules = (result: RunResult, by: 'durationMs' | 'requests', count: number) =>
  [...result.rules]
    .sort((a, b) => b[by] - a[by])
    .slice(0, count)
    .map((r) => ({ id: r.id, ms: r.durationMs, requests: r.requests }));

/** The ten rules that took longest. */
const slowest = (result: RunResult) => topRules(result, 'durationMs', 10);

/** What each rule came to, for comparing two runs of one seed. */
const verdicts = (result: RunResult) => result.rules.map((r) => `${r.id} ${r.status} ${r.evidence?.counterexample ?? ''}`).join('\n');

/** Runs with the module cache; the median is reported. */
const LATER_RUNS = 3;

const seconds = (ms: number) => +(ms / 1000).toFixed(2);

/** A target's environment as a run on the data it holds gets it: without the control URL. */
function withoutControl(env: Record<string, string>): Record<string, string> {
  const { CP_CONTROL_URL: _none, ...rest } = env;
  return rest;
}

/** --rate-limit and --census: the two runs, by their data, and the data set the reference holds for each. */
const ON_DATA = { set: undefined, existing: 'demo' } as const;

/** One run against a reference of its own: on set data with the control URL; holding a data set, without it (`run --embedded-data`). */
async function runOnData(data: string | undefined, more: readonly string[]): Promise<MeasuredRun & Pick<Served, 'env'>> {
  const served = await serveReference(data);
  try {
    const reportDir = path.join(root, `bench/results/report-${scenarioFile}${data ?? 'set'}`);
    return { ...(await measured(served, () => runCommandLine(data ? withoutControl(served.env) : served.env, reportDir, more, true))), env: served.env };
  } finally {
    served.child.disconnect();
  }
}

/** What a run came to: the verdicts, and each rule that did not pass with the first line of why. */
function verdictFigures(result: RunResult) {
  const { passed, failed, warned, skipped, error } = result.summary;
  const notPassed = result.rules
    .filter((r) => r.status === 'failed' || r.status === 'error' || r.status === 'warned')
    .map((r) => ({ id: r.id, status: r.status, reason: (r.reason ?? r.evidence?.message ?? '').split('\n')[0]! }));
  return { counts: { passed, failed, warned, skipped, error }, notPassed };
}

/** A run paced at `perSecond` against the floor of that pace, requests ÷ N, whole and after its start-up (process start to the first request the target saw). */
function pacedFigures(run: MeasuredRun, perSecond: number) {
  const requests = run.journal.length;
  const floorMs = (requests / perSecond) * 1000;
  const startUpMs = Math.min(...run.journal.map((r) => r.receivedMs)) - run.startedMs;
  const busiest = busiestSecond(run.journal);
  return {
    requests,
    perSecond,
    wallSeconds: seconds(run.wallMs),
    floorSeconds: seconds(floorMs),
    ratioToFloor: +(run.wallMs / floorMs).toFixed(2),
    startUpSeconds: seconds(startUpMs),
    ratioAfterStartUp: +((run.wallMs - startUpMs) / floorMs).toFixed(2),
    busiestSecond: busiest,
    withinLimit: busiest <= perSecond,
  };
}

/** Where a run's requests went: the rules that counted most, the journal by kind, its repeats. */
function censusFigures(run: MeasuredRun & Pick<Served, 'env'>) {
  const credentialOf = (authorization: string | undefined) =>
    Object.entries(CREDENTIAL_VARIABLES).find(([, variable]) => authorization === `Bearer ${run.env[variable]}`)?.[0] ?? (authorization ? 'another' : 'none');
  return {
    requestsReceived: run.journal.length,
    // More than received: a shared state counts for every rule that reads it.
    requestsCountedByRules: run.result.rules.reduce((sum, r) => sum + r.requests, 0),
    topRules: topRules(run.result, 'requests', 25),
    byKind: byKind(run.journal),
    repeats: repeats(run.journal, 15, credentialOf),
  };
}

/** Figures of several runs side by side: a row a figure, a column a run. */
function sideBySide(runs: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const rows: Record<string, Record<string, unknown>> = {};
  for (const [run, figures] of Object.entries(runs)) for (const [name, value] of Object.entries(figures)) (rows[name] ??= {})[run] = value;
  return rows;
}

if (rateLimit !== undefined || census) {
  const more = rateLimit === undefined ? [] : ['--rate-limit', String(rateLimit)];
  const byData: Record<string, { verdicts: ReturnType<typeof verdictFigures>; paced?: ReturnType<typeof pacedFigures>; census?: ReturnType<typeof censusFigures> }> = {};
  for (const [name, data] of Object.entries(ON_DATA)) {
    console.log(`the run on ${name} data${rateLimit === undefined ? '' : `, at most ${rateLimit} requests a second`}…`);
    const run = await runOnData(data, more);
    const verdicts = verdictFigures(run.result);
    const paced = rateLimit === undefined ? undefined : pacedFigures(run, rateLimit);
    byData[name] = { verdicts, ...(paced ? { paced } : {}), ...(census ? { census: censusFigures(run) } : {}) };
    // Said at once: a run that never ends leaves the figures of the one before.
    const pace = paced ? `, the floor ${paced.floorSeconds} s, start-up ${paced.startUpSeconds} s, the busiest second ${paced.busiestSecond}` : '';
    console.log(`  ${run.journal.length} requests in ${seconds(run.wallMs)} s${pace}; ${Object.entries(verdicts.counts).map(([status, n]) => `${n} ${status}`).join(', ')}`);
  }
  await writeFigures({ scenario, seed: SEED, runs: DEFAULT_RUNS, concurrency: DEFAULT_CONCURRENCY, ...byData });
  const each = <T,>(pick: (figures: (typeof byData)[string]) => T) => Object.fromEntries(Object.entries(byData).map(([name, figures]) => [name, pick(figures)]));
  console.table(
    sideBySide(
      each((f) => {
        const { topRules: _top, byKind: _kinds, repeats: r, ...counts } = f.census ?? {};
        const repeated = r ? { repeats: r.repeats, repeatedRequests: r.repeatedRequests, repeatsOnSameData: r.onSameData, repeatsIgnoringCredential: r.ignoringCredential } : {};
        return { ...f.paced, ...counts, ...repeated, ...f.verdicts.counts };
      }),
    ),
  );
  for (const [name, { verdicts: v, census: c }] of Object.entries(byData)) {
    if (v.notPassed.length) {
      console.log(`rules that did not pass on ${name} data:`);
      console.table(v.notPassed);
    }
    if (!c) continue;
    console.log(`the ${c.topRules.length} rules that counted most requests on ${name} data:`);
    console.table(c.topRules);
    console.log(`the ${c.repeats.top.length} requests sent most often identically on ${name} data:`);
    console.table(c.repeats.top);
  }
  if (census) {
    console.log('the requests the target received, by kind:');
    console.table(sideBySide(each((f) => f.census!.byKind)));
  }
  process.exit(0);
}

const served = await serveReference(existing ? 'demo' : undefined);
const proxy = latencyMs === undefined ? undefined : await startLatencyProxy(served.env.CP_BASE_URL!, latencyMs);
try {
  const reportDir = path.join(root, `bench/results/report${scale || existing ? `-${scenario}` : ''}`);
  let firstRun: Measured | undefined;
  let laterRuns: Array<{ wallSeconds: number; peakMemoryMB: number }> | undefined;
  let run: MeasuredRun;
  const proxied: MeasuredRun[] = [];
  // The scale scenario's fixtures and its timing of the reference (loaded only for it).
  const scaling = scale ? await import('./reference-scaling.ts') : undefined;
  // The existing-data scenario's fixtures, put on the reference before the runs, which get no control URL.
  const existingData = existing ? await import('./existing-data.ts') : undefined;
  const existingFixtures = existingData && (await existingData.putExistingData(served.env.CP_CONTROL_URL!, served.env.CP_TOKEN!, SEED));
  if (scaling) {
    run = await measured(served, () => runInProcess(served.env, reportDir, { ...scaling.SCALE }));
  } else if (existingData) {
    run = await measured(served, () => runCommandLine(withoutControl(served.env), reportDir));
  } else {
    // The first run transforms the suites (as after `npm install`); the later ones find them
    // cached. This machine is shared and noisy: the figures are those of the median later run,
    // and behind the proxy each later run is followed by its twin there, so both meet the same noise.
    await rm(MODULE_CACHE, { recursive: true, force: true });
    firstRun = await runCommandLine(served.env, reportDir);
    const later: MeasuredRun[] = [];
    for (let i = 0; i < LATER_RUNS; i++) {
      later.push(await measured(served, () => runCommandLine(served.env, reportDir)));
      if (proxy) proxied.push(await measured(served, () => runCommandLine(behindProxy(served.env, proxy), `${reportDir}-latency`)));
    }
    laterRuns = later.map((r) => ({ wallSeconds: seconds(r.wallMs), peakMemoryMB: r.peakMemoryMB }));
    run = median(later);
  }
  const { result, wallMs } = run;
  const requests = result.rules.reduce((sum, r) => sum + r.requests, 0);
  const floor = await floors(served, run.journal, DEFAULT_CONCURRENCY);
  const behind = proxy && median(proxied);
  const chain = behind ? criticalPath(behind.journal, 2 * proxy.delayMs) : 0;
  const latencyFigures = behind && {
    delayMsEachWay: proxy.delayMs,
    wallSeconds: seconds(behind.wallMs),
    ratioToDirect: +(behind.wallMs / wallMs).toFixed(2),
    requests: behind.journal.length,
    criticalPath: chain,
    criticalPathSeconds: seconds(chain * 2 * proxy.delayMs),
    sameVerdictsAsDirect: verdicts(behind.result) === verdicts(run.result),
    runs: proxied.map((r) => seconds(r.wallMs)),
    slowestRules: slowest(behind.result),
  };
  const scaleFigures = scaling
    ? await scaling.referenceScaling(served.env.CP_BASE_URL!, served.env.CP_CONTROL_URL!, served.env.CP_TOKEN!, served.env.CP_ACCOUNT_ID!, SEED)
    : undefined;
  const figures = {
    scenario,
    seed: SEED,
    runs: DEFAULT_RUNS,
    concurrency: DEFAULT_CONCURRENCY,
    rules: result.rules.length,
    verdicts: result.summary,
    wallSeconds: seconds(wallMs),
    requests,
    requestsPerSecond: Math.round(requests / (wallMs / 1000)),
    floorSeconds: seconds(floor.replayMs),
    ratioToFloor: +(wallMs / floor.replayMs).toFixed(2),
    repeatedGetSeconds: seconds(floor.repeatedGetMs),
    ratioToRepeatedGet: +(wallMs / floor.repeatedGetMs).toFixed(2),
    requestsReceived: floor.requests,
    requestBodyMB: +(floor.bytes / 1e6).toFixed(1),
    runnerCpuSeconds: +run.cpuSeconds.toFixed(2),
    runnerPeakMemoryMB: run.peakMemoryMB,
    referenceCpuSeconds: +run.referenceCpuSeconds.toFixed(2),
    referenceShareOfWall: +((run.referenceCpuSeconds * 1000) / wallMs).toFixed(2),
    ...(firstRun
      ? {
          firstRunWallSeconds: seconds(firstRun.wallMs),
          firstRunRatioToFloor: +(firstRun.wallMs / floor.replayMs).toFixed(2),
          firstRunCpuSeconds: +firstRun.cpuSeconds.toFixed(2),
          firstRunPeakMemoryMB: firstRun.peakMemoryMB,
          laterRuns,
        }
      : {}),
    slowestRules: slowest(result),
    ...(scaleFigures ? { scale: scaleFigures } : {}),
    ...(existingFixtures ? { existing: { fixtures: existingFixtures, onExistingData: result.rules.filter((r) => r.data === 'existing').length } } : {}),
    ...(latencyFigures ? { latency: latencyFigures } : {}),
  };
  await writeFigures(figures);
  const { slowestRules, scale: _printedBelow, latency: _printedAfter, existing: existingFigures, ...table } = figures;
  console.table({ ...table, ...(laterRuns ? { laterRuns: laterRuns.map((r) => `${r.wallSeconds} s ${r.peakMemoryMB} MB`).join(', ') } : {}) });
  console.table(slowestRules);
  if (existingFigures) {
    console.table(existingFigures.fixtures);
    console.log(`${existingFigures.onExistingData} rules ran on the data the reference held, with no control URL`);
  }
  if (scaling && scaleFigures) {
    const { SCALE } = scaling;
    const { fixtures, listingPage, listingRatio, metricsQuery, metricsRatio } = scaleFigures;
    console.table(fixtures);
    console.table(listingPage);
    console.log(`a listing page at ${SCALE.functions.toLocaleString('en')} functions takes ${listingRatio}× its time at a tenth of them`);
    console.table(metricsQuery);
    console.log(`a metrics query over ${SCALE.usageEvents.toLocaleString('en')} events takes ${metricsRatio}× its time over a tenth of them`);
  }
  if (latencyFigures) {
    const { runs: latencyRuns, slowestRules: slowestBehind, ...latencyTable } = latencyFigures;
    console.log(`behind a proxy holding every packet ${latencyMs} ms each way (the median of ${LATER_RUNS} runs):`);
    console.table({ ...latencyTable, runs: latencyRuns.map((r) => `${r} s`).join(', ') });
    console.table(slowestBehind);
  }
} finally {
  await proxy?.close();
  served.child.disconnect();
}
