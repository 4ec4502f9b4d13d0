// The report of `cp-conformance diff`: on the console, each operation whose answers differ
// with its first few exchanges shown whole (what differs, both answers one above the other,
// a curl pair) and the others named; in diff.json, every one of them.
import type { Answer, DiffReport, Difference, Unpaired } from '../results/diff.ts';

/** Exchanges shown whole per operation on the console; diff.json holds them all. */
const SHOWN_PER_OPERATION = 2;
/** Exchanges named in a line each past those, per operation. */
const NAMED_PER_OPERATION = 8;
/** Lines of a body shown on the console. */
const BODY_LINES = 12;

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function byOperation<T extends { operation: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.operation, [...(groups.get(item.operation) ?? []), item]);
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

const where = (item: Difference | Unpaired) => `${item.rule}${item.case ? `, ${item.case}` : ''}: ${item.request}`;

function answerLines(label: string, answer: Answer): string[] {
  const head = answer.networkError !== undefined ? `no answer (${answer.networkError})` : `${answer.status} ${answer.mediaType ?? ''}`.trim();
  const body = (answer.body ?? '').split('\n');
  const shown = body.length > BODY_LINES ? [...body.slice(0, BODY_LINES), `… (${plural(body.length - BODY_LINES, 'more line')}: diff.json holds it)`] : answer.body ? body : [];
  return [`    ${label}: ${head}`, ...shown.map((line) => `      ${line}`), `      ${answer.curl}`];
}

/** The one line that ends the console report, and that CI logs show. */
export function diffVerdict(report: DiffReport): string {
  const { compared, differences, baselineOnly, candidateOnly } = report.comparison;
  const oneSided = baselineOnly.length + candidateOnly.length;
  return `${plural(compared, 'exchange')} compared: ${differences.length === 0 ? 'no answer differs' : `${plural(differences.length, 'answer')} differ, in ${plural(byOperation(differences).size, 'operation')}`}; ${oneSided === 0 ? 'no request went to one side only' : `${plural(oneSided, 'request')} went to one side only`}`;
}

export function diffText(report: DiffReport): string {
  const { differences, baselineOnly, candidateOnly } = report.comparison;
  const lines = [
    `Baseline:  ${report.baseline.baseUrl}${report.baseline.embedded ? ' (embedded reference implementation)' : ''}`,
    `Candidate: ${report.candidate.baseUrl}`,
    `Seed ${report.seed}, ${plural(report.runs, 'case')} per property, ${plural(report.rules, 'rule')}`,
    'Read past, as no two runs can agree on it:',
    ...report.normalised.map((line) => `  - ${line}`),
    '',
  ];
  for (const [operation, items] of byOperation(differences)) {
    lines.push(`${operation}: ${plural(items.length, 'answer')} differ`);
    for (const item of items.slice(0, SHOWN_PER_OPERATION)) {
      lines.push(`  ${where(item)}`, ...item.what.map((what) => `    ${what}`), ...answerLines('baseline', item.baseline), ...answerLines('candidate', item.candidate));
    }
    const named = items.slice(SHOWN_PER_OPERATION, SHOWN_PER_OPERATION + NAMED_PER_OPERATION);
    for (const item of named) lines.push(`  ${where(item)}: ${item.what[0] ?? ''}`);
    const rest = items.length - SHOWN_PER_OPERATION - named.length;
    if (rest > 0) lines.push(`  … and ${plural(rest, 'more exchange')} (diff.json lists them)`);
    lines.push('');
  }
  for (const [label, items] of [['baseline', baselineOnly], ['candidate', candidateOnly]] as const) {
    if (items.length === 0) continue;
    lines.push(`Sent to the ${label} only (the run took another path after an answer that differed): ${plural(items.length, 'request')}`);
    for (const [operation, ofOperation] of byOperation(items)) lines.push(`  ${operation}: ${ofOperation.slice(0, 3).map(where).join('; ')}${ofOperation.length > 3 ? `; and ${ofOperation.length - 3} more` : ''}`);
    lines.push('');
  }
  lines.push(diffVerdict(report));
  return `${lines.join('\n')}\n`;
}

export function diffJson(report: DiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
