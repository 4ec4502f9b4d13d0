// `cp-conformance diff`: the options of `run` name the baseline; the same target options
// prefixed `--against-` (and their variables prefixed CP_AGAINST_) name the candidate.
// Every other option (seed, runs, only, skip, profile, timeout, ...) is the plan both share.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diffJson, diffText } from '../reporters/diff.ts';
import { RunError } from '../runner/run-error.ts';
import type { RunOptions } from '../runner/options.ts';
import { prepareReportDir } from '../runner/report-dir.ts';
import { runDiff } from '../runner/diff.ts';
import { parseRunOptions, runOptionTable } from './options.ts';

type RunOption = keyof typeof runOptionTable;

/** The options that name a target, and how the candidate's are spelt. */
const TARGET_OPTIONS = [
  'base-url',
  'token',
  'sandbox-url',
  'control-url',
  'member-token',
  'no-scope-token',
  'other-workspace-token',
  'account-id',
  'sandbox-name',
  'process-name',
  'process-pid',
] as const satisfies readonly RunOption[];
const againstName = (name: (typeof TARGET_OPTIONS)[number]): string => (name === 'base-url' ? 'against-url' : `against-${name}`);
const againstVariable = (variable: string): string => variable.replace(/^CP_/, 'CP_AGAINST_');

export const DIFF_USAGE = `Usage: cp-conformance diff [run options] --against-url URL [--against-token T] [--against-... ]

Sends the requests of one run (one seed, the same provider states) to a baseline, named by
the options of \`run\` (default: the embedded reference implementation), and then to a
candidate, named by the same target options prefixed --against- (their variables prefixed
CP_AGAINST_), and reports every exchange whose answers differ beyond what no two runs agree
on, grouped by operation. Writes diff.json to --report-dir. Exit 1 when an answer differs or
a request went to one side only; 0 when none did; 2 when the runs could not be made.

Candidate options:
${TARGET_OPTIONS.map((name) => {
  const option = runOptionTable[name];
  const env = 'env' in option && option.env ? ` [${againstVariable(option.env)}]` : '';
  return `  --${`${againstName(name)} ${option.arg ?? ''}`.padEnd(36)} as --${name}, for the candidate${env}`;
}).join('\n')}
`;

/** Splits argv into `--name value` pairs (`--name=value` too), flags alone. */
function pairs(argv: readonly string[]): Array<[string, string | undefined]> {
  const takesValue = (name: string) => TARGET_OPTIONS.some((target) => againstName(target) === name) || Boolean(runOptionTable[name as RunOption]?.arg);
  const out: Array<[string, string | undefined]> = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new RunError(`unexpected argument "${arg}" (try diff --help)`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s) as [string, string?];
    out.push([name, inline ?? (takesValue(name) ? argv[++i] : undefined)]);
  }
  return out;
}

const asArgs = (list: Array<[string, string | undefined]>) => list.flatMap(([name, value]) => (value === undefined ? [`--${name}`] : [`--${name}=${value}`]));

/** The baseline's options and the candidate's, which share every option that names no target. */
export function parseDiffOptions(argv: readonly string[], env: NodeJS.ProcessEnv): { baseline: RunOptions; candidate: RunOptions } {
  const given = pairs(argv);
  const isTarget = (name: string) => (TARGET_OPTIONS as readonly string[]).includes(name) || name === 'embedded-data';
  const againstOf = new Map(TARGET_OPTIONS.map((name) => [againstName(name), name]));
  const shared = given.filter(([name]) => !isTarget(name) && !againstOf.has(name));
  if (given.some(([name]) => name === 'har')) throw new RunError('diff writes no HAR: give --har to `run`');
  const baseline = parseRunOptions(asArgs([...shared, ...given.filter(([name]) => isTarget(name))]), env);
  // The candidate's environment: its CP_AGAINST_ variables under the names `run` reads, and none of the baseline's.
  const candidateEnv: NodeJS.ProcessEnv = { ...env };
  for (const name of TARGET_OPTIONS) {
    const option = runOptionTable[name];
    if (!('env' in option) || !option.env) continue;
    delete candidateEnv[option.env];
    const value = env[againstVariable(option.env)];
    if (value !== undefined) candidateEnv[option.env] = value;
  }
  const candidateArgs = given.filter(([name]) => againstOf.has(name)).map(([name, value]): [string, string | undefined] => [againstOf.get(name)!, value]);
  if (!candidateArgs.some(([name]) => name === 'base-url') && !candidateEnv.CP_BASE_URL) throw new RunError('diff needs the candidate: --against-url URL (and --against-token T)');
  let candidate: RunOptions;
  try {
    candidate = parseRunOptions(asArgs([...shared, ...candidateArgs]), candidateEnv);
  } catch (error) {
    // The candidate's option names are the --against- ones.
    throw new RunError((error as Error).message.replace(/--([a-z-]+)/g, (whole, name: string) => (isTarget(name) ? `--${againstName(name as (typeof TARGET_OPTIONS)[number])}` : whole)));
  }
  return { baseline, candidate };
}

export async function diffCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(DIFF_USAGE);
    return 0;
  }
  const { baseline, candidate } = parseDiffOptions(argv, process.env);
  await prepareReportDir(baseline.reportDir);
  let done = 0;
  const diff = await runDiff(baseline, candidate, {
    onSide: (side, { seed, rules, target, redactor }) => {
      process.stdout.write(`${done > 0 ? '\n' : ''}cp-conformance diff: the ${side}, ${rules} rules against ${redactor.text(target.baseUrl)} (seed ${seed})\n`);
    },
    // A dot per ten rules: a long run shows it is moving.
    onRuleFinished: () => void (++done % 10 === 0 && process.stdout.write('.')),
  });
  const { mask, ...report } = diff;
  await mkdir(baseline.reportDir, { recursive: true });
  const file = join(baseline.reportDir, 'diff.json');
  await writeFile(file, mask(diffJson(report)));
  process.stdout.write(`\n${mask(diffText(report))}Written: ${file}\n`);
  const { differences, baselineOnly, candidateOnly } = report.comparison;
  return differences.length + baselineOnly.length + candidateOnly.length > 0 ? 1 : 0;
}
