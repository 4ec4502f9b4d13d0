// The Markdown summary for a CI page: $GITHUB_STEP_SUMMARY and `--summary FILE`.
// Short by design: the totals, then each rule to act on with its id, the words of
// the specification and one line of why; the evidence stays in report.html.
import type { Redactor } from '../harness/redact.ts';
import type { RuleResult, RunResult } from '../results/model.ts';
import { failureHeadline } from './evidence-text.ts';
import { duration, oneLine } from './format.ts';
import { scrubRun } from './scrub.ts';
import { LISTED_STATUSES } from './statuses.ts';
import { tally, tallyLine, type Tally } from './tally.ts';

/** Past this length a reason or a quote is cut: a summary is read at a glance. */
const MAX_LINE = 300;

export function markdownSummary(result: RunResult, redactor: Redactor): string {
  const run = scrubRun(result, redactor);
  const totals = tally(run.rules);
  const lines = [
    `### ${verdict(totals)} cp-conformance: ${tallyLine(totals)}`,
    '',
    [
      `Target ${code(run.target.baseUrl)}${run.target.embedded ? ' (embedded reference implementation)' : ''}`,
      `seed ${code(String(run.seed))}`,
      ...(run.settings.expectations !== undefined ? [`expectations ${code(run.settings.expectations)}`] : []),
      duration(run.durationMs),
    ].join(' · '),
  ];
  for (const { status, heading } of LISTED_STATUSES) {
    const listed = run.rules.filter((rule) => rule.status === status);
    if (listed.length === 0) continue;
    lines.push('', `#### ${text(heading)} (${listed.length})`, '');
    // Known failures were read before: their ids and the team's reasons are enough here.
    lines.push(...listed.map(status === 'known' ? knownItem : ruleItem));
  }
  lines.push('', 'The evidence of each rule (the shrunk input, the request, the response and a `curl` line) is in `report.html`.', '');
  return lines.join('\n');
}

/** A failure fails the run; an error with no failure leaves it unsettled (exit status 2), not passed. */
function verdict(totals: Tally): string {
  if (totals.failed > 0) return '❌';
  return totals.error > 0 ? '⚠️' : '✅';
}

function ruleItem(rule: RuleResult): string {
  const why = rule.status === 'fixed' ? (rule.expectation?.reason ?? '') : failureHeadline(rule);
  return [
    `- ${code(rule.id)} (${rule.level}, section ${text(rule.section)}): ${text(why)}`,
    `  > ${text(rule.quote)}`,
  ].join('\n');
}

function knownItem(rule: RuleResult): string {
  const link = rule.expectation?.link;
  return `- ${code(rule.id)}: ${text(rule.expectation?.reason ?? '')}${link && /^https?:\/\//i.test(link) ? ` ([link](${linkTarget(link)}))` : ''}`;
}

/** A URL as a Markdown link target: the characters that would end it percent-encoded. */
function linkTarget(url: string): string {
  return url.replace(/[()<>\s]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** One line of plain text: Markdown's and HTML's characters escaped, so a target's words stay words. */
function text(value: string): string {
  const line = oneLine(value);
  const cut = line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
  // Inline markup everywhere; block markup (a heading, a list, a quote) only where a line could start.
  return cut.replace(/[\\`*_[\]<>|~&]/g, (char) => `\\${char}`).replace(/^[#+\-=!]/, (char) => `\\${char}`);
}

/** A code span; text with a backtick in it is escaped instead, as a span cannot hold it simply. */
function code(value: string): string {
  const line = oneLine(value);
  return line.includes('`') ? text(line) : `\`${line}\``;
}
