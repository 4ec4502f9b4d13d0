// A failure as plain text: the JUnit failure body (full) and the console summary
// (brief) read the same words, and the HTML report shows the same request and
// response heads, so a person sees one format wherever they look.
import type { Exchange, RecordedRequest, RecordedResponse, RuleResult, SetupStep, Shrinking } from '../results/model.ts';
import { oneLine, printable } from './format.ts';
import { dataLine, expectationLine } from './statuses.ts';

/** `full` holds headers and bodies; `brief` keeps what fits in a console summary. */
export type EvidenceDetail = 'full' | 'brief';

/** One line saying why the rule failed (or what kept the suite from checking it): its reason, else the first line of the evidence message. */
export function failureHeadline(rule: RuleResult): string {
  const text = rule.reason ?? rule.evidence?.message ?? '';
  return oneLine(text.split('\n')[0] ?? '') || `${rule.level} violation`;
}

/** The evidence of a failed, error, warned, known or fixed rule as text, with control characters made printable. */
export function failureText(rule: RuleResult, detail: EvidenceDetail): string {
  const evidence = rule.evidence;
  const lines: string[] = [evidence?.message ?? rule.reason ?? `${rule.level} violation`];
  const expected = expectationLine(rule);
  if (expected !== undefined) lines.push(expected);
  lines.push(`Specification, section ${rule.section}: ${quoted(rule.quote)}`);
  if (rule.why !== undefined && detail === 'full') lines.push(`${rule.level}, not MUST: ${rule.why}`);
  const data = dataLine(rule);
  if (data !== undefined && detail === 'full') lines.push(data);
  if (evidence?.counterexample !== undefined) lines.push(`Counterexample${shrinkingNote(evidence.shrinking)}: ${evidence.counterexample}`);
  const replay = replayParameters(evidence?.seed, evidence?.path);
  if (replay) lines.push(`Replay with fast-check parameters: ${replay}`);
  if (evidence?.exchange) lines.push(...exchangeLines(evidence.exchange, detail));
  return printable(lines.join('\n'));
}

/** The words of the specification on one line, in quotation marks. */
export function quoted(quote: string): string {
  return `“${oneLine(quote)}”`;
}

/** " (shrunk in 40 steps, stopped at the bound)": how far the counterexample was shrunk, where it was. */
export function shrinkingNote(shrinking: Shrinking | undefined): string {
  if (!shrinking) return '';
  return ` (shrunk in ${shrinking.steps} step${shrinking.steps === 1 ? '' : 's'}${shrinking.stoppedAtBound ? ', stopped at the bound: a smaller one may fail too' : ''})`;
}

/** Seed and path in the form fast-check's `fc.assert(property, params)` takes, so it can be pasted back. */
export function replayParameters(seed: number | undefined, path: string | undefined): string | undefined {
  const parts = [seed !== undefined && `seed: ${seed}`, path !== undefined && `path: ${JSON.stringify(path)}`];
  const given = parts.filter((part): part is string => part !== false);
  return given.length > 0 ? `{ ${given.join(', ')} }` : undefined;
}

/** Request line and headers, as on the wire. */
export function requestHead(request: RecordedRequest): string {
  return [`${request.method} ${request.url}`, ...headerLines(request.headers)].join('\n');
}

/** Status line and headers, as on the wire. */
export function responseHead(response: RecordedResponse): string {
  return [`HTTP ${response.status}`, ...headerLines(response.headers)].join('\n');
}

export const TRUNCATED_NOTE = '[body truncated at the evidence size cap]';

/** Why the setup lines come before the request's own curl line, in one sentence. */
export const SETUP_NOTE = "The setup lines put the target's fixtures in place through its control endpoint (its provider states): run them first, in order, then the request's own line.";

/** The label of one setup line: its place and the provider state it sets. */
export function setupLabel(step: SetupStep, index: number, count: number): string {
  return `Setup ${index + 1} of ${count}: provider state "${step.state}"`;
}

export const REQUEST_LABEL = "The request's own line";

/** The environment variables the curl lines of an exchange (setup and request) read their credentials from, named so the reader sets them first. */
export function curlVariablesNote({ curl, setup }: Pick<Exchange, 'curl' | 'setup'>): string | undefined {
  const lines = [...(setup ?? []).map((step) => step.curl), curl].join('\n');
  const variables = [...new Set(lines.match(/\$CP_[A-Z_]+/g) ?? [])];
  return variables.length === 0 ? undefined : `Runs as pasted where ${variables.join(', ')} ${variables.length === 1 ? 'holds its credential' : 'hold their credentials'}.`;
}

function exchangeLines({ request, response, networkError, curl, setup }: Exchange, detail: EvidenceDetail): string[] {
  const lines: string[] = [];
  if (detail === 'brief') {
    const outcome = response ? `HTTP ${response.status}` : `no response (${networkError ?? 'unknown error'})`;
    lines.push(`Request: ${request.method} ${request.url} -> ${outcome}`);
  } else {
    lines.push('', '--- Request ---', requestHead(request));
    if (request.body !== undefined) lines.push('', request.body);
    if (request.truncated) lines.push(TRUNCATED_NOTE);
    if (response) {
      lines.push('', '--- Response ---', responseHead(response));
      if (response.body !== '') lines.push('', response.body);
      if (response.truncated) lines.push(TRUNCATED_NOTE);
    }
    if (networkError !== undefined) lines.push('', `Network error (no response): ${networkError}`);
    lines.push('');
  }
  lines.push('Reproduce with:');
  // Shell comments for labels: the block after the note pastes into a shell as it is.
  if (setup?.length) lines.push(SETUP_NOTE, ...setup.flatMap((step, i) => [`# ${setupLabel(step, i, setup.length)}`, step.curl]), `# ${REQUEST_LABEL}`);
  lines.push(curl);
  const note = detail === 'full' ? curlVariablesNote({ curl, setup }) : undefined;
  if (note !== undefined) lines.push(note);
  return lines;
}

function headerLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
}
