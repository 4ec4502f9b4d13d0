// The three reports of every run that reaches the target, under fixed names in
// one directory (CONTRACT section 1), and the Markdown summary for CI pages.
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Redactor } from '../harness/redact.ts';
import type { LoggedExchange, RunResult } from '../results/model.ts';
import { runHar } from './har.ts';
import { htmlReport } from './html.ts';
import { junitXml } from './junit.ts';
import { resultsJson } from './json.ts';
import { markdownSummary } from './markdown.ts';

export interface ReportPaths {
  junit: string;
  html: string;
  json: string;
  /** The Markdown summary, where `--summary` or $GITHUB_STEP_SUMMARY put it. */
  summaries?: string[];
  /** Every exchange of the run as HAR, where `--har` put it. */
  har?: string;
}

export async function writeReports(result: RunResult, dir: string, redactor: Redactor): Promise<ReportPaths> {
  const paths: ReportPaths = { junit: join(dir, 'junit.xml'), html: join(dir, 'report.html'), json: join(dir, 'results.json') };
  await mkdir(dir, { recursive: true });
  await Promise.all([
    writeFile(paths.junit, junitXml(result, redactor)),
    writeFile(paths.html, htmlReport(result, redactor)),
    writeFile(paths.json, resultsJson(result, redactor)),
  ]);
  return paths;
}

/**
 * The Markdown summary: appended to $GITHUB_STEP_SUMMARY when GitHub Actions sets it (other
 * steps write there too), and written to `file` when one is given.
 */
export async function writeSummary(result: RunResult, redactor: Redactor, to: { file?: string; githubStepSummary?: string }): Promise<string[]> {
  const markdown = markdownSummary(result, redactor);
  await Promise.all([
    to.githubStepSummary ? appendFile(to.githubStepSummary, `${markdown}\n`) : undefined,
    to.file ? mkdir(dirname(to.file), { recursive: true }).then(() => writeFile(to.file!, markdown)) : undefined,
  ]);
  return [to.file, to.githubStepSummary].filter((path): path is string => path !== undefined);
}

/** Every exchange of the run as HAR 1.2, masked again as a whole (the exchange log is masked line by line already). */
export async function writeHar(file: string, result: RunResult, exchanges: readonly LoggedExchange[], redactor: Redactor): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, redactor.text(JSON.stringify(runHar(exchanges, result.rules, result.version ?? ''), null, 1)));
  return file;
}
