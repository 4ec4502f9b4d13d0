// `cp-conformance run | serve | rules | expectations | doctor | coverage | --version` (CONTRACT section 1). Exit 0:
// no MUST rule failed outside the expectations file (passes, skips, warnings, known
// failures); 1: one did, or with --strict a SHOULD rule warned or a known failure
// was fixed; 2: the run could not be made.
import { parseArgs } from 'node:util';
import { Redactor } from '../harness/redact.ts';
import { createConsoleProgress } from '../reporters/console.ts';
import { RunError } from '../runner/run-error.ts';
import { planRun } from '../runner/plan.ts';
import { runConformance } from '../runner/run.ts';
import { packageVersion } from '../runner/package-version.ts';
import { prepareReportDir } from '../runner/report-dir.ts';
import type { RunResult } from '../results/model.ts';
import { rules } from '../spec/rules/index.ts';
import { credentialsIn, parseRunOptions, runOptionTable } from './options.ts';

const usage = `Usage: cp-conformance <command> [options]

Commands:
  run [options]                   run every suite against one target and write the reports
  serve [--port N] [--fault NAME | --variant NAME] [--data demo]
                                  start the embedded reference implementation on loopback
                                  (with one deliberate fault, or one legal variant; with
                                  --data, holding a data set, for a run on existing data)
  rules [--json]                  print the rule catalogue (--json: with the quoted words)
  expectations RESULTS.json       print an expectations file listing every rule that failed
                                  or warned in that run (for --expect)
  doctor [options]                check, in seconds, what a run with these options can do: the
                                  target, each credential, the version header, each provider
                                  state, the sandbox address; then per area the rules that can
                                  run and what the others miss (exit 1: a given part fails)
  diff [options] --against-url URL [--against-token T] ...
                                  send one run's requests to the target and to a candidate,
                                  and report every answer that differs (diff --help)
  coverage [--json]               print the specification's statements of behaviour by clause:
                                  checked (the fault that proves it), not checkable (why), not yet
  --version                       print the version of the package
  --help                          print this help

run options (a flag beats its environment variable):
${Object.entries(runOptionTable)
  .map(([name, o]) => `  --${`${name}${o.arg ? ` ${o.arg}` : ''}`.padEnd(28)} ${o.help}${o.env ? ` [${o.env}]` : ''}`)
  .join('\n')}
`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // A reader that stops early (`cp-conformance rules | head`) ends the program quietly, as with any Unix tool.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  try {
    switch (command) {
      case 'run':
        return await run(rest);
      case 'serve':
        return await serveCommand(rest);
      case 'rules':
        return printRules(rest);
      case 'doctor':
        return await doctorCommand(rest);
      case 'diff':
        return await (await import('./diff.ts')).diffCommand(rest);
      case 'expectations':
        return await printExpectations(rest);
      case 'coverage':
        return await printCoverage(rest);
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(usage);
        return 0;
      case '--version':
        process.stdout.write(`${packageVersion()}\n`);
        return 0;
      default:
        throw new RunError(command ? `unknown command "${command}" (try --help)` : 'no command given (try --help)');
    }
  } catch (error) {
    // One line, whatever the error carries: a credential it quotes is masked, a second line dropped.
    const redactor = new Redactor(credentialsIn(rest, process.env));
    const message = error instanceof Error ? error.message : String(error);
    // A refusal of the run names each of its reasons on a line of its own; an internal error, its first line only.
    const lines = error instanceof RunError ? message.split('\n') : [`internal error: ${message.split('\n')[0] ?? ''}`];
    process.stderr.write(lines.map((line) => `cp-conformance: ${redactor.text(line)}\n`).join(''));
    return 2;
  }
}

async function run(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return 0;
  }
  const options = parseRunOptions(argv, process.env);
  const plan = await planRun(options);
  // Before the first request: a report that cannot be written is found now, not after every check has run.
  await prepareReportDir(options.reportDir, { summary: options.summary, har: options.har });
  if (plan.rerun && plan.selected.length === 0) {
    const why = plan.rerun.broken === 0 ? 'no rule failed or warned in it' : 'no rule that broke in it matches --only and --skip';
    process.stdout.write(`cp-conformance: nothing to rerun from ${plan.rerun.file}: ${why}\n`);
    return 0;
  }
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  let progress: ReturnType<typeof createConsoleProgress> | undefined;
  // The report writers are needed only at the end: loaded while the checks run, not before them.
  let reporters: Promise<typeof import('../reporters/write.ts')> | undefined;
  const { result, redactor, exchanges } = await runConformance(
    options,
    {
    onStart: ({ seed, target, rules: total, redactor }) => {
      reporters = import('../reporters/write.ts');
      progress = createConsoleProgress(process.stdout, { total, color, redactor });
      const rerun = plan.rerun ? ` (those that failed or warned in ${plan.rerun.file})` : '';
      process.stdout.write(
        `cp-conformance: ${total} rules${rerun} against ${target.embedded ? 'the embedded reference implementation at ' : ''}${redactor.text(target.baseUrl)}\n` +
          `seed ${seed} (replay with --seed ${seed})\n` +
          `${options.rateLimit === undefined ? '' : `at most ${options.rateLimit} requests a second (--rate-limit)\n`}\n`,
      );
    },
    onRuleFinished: (rule) => progress?.ruleFinished(rule),
    },
    plan,
  );
  const { writeReports, writeSummary, writeHar } = await (reporters ?? import('../reporters/write.ts'));
  const written = await writeReports(result, options.reportDir, redactor);
  if (options.har && exchanges) written.har = await writeHar(options.har, result, exchanges, redactor);
  written.summaries = await writeSummary(result, redactor, { file: options.summary, githubStepSummary: process.env.GITHUB_STEP_SUMMARY || undefined });
  process.stdout.write('\n');
  progress?.summary(result, written);
  return exitStatus(result.summary, options.strict);
}

/**
 * CONTRACT 1: a failed MUST rule fails the gate; a warning or a fixed known failure only
 * with --strict. With no failure, a check the suite could not make (error) gives 2: the
 * run did not show what it was asked to.
 */
export function exitStatus(summary: RunResult['summary'], strict: boolean): 0 | 1 | 2 {
  if (summary.failed > 0 || (strict && summary.warned + summary.fixed > 0)) return 1;
  return summary.error > 0 ? 2 : 0;
}

async function doctorCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(usage);
    return 0;
  }
  const options = parseRunOptions(argv, process.env);
  const redactor = new Redactor(credentialsIn(argv, process.env));
  const { printFinding, printReadiness } = await import('./doctor.ts');
  process.stdout.write(`cp-conformance doctor: ${options.baseUrl ? redactor.text(options.baseUrl) : 'the embedded reference implementation'}\n\n`);
  const { diagnose } = await import('../runner/doctor.ts');
  const diagnosis = await diagnose(options, (finding) => process.stdout.write(printFinding(finding, redactor)));
  process.stdout.write(printReadiness(diagnosis));
  return diagnosis.findings.some((f) => f.status === 'failed') ? 1 : 0;
}

async function serveCommand(argv: string[]): Promise<number> {
  let values: { port?: string; fault?: string; variant?: string; data?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, fault: { type: 'string' }, variant: { type: 'string' }, data: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new RunError((error as Error).message.trim().replace(/\s*\n\s*/g, ' '));
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new RunError(`--port must be a port number: ${values.port}`);
  if (values.fault !== undefined && values.variant !== undefined) throw new RunError('--fault and --variant go one at a time');
  const { serve } = await import('./serve.ts');
  await serve({ port, fault: values.fault, variant: values.variant, data: values.data });
  return 0;
}

async function printExpectations(argv: string[]): Promise<number> {
  const [file, ...extra] = argv;
  if (file === undefined || file.startsWith('-') || extra.length > 0) throw new RunError('expectations takes one argument: the results.json of a run');
  const { readEarlierRun } = await import('../runner/earlier-run.ts');
  const { expectationsFile } = await import('../reporters/expectations.ts');
  process.stdout.write(expectationsFile(await readEarlierRun(file)));
  return 0;
}

async function printCoverage(argv: string[]): Promise<number> {
  const json = argv[0] === '--json';
  if (argv.length > (json ? 1 : 0)) throw new RunError(`coverage takes only --json, not ${argv[json ? 1 : 0]}`);
  const { coverageJson, coverageText } = await import('./coverage.ts');
  process.stdout.write(json ? coverageJson() : coverageText());
  return 0;
}

function printRules(argv: string[]): number {
  const json = argv[0] === '--json';
  if (argv.length > (json ? 1 : 0)) throw new RunError(`rules takes only --json, not ${argv[json ? 1 : 0]}`);
  if (json) {
    const listed = rules.map(({ id, level, section, title, quote, ...rest }) => ({ id, level, section, title, quote, ...('why' in rest ? { why: rest.why } : {}) }));
    process.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
    return 0;
  }
  const idWidth = Math.max(...rules.map((r) => r.id.length));
  for (const r of rules) process.stdout.write(`${r.id.padEnd(idWidth)}  ${r.level.padEnd(6)}  §${r.section.padEnd(12)}  ${r.title}\n`);
  return 0;
}
