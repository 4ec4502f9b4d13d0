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
//   npm run mutation -- --diff-seeds 1,2,3     the seeds of each survivor's diff (the default; '' for none)
//
// Runs are incremental: reports/mutation/<area>/stryker-incremental.json keeps the last
// results, and a mutant is tested again only when its code, or a rule that reached it,
// changed (a change in harness/ or generators/ is not seen: --force). The reports go to
// reports/mutation/<area>/: index.html, mutation.json (Stryker's), survivors.json (the
// mutants no rule broke, with their code and triage) and mutant-runs.jsonl (every rule
// that did not pass, per mutant tested this time). Not part of `npm test`.
//
// Triage: reference/mutation-triage.json gives each surviving mutant (`mutants`: by file,
// line, column, mutator and replacement) one verdict with its reason: "equivalent" (no
// client can tell it from the reference: its diff against the clean reference, made by the
// plugin at each of --diff-seeds, finds no answer that differs), "unspecified" (the
// specification leaves that behaviour open: the reason names the legal variant that makes
// that choice), or "gap" (a check the suite lacks; the clause it would prove). A verdict
// its evidence refutes counts as untriaged.
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
    'diff-seeds': { type: 'string' },
  },
});
const triage = JSON.parse(readFileSync(path.join(root, 'reference', 'mutation-triage.json'), 'utf8'));
/** The per-mutant verdicts by mutantKey: read once, looked up for every survivor of every area. */
const verdictOf = new Map((triage.mutants ?? []).map((e) => [mutantKey(e.file, e.line, e.column, e.mutator, e.replacement), e]));
/** The legal variants by name, read from their catalogue: an "unspecified" verdict names the one that makes the mutant's choice. */
const VARIANTS = new Set([...readFileSync(path.join(root, 'reference', 'variants', 'index.ts'), 'utf8').matchAll(/^\s+name: '([a-z0-9-]+)',$/gm)].map((m) => m[1]));
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
  // The diffs are kept across runs: an incremental run reuses a survivor's verdict without running it again.
  const diffs = path.join(root, reports, 'mutant-diffs.jsonl');
  const env = {
    ...process.env,
    CP_MUTATION_AREA: area,
    CP_MUTATION_REPORTS: reports,
    CP_MUTATION_LOG: log,
    CP_MUTATION_DIFFS: diffs,
    ...(values.runs ? { CP_MUTATION_RUNS: values.runs } : {}),
    ...(values['diff-seeds'] !== undefined ? { CP_MUTATION_DIFF_SEEDS: values['diff-seeds'] } : {}),
  };
  console.log(`\nmutation: area ${area}`);
  const started = performance.now();
  let { status } = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  // The survivors' diffs, in a pass of their own: inside the first, six runs more per survivor
  // overran its timeout and reported the survivor as timed out.
  const undiffed = status === 0 && values['diff-seeds'] !== '' ? survivorsWithoutDiff(reports, diffs) : [];
  if (undiffed.length > 0) {
    console.log(`\nmutation: area ${area}, the diffs of ${undiffed.length} survivors`);
    testAgain(reports, undiffed);
    ({ status } = spawnSync(process.execPath, [stryker, 'run', 'stryker.config.mjs'], { cwd: root, env: { ...env, CP_MUTATION_DIFF_PASS: '1' }, stdio: 'inherit' }));
  }
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
  const { summary, survivors } = readReport(JSON.parse(readFileSync(report, 'utf8')), readDiffs(path.join(root, reports, 'mutant-diffs.jsonl')));
  writeFileSync(path.join(root, reports, 'survivors.json'), `${JSON.stringify(survivors, null, 2)}\n`);
  const verdicts = { equivalent: 0, notDiffed: 0, unspecified: 0, gap: 0, untriaged: 0 };
  for (const s of survivors) verdicts[standing(s)]++;
  for (const s of survivors.filter((s) => standing(s) === 'untriaged' && s.triage)) console.log(`  ${area}: ${s.file}:${s.line}:${s.column} ${s.mutator} ${JSON.stringify(s.mutated)}: ${s.triage.verdict} does not hold: ${s.triage.refuted}`);
  const wallTime = path.join(root, reports, 'wall-time.json');
  const seconds = existsSync(wallTime) ? JSON.parse(readFileSync(wallTime, 'utf8')).seconds : undefined;
  summaries.push({ area, ...summary, ...verdicts, seconds });
}
console.log(
  '\narea             mutants  killed (by a warning only)  timeout  survived  no coverage  ignored  score  covered score  wall time   undetected: equivalent (not diffed) unspecified  gap untriaged',
);
for (const s of summaries) {
  const cells = [s.area.padEnd(16), String(s.mutants).padStart(7), `${s.killed} (${s.warnedOnly})`.padStart(26), String(s.timeout).padStart(8), String(s.survived).padStart(9), String(s.noCoverage).padStart(12), String(s.ignored).padStart(8)];
  const triaged = [`${s.equivalent} (${s.notDiffed})`.padStart(23), String(s.unspecified).padStart(11), String(s.gap).padStart(4), String(s.untriaged).padStart(9)];
  console.log(`${cells.join(' ')}  ${s.score.toFixed(1).padStart(5)}  ${s.coveredScore.toFixed(1).padStart(13)}  ${(s.seconds === undefined ? '-' : `${s.seconds} s`).padStart(9)}   ${triaged.join(' ')}`);
}
process.exitCode = failed ? 1 : 0;

/**
 * Where an undetected mutant stands: triaged per mutant, and each verdict shown
 * (`equivalent`: its diff against the clean reference found no answer that differs, at
 * every seed, or no generated request reaches its code at all (no coverage, which the
 * dry run measures: a diff could not differ); `notDiffed`: equivalent, but no diff was
 * made: a static mutant, or one reused from a run before the diffs; `unspecified`: naming the legal variant that makes
 * its choice; `gap`); `untriaged`: no entry, or a verdict its evidence refutes
 * (`triage.refuted` says how).
 */
function standing(s) {
  if (!s.triage) return 'untriaged';
  if (s.triage.refuted) return 'untriaged';
  if (s.triage.verdict === 'equivalent') return s.status === 'NoCoverage' || (s.diff && !s.diff.static) ? 'equivalent' : 'notDiffed';
  return s.triage.verdict;
}

/** The keys of the area's survivors that ran (not static, not unreached) and have no diff yet. */
function survivorsWithoutDiff(reports, diffs) {
  const { files } = JSON.parse(readFileSync(path.join(root, reports, 'mutation.json'), 'utf8'));
  const known = readDiffs(diffs);
  return Object.entries(files).flatMap(([file, { mutants }]) =>
    mutants
      .filter((m) => m.status === 'Survived' && !m.static)
      .map((m) => mutantKey(file, m.location.start.line, m.location.start.column, m.mutatorName, m.replacement))
      .filter((key) => !known.has(key)),
  );
}

/** Drops these mutants from the incremental report, so that the next Stryker run tests them again. */
function testAgain(reports, keys) {
  const file = path.join(root, reports, 'stryker-incremental.json');
  const incremental = JSON.parse(readFileSync(file, 'utf8'));
  const drop = new Set(keys);
  for (const [name, entry] of Object.entries(incremental.files))
    entry.mutants = entry.mutants.filter((m) => !drop.has(mutantKey(name, m.location.start.line, m.location.start.column, m.mutatorName, m.replacement)));
  writeFileSync(file, JSON.stringify(incremental));
}

/** The last diff line of each mutant (scripts/mutation-plugin.js, recordDiff), by mutantKey. */
function readDiffs(file) {
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  return new Map(lines.map((d) => [mutantKey(d.file, d.line, d.column, d.mutator, d.replacement), d]));
}

function mutantKey(file, line, column, mutator, replacement) {
  return JSON.stringify([file, line, column, mutator, replacement]);
}

/** What refutes a verdict, given the mutant's diff; undefined when nothing does. */
function refutation(verdict, reason, diff) {
  if (verdict === 'equivalent') {
    const differing = (diff?.seeds ?? []).filter((seed) => seed.differences > 0 || seed.unpaired > 0 || seed.refused);
    if (differing.length === 0) return undefined;
    const [d] = differing;
    return `its diff against the clean reference differs at seed ${d.seed}: ${d.refused ?? `${d.differences} answers differ, ${d.unpaired} requests went to one side only${d.first ? `; first ${d.first.operation} ${d.first.request}: ${d.first.what.join('; ')}` : ''}`}`;
  }
  if (verdict === 'unspecified' && ![...VARIANTS].some((name) => reason.includes(name))) return 'its reason names no legal variant that makes its choice';
  return undefined;
}

/** Counts and scores as Stryker's (timeouts count as detected; ignored mutants are left out), and the undetected mutants with their code, triage and diff. */
function readReport(report, diffs) {
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
      const diff = diffs.get(mutantKey(file, start.line, start.column, mutant.mutatorName, mutant.replacement));
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
        triage: triageOf(file, start.line, start.column, mutant.mutatorName, mutant.replacement, diff),
        ...(diff ? { diff } : {}),
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

/** The triage of a surviving mutant: its own entry (file, line, column, mutator and replacement), with what refutes its verdict if anything does. */
function triageOf(file, line, column, mutator, replacement, diff) {
  const own = verdictOf.get(mutantKey(file, line, column, mutator, replacement));
  if (!own) return undefined;
  const refuted = refutation(own.verdict, own.reason, diff);
  return { verdict: own.verdict, reason: own.reason, ...(refuted ? { refuted } : {}) };
}

/** The mutated code (the report's positions are 1-based). */
function textAt(lines, start, end) {
  const text = lines.slice(start.line - 1, end.line).map((line, i, all) => (i === all.length - 1 ? line.slice(0, end.column - 1) : line));
  text[0] = text[0].slice(start.column - 1);
  return text.join('\n');
}
