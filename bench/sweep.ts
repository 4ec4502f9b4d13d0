// `npm run sweep`: the suite proves itself at many seeds, not only at the one `npm test`
// uses. Any failure of the clean reference or of a legal variant here is a defect of the
// suite (a generator that leaves its domain, an oracle that assumes), to be fixed, never
// avoided by choosing seeds:
//
// - the clean reference and every legal variant, the whole suite at --runs 25, on set
//   data and on the demo data without a control URL, at each of --seeds seeds, the
//   variants in bundles drawn anew at each seed (test/support/variant-bundles.ts);
// - every fault, its rule at --runs 25, at each of --fault-seeds seeds, on set data and,
//   where the demo data shows it (test/support/not-shown-by-existing-data.ts), on it too;
// - the whole suite on the demo data while it moves (test/support/moving-data.ts: functions
//   deployed and removed, a function deleted and put back, usage landing), and the
//   functions faults the demo data shows while functions move every 150 ms, at each of
//   --moving-seeds seeds.
//
// Seeds are 1 to N. The work is shared among --workers processes (default: one per core),
// each one vitest session running its runs side by side in batches, as the fault matrices
// do. Prints a line per batch, then what was off; exit status 1 when anything was.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { faults, findFault } from '../reference/faults/index.ts';
import { startReference } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { findRule } from '../spec/rules/index.ts';
import { faultsMissedWhileMoving, MOVEMENTS, offWhileMoving, runOnDemoData } from '../test/support/moving-data.ts';
import { NOT_SHOWN_BY_EXISTING_DATA } from '../test/support/not-shown-by-existing-data.ts';
import { NOT_SHOWN_BY_SET_DATA } from '../test/support/not-shown-by-set-data.ts';
import { existingDataConfig, referenceConfig } from '../test/support/reference-config.ts';
import { bundles, labelOf, offByVariant } from '../test/support/variant-bundles.ts';
import { faultMissed, type RunData } from '../test/support/verdicts.ts';
import type { FaultName } from '../reference/faults/index.ts';

const RUNS = 25;
/** Runs handed to one vitest run at once (SuiteSession.runEach), each against a reference of its own. */
const BATCH = 12;

/** One batch of work, run by one worker; a target is the clean reference ([]) or a bundle of variants. */
type Job =
  | { kind: 'targets'; data: RunData; seed: number; targets: string[][] }
  | { kind: 'faults'; data: RunData; seed: number; faults: string[] }
  | { kind: 'moving'; seed: number };

interface JobResult {
  label: string;
  off: string[];
  runs: number;
  ms: number;
}

function plan(seeds: number, faultSeeds: number, movingSeeds: number): Job[] {
  const jobs: Job[] = [];
  const inBatches = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));
  for (let seed = 1; seed <= seeds; seed++) for (const data of ['set', 'existing'] as const) for (const batch of inBatches([[], ...bundles(seed)])) jobs.push({ kind: 'targets', data, seed, targets: batch });
  const shownOnDemo = faults.filter((f) => NOT_SHOWN_BY_EXISTING_DATA[f.name as FaultName] === undefined);
  const shownOnSet = faults.filter((f) => NOT_SHOWN_BY_SET_DATA[f.name as FaultName] === undefined);
  for (let seed = 1; seed <= faultSeeds; seed++) {
    for (const batch of inBatches(shownOnSet)) jobs.push({ kind: 'faults', data: 'set', seed, faults: batch.map((f) => f.name) });
    for (const batch of inBatches(shownOnDemo)) jobs.push({ kind: 'faults', data: 'existing', seed, faults: batch.map((f) => f.name) });
  }
  for (let seed = 1; seed <= movingSeeds; seed++) jobs.push({ kind: 'moving', seed });
  return jobs;
}

const configOf = (data: RunData) => (data === 'existing' ? existingDataConfig : referenceConfig);

async function runJob(session: SuiteSession, job: Job): Promise<JobResult> {
  const started = performance.now();
  const done = (label: string, off: string[], runs: number): JobResult => ({ label, off, runs, ms: Math.round(performance.now() - started) });
  if (job.kind === 'moving') {
    const ref = await startReference({ data: 'demo' });
    try {
      const stillSkips = (await runOnDemoData(session, ref, job.seed, RUNS)).filter((r) => r.status === 'skipped').length;
      const off: string[] = [];
      for (const movement of MOVEMENTS) off.push(...(await offWhileMoving(session, ref, movement, job.seed, RUNS, stillSkips)));
      off.push(...(await faultsMissedWhileMoving(session, job.seed, RUNS)));
      return done(`moving data, seed ${job.seed}`, off, 1 + MOVEMENTS.length);
    } finally {
      await ref.close();
    }
  }
  const data = { data: job.data === 'existing' ? 'demo' : undefined } as const;
  if (job.kind === 'faults') {
    const refs = await Promise.all(job.faults.map((name) => startReference({ fault: name as FaultName, ...data })));
    try {
      const results = await session.runEach(job.faults.map((name, i) => ({ config: configOf(job.data)(refs[i]!, { seed: job.seed, runs: RUNS }), selected: [findRule(findFault(name)!.rule)] })));
      const off = job.faults.flatMap((name, i) => faultMissed(findFault(name)!, results[i]?.[0]) ?? []);
      return done(`faults, ${job.data} data, seed ${job.seed} (${job.faults.length})`, off, job.faults.length);
    } finally {
      await Promise.all(refs.map((ref) => ref.close()));
    }
  }
  const off = await offByVariant(session, job.targets, job.data, job.seed, RUNS);
  const lines = off.flat().map(({ variants, line }) => `${labelOf(variants)}: ${line}`);
  return done(`reference and variants, ${job.data} data, seed ${job.seed} (${job.targets.length} runs)`, lines, job.targets.length);
}

/** A worker: runs the jobs given as JSON on its standard input, each result as a line of JSON on its standard output. */
async function worker(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const jobs = JSON.parse(input) as Job[];
  // The runs of a batch one after the other, each check after the other, as the self-tests run them: a machine this
  // busy answers no run's requests late for its own load, and the seeds, not the timing, are what vary.
  const session = await SuiteSession.open();
  try {
    for (const job of jobs) {
    const result = await runJob(session, job).catch((error: Error): JobResult => ({ label: `${job.kind} ${JSON.stringify(job)}`, off: [`the batch could not be made: ${error.stack ?? error.message}`], runs: 0, ms: 0 }));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
  } finally {
    await session.close();
  }
  // vitest marks the process failed when a check failed (as a fault's does): the worker's outcome is what it wrote.
  process.exitCode = 0;
}

function startWorker(jobs: Job[], onResult: (result: JobResult) => void): Promise<void> {
  const loader = fileURLToPath(new URL('sweep.js', import.meta.url));
  const child = spawn(process.execPath, [loader, '--worker'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(jobs));
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      onResult(JSON.parse(buffered.slice(0, newline)) as JobResult);
      buffered = buffered.slice(newline + 1);
    }
  });
  return new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a sweep worker exited with ${code}`)))));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      worker: { type: 'boolean', default: false },
      seeds: { type: 'string', default: '20' },
      'fault-seeds': { type: 'string', default: '5' },
      'moving-seeds': { type: 'string', default: '5' },
      workers: { type: 'string', default: String(availableParallelism()) },
    },
  });
  if (values.worker) return worker();
  const count = (name: string, text: string) => {
    if (!/^\d+$/.test(text)) throw new Error(`--${name} takes a whole number, got "${text}"`);
    return Number(text);
  };
  const jobs = plan(count('seeds', values.seeds), count('fault-seeds', values['fault-seeds']), count('moving-seeds', values['moving-seeds']));
  const workers = Math.max(1, Math.min(count('workers', values.workers), jobs.length));
  // The moving-data jobs are the longest: first, one to a worker, then the rest dealt in turn.
  const shares: Job[][] = Array.from({ length: workers }, () => []);
  [...jobs].sort((a, b) => Number(b.kind === 'moving') - Number(a.kind === 'moving')).forEach((job, i) => shares[i % workers]!.push(job));
  const started = performance.now();
  const results: JobResult[] = [];
  console.log(`sweep: ${jobs.length} batches over ${workers} workers (--runs ${RUNS})`);
  await Promise.all(
    shares.map((share) =>
      startWorker(share, (result) => {
        results.push(result);
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        console.log(`[${results.length}/${jobs.length}, ${seconds} s] ${result.off.length === 0 ? 'ok  ' : 'OFF '} ${result.label}: ${(result.ms / 1000).toFixed(1)} s`);
        for (const line of result.off) console.log(`      ${line.slice(0, 2000)}`);
      }),
    ),
  );
  const off = results.flatMap((r) => r.off);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`\nsweep: ${results.reduce((n, r) => n + r.runs, 0)} runs in ${minutes} min; ${off.length === 0 ? 'nothing off' : `${off.length} off`}`);
  process.exitCode = off.length === 0 ? 0 : 1;
}

await main();
