// Progress on the console while the run goes: one line per finished rule, then a
// closing block with what to act on. Independent of vitest, so the runner can
// drive it from whatever collects the results. Its last line is the plain tally
// that CI log parsers look for.
import type { Redactor } from '../harness/redact.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import { failureHeadline, failureText } from './evidence-text.ts';
import { duration, fitLines, oneLine } from './format.ts';
import { scrubRule, scrubRun } from './scrub.ts';
import { DATA_LABEL, LISTED_STATUSES, STATUS_LABEL, expectationLine } from './statuses.ts';
import { tally, tallyLine } from './tally.ts';
import type { ReportPaths } from './write.ts';

export interface ConsoleProgressOptions {
  /** Rules the run will report, for the `[n/total]` counter. */
  total: number;
  /** ANSI colours; off when the stream is not a terminal or NO_COLOR is set. */
  color: boolean;
  /** Everything printed goes through it: the console is a report too. */
  redactor: Redactor;
}

export interface ConsoleProgress {
  /** Prints the rule's line, with the skip reason or the failure (or error) message under it. */
  ruleFinished(rule: RuleResult): void;
  /** Writes the closing block to the stream and returns the same text; it ends with the tally line. */
  summary(result: RunResult, reports?: ReportPaths): string;
}

type Paint = (text: string) => string;

const ANSI = { red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, bold: 1, dim: 2 } as const;

const INDENT = '       ';

export function createConsoleProgress(out: NodeJS.WritableStream, options: ConsoleProgressOptions): ConsoleProgress {
  const paint = (code: number): Paint => (options.color ? (text) => `\u001B[${code}m${text}\u001B[0m` : (text) => text);
  const bold = paint(ANSI.bold);
  const dim = paint(ANSI.dim);
  const colour: Record<RuleResult['status'], Paint> = {
    passed: paint(ANSI.green),
    failed: paint(ANSI.red),
    // Not red: no verdict on the target.
    error: paint(ANSI.magenta),
    warned: paint(ANSI.yellow),
    skipped: paint(ANSI.yellow),
    known: dim,
    fixed: paint(ANSI.blue),
  };
  const label = (status: RuleResult['status']) => colour[status](STATUS_LABEL[status]);
  const width = String(options.total).length;
  let finished = 0;

  const ruleLine = (rule: RuleResult): string => `${label(rule.status)} ${bold(rule.id)} ${oneLine(rule.title)}`;

  return {
    ruleFinished(unscrubbed) {
      const rule = scrubRule(unscrubbed, options.redactor);
      finished += 1;
      const counter = dim(`[${String(finished).padStart(width)}/${options.total}]`);
      // Set data is the usual case; a check on the target's own data says so.
      const onExisting = rule.data === 'existing' ? `, ${DATA_LABEL.existing}` : '';
      const lines = [`${counter} ${ruleLine(rule)} ${dim(`(${duration(rule.durationMs)}${onExisting})`)}`];
      if (rule.status === 'skipped') lines.push(indent(oneLine(rule.reason ?? 'no reason given'), INDENT, dim));
      if (rule.status === 'failed' || rule.status === 'error') lines.push(indent(failureHeadline(rule), INDENT, colour[rule.status]));
      if (rule.status === 'warned' || rule.status === 'fixed') lines.push(indent(failureHeadline(rule), INDENT));
      if (rule.status === 'known') lines.push(indent(expectationLine(rule) ?? '', INDENT, dim));
      out.write(`${lines.join('\n')}\n`);
    },

    summary(unscrubbed, reports) {
      const run = scrubRun(unscrubbed, options.redactor);
      const lines = [''];
      for (const { status, heading } of LISTED_STATUSES) {
        const listed = run.rules.filter((rule) => rule.status === status);
        if (listed.length === 0) continue;
        lines.push(bold(`${heading} (${listed.length}):`));
        for (const rule of listed) {
          lines.push('', `  ${ruleLine(rule)} ${dim(`[${rule.level}, section ${oneLine(rule.section)}]`)}`);
          // A known failure was read before: the reason it is listed, the evidence in the reports.
          lines.push(indent(status === 'known' ? (expectationLine(rule) ?? '') : failureText(rule, 'brief'), '    '));
        }
        lines.push('');
      }
      lines.push(`Target: ${oneLine(run.target.baseUrl)}${run.target.embedded ? ' (embedded reference implementation)' : ''}`);
      if (run.settings.expectations !== undefined) lines.push(`Expectations: ${oneLine(run.settings.expectations)}`);
      lines.push(`Seed: ${run.seed} (replay this run with --seed ${run.seed} and the same target options)`);
      if (reports) {
        lines.push(`Reports: ${reports.html}`, `         ${reports.junit}`, `         ${reports.json}`);
        for (const summary of reports.summaries ?? []) lines.push(`Summary: ${summary}`);
        if (reports.har) lines.push(`HAR:     ${reports.har}`);
      }
      lines.push(`Duration: ${duration(run.durationMs)}`);
      // Plain, uncoloured and last: CI systems parse this line.
      lines.push(tallyLine(tally(run.rules)));
      const text = `${lines.join('\n')}\n`;
      out.write(text);
      return text;
    },
  };
}

/** Each line of the text after the prefix, cut to the console's line length, then painted (a cut never splits a colour code). */
function indent(text: string, prefix: string, colour: Paint = (line) => line): string {
  return fitLines(text, prefix.length)
    .split('\n')
    .map((line) => (line === '' ? line : prefix + colour(line)))
    .join('\n');
}
