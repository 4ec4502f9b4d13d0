// `npm run mutation`: mutation testing of the reference implementation with StrykerJS, to
// find what the suite lets through. Each mutant of the reference's behaviour (by area:
// stryker.config.mjs) is run against the rules that reach it, as `cp-conformance run
// --strict --seed 1` runs them (scripts/mutation-plugin.js); a mutant no rule breaks is a
// check the suite lacks, a legal variant, or equivalent, to be told apart by reading it.
//
//   npm run mutation                           every area, one Stryker run each
//   npm run mutation -- --area functions       one area (repeatable): core, functions, metrics, resources, sandbox-address
//   npm run mutation -- --force                test every mutant again, not only those a change reaches
//   npm run mutation -- --runs 10 --concurrency 3
//   npm run mutation -- --report               the last reports again, triaged anew (no Stryker run)
//
// Runs are incremental: reports/mutation/<area>/stryker-incremental.json keeps the last
// results, and a mutant is tested again only when its code, or a rule that reached it,
// changed (a change in harness/ or generators/ is not seen: --force). The reports go to
// reports/mutation/<area>/: index.html, mutation.json (Stryker's), survivors.json (the
// mutants no rule broke, with their code and triage) and mutant-runs.jsonl (every rule
// that did not pass, per mutant tested this time). Not part of `npm test`.
//
// Triage: reference/mutation-triage.json, beside the code it judges, gives each surviving
// mutant (by file, line range and, where it narrows, mutator) one verdict with its reason:
// "equivalent" (no client can tell it from the reference), "unspecified" (the
// specification leaves that behaviour open, so the suite must pass it: the reference's
// answer is one legal choice of several), or "gap" (a check the suite lacks; the clause it
// would prove). The table counts each verdict and the survivors no entry covers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AREAS } from '../stryker.config.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    area: { type: 'string', multiple: true },
    force: { type: 'boolean', default: false },
    runs: { type: 'string' },
    concurrency: { type: 'string' },
    report: { type: 'boolean', default: false },
  },
});
const triage = JSON.parse(readFileSync(path.join(root, 'reference', 'mutation-triage.json'), 'utf8')).entries;
const areas = values.area ?? Object.keys(AREAS);
const unknown = areas.filter((area) => !(area in AREAS));
if (unknown.length > 0) {
  console.error(`mutation: unknown area ${unknown.join(', ')}; the areas are ${Object.keys(AREAS).join(', ')}`);
  process.exit(2);
}
// Stryker's package exports no bin path: its package.json says where it is.
const stryker = path.join(path.dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')), 'bin', 'stryker.js');

const summaries = [];
let failed = false;
for (const area of areas) {
  const reports = path.join('reports', 'mutation', area);
  mkdirSync(path.join(root, reports), { recursive: true });
  if (values.report) {
    summarise(area, reports);
    continue;
  }
  const log = path.join(root, reports, 'mutant-runs.jsonl');
  rmSync(log, { force: true });
  const args = [stryker, 'run', 'stryker.config.mjs', ...(values.force ? ['--force'] : []), ...(values.concurrency ? ['--concurrency', values.concurrency] : [])];
  const env = { ...process.env, CP_MUTATION_AREA: area, CP_MUTATION_REPORTS: reports, CP_MUTATION_LOG: log, ...(values.runs ? { CP_MUTATION_RUNS: values.runs } : {}) };
  console.log(`\nmutation: area ${area}`);
  const started = performance.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (status !== 0) {
    console.error(`mutation: Stryker failed on area ${area} (exit status ${status})`);
    failed = true;
    continue;
  }
  writeFileSync(path.join(root, reports, 'wall-time.json'), `${JSON.stringify({ seconds })}\n`);
  summarise(area, reports);
}

/** Reads an area's report, writes its triaged survivors and adds its line to the table (with the wall time of the run that wrote it). */
function summarise(area, reports) {
  const report = path.join(root, reports, 'mutation.json');
  if (!existsSync(report)) {
    console.error(`mutation: no report of area ${area} (${report}): run it first`);
    failed = true;
    return;
  }
  const { summary, survivors } = readReport(JSON.parse(readFileSync(report, 'utf8')));
  writeFileSync(path.join(root, reports, 'survivors.json'), `${JSON.stringify(survivors, null, 2)}\n`);
  const verdicts = { equivalent: 0, unspecified: 0, gap: 0, untriaged: 0 };
  for (const s of survivors) verdicts[s.triage?.verdict ?? 'untriaged']++;
  const wallTime = path.join(root, reports, 'wall-time.json');
  const seconds = existsSync(wallTime) ? JSON.parse(readFileSync(wallTime, 'utf8')).seconds : undefined;
  summaries.push({ area, ...summary, ...verdicts, seconds });
}
console.log('\narea             mutants  killed (by a warning only)  timeout  survived  no coverage  ignored  score  covered score  wall time   undetected: equivalent unspecified  gap untriaged');
for (const s of summaries) {
  const cells = [s.area.padEnd(16), String(s.mutants).padStart(7), `${s.killed} (${s.warnedOnly})`.padStart(26), String(s.timeout).padStart(8), String(s.survived).padStart(9), String(s.noCoverage).padStart(12), String(s.ignored).padStart(8)];
  const triaged = [String(s.equivalent).padStart(10), String(s.unspecified).padStart(11), String(s.gap).padStart(4), String(s.untriaged).padStart(9)];
  console.log(`${cells.join(' ')}  ${s.score.toFixed(1).padStart(5)}  ${s.coveredScore.toFixed(1).padStart(13)}  ${(s.seconds === undefined ? '-' : `${s.seconds} s`).padStart(9)}   ${triaged.join(' ')}`);
}
process.exitCode = failed ? 1 : 0;

/** Counts and scores as Stryker's (timeouts count as detected; ignored mutants are left out), and the undetected mutants with their code. */
function readReport(report) {
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, RuntimeError: 0, CompileError: 0 };
  let warnedOnly = 0;
  const survivors = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n');
    for (const mutant of mutants) {
      count[mutant.status] = (count[mutant.status] ?? 0) + 1;
      if (mutant.status === 'Killed' && mutant.statusReason?.startsWith('warned:')) warnedOnly++;
      if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') continue;
      const { start, end } = mutant.location;
      survivors.push({
        file,
        line: start.line,
        column: start.column,
        status: mutant.status,
        mutator: mutant.mutatorName,
        original: textAt(lines, start, end),
        mutated: mutant.replacement,
        ...(mutant.static ? { static: true } : {}),
        coveredBy: mutant.coveredBy?.length ?? 0,
        triage: triageOf(file, start.line, mutant.mutatorName),
      });
    }
  }
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  return {
    summary: {
      mutants: valid + count.Ignored,
      killed: count.Killed,
      warnedOnly,
      timeout: count.Timeout,
      survived: count.Survived,
      noCoverage: count.NoCoverage,
      ignored: count.Ignored,
      errors: count.RuntimeError + count.CompileError,
      score: valid ? (100 * detected) / valid : 100,
      coveredScore: detected + count.Survived ? (100 * detected) / (detected + count.Survived) : 100,
    },
    survivors,
  };
}

/** The triage entry that covers a surviving mutant: its file, a line range holding its line, and its mutator when the entry names some. */
function triageOf(file, line, mutator) {
  const entry = triage.find((e) => e.file === file && e.lines[0] <= line && line <= e.lines[1] && (!e.mutators || e.mutators.includes(mutator)));
  return entry && { verdict: entry.verdict, reason: entry.reason };
}

/** The mutated code (the report's positions are 1-based). */
function textAt(lines, start, end) {
  const text = lines.slice(start.line - 1, end.line).map((line, i, all) => (i === all.length - 1 ? line.slice(0, end.column - 1) : line));
  text[0] = text[0].slice(start.column - 1);
  return text.join('\n');
}
