// `npm run bench`: the full suite against the reference implementation with a fixed
// seed, and in the same run its floor: as many keep-alive requests sent by undici
// alone, as many at a time as the suite's concurrency, to the same server. The reference
// runs in a child process (`cp-conformance serve`) so the runner's CPU and memory are
// its own, and the reference's share of the wall time can be told apart.
//
// `npm run bench -- --scale`: the same run with the fixture-heavy checks at scale
// (10,000 functions, 200,000 usage events: SuiteConfig.fixtureScale), the same figures,
// then how the reference's answer time grows: a listing page at 1,000 and 10,000
// functions, a metrics query at 20,000 and 200,000 events (reference-scaling.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, type Dispatcher } from 'undici';
import { DEFAULT_RUNS, parseRunOptions } from '../cli/options.ts';
import { runConformance } from '../runner/run.ts';
import type { ChildMessage, JournalEntry } from './journaled-reference.ts';
import { referenceScaling, SCALE } from './reference-scaling.ts';

const SEED = 20261121;
const root = fileURLToPath(new URL('..', import.meta.url));

interface Served {
  child: ChildProcess;
  env: Record<string, string>;
}

/** Starts the journaling reference (journaled-reference.ts) and waits for its environment. */
function serveReference(): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/journaled-reference.ts')], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    child.once('message', (message: ChildMessage) => {
      if (message.kind === 'listening') resolve({ child, env: message.env });
    });
    child.once('exit', (code) => reject(new Error(`the reference implementation exited with ${code}`)));
  });
}

/** Every request the reference has received since the last call. */
function journalOf(served: Served): Promise<JournalEntry[]> {
  return new Promise((resolve) => {
    const onMessage = (message: ChildMessage) => {
      if (message.kind !== 'journal') return;
      served.child.off('message', onMessage);
      resolve(message.entries);
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
async function floors(served: Served, concurrency: number) {
  const journal = await journalOf(served);
  const origin = new URL(served.env.CP_BASE_URL!).origin;
  const replayMs = await sendAll(origin, journal, concurrency);
  await journalOf(served);
  const page = new URL(`${served.env.CP_BASE_URL!}/functions?limit=50`);
  const get: JournalEntry = { method: 'GET', url: page.pathname + page.search, headers: { authorization: `Bearer ${served.env.CP_TOKEN!}` }, body: '' };
  const repeatedGetMs = await sendAll(origin, Array.from({ length: journal.length }, () => get), concurrency);
  await journalOf(served);
  return { replayMs, repeatedGetMs, requests: journal.length, bytes: journal.reduce((sum, r) => sum + r.body.length, 0) };
}

const scale = process.argv.slice(2).includes('--scale');
const unknown = process.argv.slice(2).filter((a) => a !== '--scale');
if (unknown.length > 0) {
  console.error(`npm run bench: unknown argument ${unknown[0]} (the only one is --scale)`);
  process.exit(2);
}

const served = await serveReference();
try {
  const options = parseRunOptions(['--seed', String(SEED), '--report-dir', path.join(root, `bench/results/report${scale ? '-scale' : ''}`)], served.env);
  if (scale) options.fixtureScale = { ...SCALE };
  const cpuBefore = process.cpuUsage();
  const refCpuBefore = (await cpuSecondsOf(served.child.pid!)) ?? 0;
  const started = performance.now();
  const { result } = await runConformance(options);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const refCpuSeconds = ((await cpuSecondsOf(served.child.pid!)) ?? refCpuBefore) - refCpuBefore;
  // Read before anything else runs in this process (the scaling fixtures below are the bench's, not the runner's).
  const peakRss = process.resourceUsage().maxRSS;
  const requests = result.rules.reduce((sum, r) => sum + r.requests, 0);
  const floor = await floors(served, options.concurrency);
  const scaling = scale ? await referenceScaling(served.env.CP_BASE_URL!, served.env.CP_CONTROL_URL!, served.env.CP_TOKEN!, served.env.CP_ACCOUNT_ID!, SEED) : undefined;
  const figures = {
    scenario: scale ? 'scale' : 'default',
    seed: SEED,
    runs: DEFAULT_RUNS,
    concurrency: options.concurrency,
    rules: result.rules.length,
    verdicts: result.summary,
    wallSeconds: +(wallMs / 1000).toFixed(2),
    requests,
    requestsPerSecond: Math.round(requests / (wallMs / 1000)),
    floorSeconds: +(floor.replayMs / 1000).toFixed(2),
    ratioToFloor: +(wallMs / floor.replayMs).toFixed(2),
    repeatedGetSeconds: +(floor.repeatedGetMs / 1000).toFixed(2),
    ratioToRepeatedGet: +(wallMs / floor.repeatedGetMs).toFixed(2),
    requestsReceived: floor.requests,
    requestBodyMB: +(floor.bytes / 1e6).toFixed(1),
    runnerCpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
    runnerPeakMemoryMB: Math.round(peakRss / 1024),
    referenceCpuSeconds: +refCpuSeconds.toFixed(2),
    referenceShareOfWall: +((refCpuSeconds * 1000) / wallMs).toFixed(2),
    slowestRules: [...result.rules]
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, 10)
      .map((r) => ({ id: r.id, ms: r.durationMs, requests: r.requests })),
    ...(scaling ? { scale: scaling } : {}),
  };
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `bench-${scale ? 'scale-' : ''}${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(figures, null, 2)}\n`);
  const { slowestRules, scale: scaleFigures, ...table } = figures;
  console.table(table);
  console.table(slowestRules);
  if (scaleFigures) {
    const { fixtures, listingPage, listingRatio, metricsQuery, metricsRatio } = scaleFigures;
    console.table(fixtures);
    console.table(listingPage);
    console.log(`a listing page at ${SCALE.functions.toLocaleString('en')} functions takes ${listingRatio}× its time at a tenth of them`);
    console.table(metricsQuery);
    console.log(`a metrics query over ${SCALE.usageEvents.toLocaleString('en')} events takes ${metricsRatio}× its time over a tenth of them`);
  }
  console.log(`written to ${path.relative(process.cwd(), file)}`);
} finally {
  served.child.disconnect();
}
