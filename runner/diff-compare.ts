// What `cp-conformance diff` compares: the exchanges of two runs of one plan (one seed,
// the same provider states), one against a baseline and one against a candidate, paired
// request by request, and their answers compared past what cannot be compared. Each
// normalisation is listed in NORMALISED, and the report prints that list.
import { RUN_MARK_KEY } from '../harness/run-mark.ts';
import type { LoggedExchange } from '../results/model.ts';
import type { Answer, Comparison, Unpaired } from '../results/diff.ts';

/** What is read past, and how: the report prints it. */
export const NORMALISED = [
  "the targets' own URLs and accounts: each target's base and sandbox URLs are read as {base} and {sandbox}, its account id as {account}",
  'the test-control endpoint: its exchanges are not compared (it is the suite\'s way in, not the API)',
  'cursors: nextCursor and cursor values are compared only as given or empty, and a request\'s cursor parameter is read as <cursor>',
  'ids: any two UUIDs are equal',
  'times of the run: any two date-times within two days before the run and three days after it are equal (a target stamps what it creates when it creates it, the suite moves its clock, and its preflight reads the hour that ended a day before the run, another hour for a run that starts after the hour turns)',
  "countdowns: two values of expiresIn (seconds until a sandbox's deletion) that differ by no more than the runs lasted are equal (each run reads it at its own time)",
  'order the request names none of: without a sort parameter, arrays are compared as multisets',
  'requests sent alike (pages after a cursor, each read as <cursor>; one request in several cases): each is paired with one of the other side whose answer is alike where there is one, the rest in the order sent',
  "the run's marks: the label each run puts on the functions it sets, another each run, is left out",
  'headers: only the media type of Content-Type is compared',
] as const;

export interface TargetUrls {
  baseUrl: string;
  sandboxUrl?: string;
  controlUrl?: string;
  accountId?: string;
}

/** `text` with the target's own account id as {account}. */
const withAccount = (text: string, urls: TargetUrls): string => (urls.accountId ? text.split(urls.accountId).join('{account}') : text);

/** The span of times the runs stamp: [from, to] in milliseconds. */
export interface RunSpan {
  from: number;
  to: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const CURSOR_KEYS = new Set(['nextCursor', 'cursor']);
/** Fields that count down seconds from when they are read (section 2.3's expiresIn). */
const COUNTDOWN_KEYS = new Set(['expiresIn']);
const DAY_MS = 86_400_000;
/** Differences listed per exchange at most: the rest are counted. */
const MOST_LINES = 6;

/** One side of the comparison: its exchanges and the URLs that are its own. */
export interface Side {
  exchanges: readonly LoggedExchange[];
  urls: TargetUrls;
}

export function compareRuns(baseline: Side, candidate: Side, operations: (method: string, target: string) => string, span: RunSpan): Comparison {
  /** Each side's requests by their key, each read once: its operation, its normalised request line and its answer with it. */
  const keyed = (side: Side) => {
    const byKey = new Map<string, Sent[]>();
    for (const exchange of side.exchanges) {
      const target = relativeTarget(exchange.request.url, side.urls);
      if (target === undefined) continue; // the control endpoint
      const request = requestLine(exchange, target, span);
      const key = [exchange.rule, exchange.case ?? '', credentialOf(exchange), request].join('\n');
      byKey.set(key, [...(byKey.get(key) ?? []), { exchange, request, operation: operations(exchange.request.method, target), answer: answerOf(exchange, side.urls) }]);
    }
    return byKey;
  };
  const [ours, theirs] = [keyed(baseline), keyed(candidate)];
  const comparison: Comparison = { compared: 0, differences: [], baselineOnly: [], candidateOnly: [] };
  const compare = (mine: Sent, other: Sent) => {
    comparison.compared += 1;
    const { exchange, request, operation } = mine;
    const what = differencesOf(mine.answer, other.answer, orderedOf(exchange), span);
    if (what.length > 0) comparison.differences.push({ operation, rule: exchange.rule, ...caseOf(exchange), request, what, baseline: shown(mine.answer, exchange), candidate: shown(other.answer, other.exchange) });
  };
  const [leftOurs, leftTheirs]: [Sent[], Sent[]] = [[], []];
  /** Pairs requests sent alike: each with one whose answer does not differ where there is one, the rest in the order sent; returns what is left of each side. */
  const pairAlike = (sent: readonly Sent[], answered: readonly Sent[]): [Sent[], Sent[]] => {
    const left = [...answered];
    const unmatched: Sent[] = [];
    for (const mine of sent) {
      const at = left.findIndex((other) => differencesOf(mine.answer, other.answer, orderedOf(mine.exchange), span).length === 0);
      if (at === -1) unmatched.push(mine);
      else {
        // Compared already, and alike: counted, not compared again.
        left.splice(at, 1);
        comparison.compared += 1;
      }
    }
    const both = Math.min(unmatched.length, left.length);
    for (let i = 0; i < both; i++) compare(unmatched[i]!, left[i]!);
    return [unmatched.slice(both), left.slice(both)];
  };
  for (const [key, sent] of ours) {
    const [mine, others] = pairAlike(sent, theirs.get(key) ?? []);
    leftOurs.push(...mine);
    leftTheirs.push(...others);
  }
  for (const [key, answered] of theirs) if (!ours.has(key)) leftTheirs.push(...answered);
  // A rule that sends one request in several of its cases may send it in other cases on each
  // side (a case drawn again, a read repeated): the same request of the same rule pairs still.
  const loose = ({ exchange, request }: Sent) => [exchange.rule, credentialOf(exchange), request].join('\n');
  const byLoose = (list: readonly Sent[]) => {
    const grouped = new Map<string, Sent[]>();
    for (const item of list) grouped.set(loose(item), [...(grouped.get(loose(item)) ?? []), item]);
    return grouped;
  };
  const unpaired = ({ exchange, request, operation }: Sent): Unpaired => ({ operation, rule: exchange.rule, ...caseOf(exchange), request, curl: exchange.curl });
  const spare = byLoose(leftTheirs);
  for (const [key, sent] of byLoose(leftOurs)) {
    const [mine, others] = pairAlike(sent, spare.get(key) ?? []);
    spare.set(key, others);
    comparison.baselineOnly.push(...mine.map(unpaired));
  }
  for (const others of spare.values()) comparison.candidateOnly.push(...others.map(unpaired));
  return comparison;
}

/** Whether the request names an order: its answer's arrays are then compared in order. */
const orderedOf = (exchange: LoggedExchange): boolean => new URL(exchange.request.url).searchParams.has('sort');

/** A request as read once for pairing. */
interface Sent {
  exchange: LoggedExchange;
  request: string;
  operation: string;
  answer: Compared;
}

/**
 * Which credential the request carried, as its curl line names it ($CP_TOKEN, $CP_MEMBER_TOKEN;
 * the candidate's $CP_AGAINST_...): requests alike but for it are sent at once, in either order.
 */
const credentialOf = (exchange: LoggedExchange): string => (/authorization: (?:Bearer )?"?\$(?:CP_AGAINST_|CP_)([A-Z_]+)/i.exec(exchange.curl)?.[1] ?? exchange.request.headers.authorization ?? '');

const caseOf = (exchange: LoggedExchange) => (exchange.case === undefined ? {} : { case: exchange.case });

/** The URL with the target's own base or sandbox URL as {base} or {sandbox}; undefined for the control endpoint's. */
function relativeTarget(url: string, urls: TargetUrls): string | undefined {
  if (urls.controlUrl && url.startsWith(urls.controlUrl)) return undefined;
  const own = [['{base}', urls.baseUrl], ['{sandbox}', urls.sandboxUrl]] as const;
  // The longer first: a sandbox URL may lie under the base URL's origin.
  for (const [name, prefix] of [...own].sort((x, y) => (y[1]?.length ?? 0) - (x[1]?.length ?? 0))) if (prefix && url.startsWith(prefix)) return withAccount(name + url.slice(prefix.length), urls);
  return withAccount(url, urls);
}

/** Method, target and body, normalised as the answers are: the key that pairs the two sides' requests. */
function requestLine(exchange: LoggedExchange, target: string, span: RunSpan): string {
  const [path, query = ''] = target.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  const shownQuery = [...params].map(([name, value]) => `${name}=${CURSOR_KEYS.has(name) ? '<cursor>' : placeholder(value, span) ?? value}`).join('&');
  const body = exchange.request.body === undefined ? '' : ` ${canonical(normalised(parsed(exchange.request.body), span, true))}`;
  return `${exchange.request.method} ${path.split('/').map((segment) => placeholder(decodeURIComponent(segment), span) ?? segment).join('/')}${shownQuery ? `?${shownQuery}` : ''}${body}`;
}

/** The placeholder a value reads as, if it is one the targets choose: an id, or a time of the run. */
function placeholder(value: string, span: RunSpan): string | undefined {
  if (UUID.test(value)) return '<uuid>';
  if (DATE_TIME.test(value)) {
    const ms = Date.parse(value);
    if (ms >= span.from - 2 * DAY_MS && ms <= span.to + 3 * DAY_MS) return '<time of the run>';
  }
  return undefined;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The value with ids, times of the run, cursors and run marks as placeholders (keys kept). */
function normalised(value: unknown, span: RunSpan, cursorsToo: boolean, key?: string): unknown {
  if (typeof value === 'string') {
    if (cursorsToo && key !== undefined && CURSOR_KEYS.has(key)) return value === '' ? '' : '<cursor>';
    return placeholder(value, span) ?? value;
  }
  if (Array.isArray(value)) return value.map((item) => normalised(item, span, cursorsToo));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== RUN_MARK_KEY).map(([name, item]) => [name, normalised(item, span, cursorsToo, name)]));
  return value;
}

/** JSON with keys in order: two objects that differ only in key order read the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonical((value as Record<string, unknown>)[name])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

interface Compared {
  status?: number;
  mediaType?: string;
  body?: unknown;
  networkError?: string;
}

function answerOf(exchange: LoggedExchange, urls: TargetUrls): Compared {
  const response = exchange.response;
  if (!response) return { networkError: exchange.networkError ?? 'no answer' };
  const contentType = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  // The target's own URLs in an answer (a Location, a link) read as placeholders too.
  let text = response.body;
  for (const [name, prefix] of [['{sandbox}', urls.sandboxUrl], ['{base}', urls.baseUrl]] as const) if (prefix) text = text.split(prefix).join(name);
  text = withAccount(text, urls);
  return { status: response.status, ...(contentType ? { mediaType: contentType.split(';')[0]!.trim().toLowerCase() } : {}), body: text === '' ? undefined : parsed(text) };
}

function shown(answer: Compared, exchange: LoggedExchange): Answer {
  return {
    ...(answer.status === undefined ? {} : { status: answer.status }),
    ...(answer.mediaType === undefined ? {} : { mediaType: answer.mediaType }),
    ...(answer.body === undefined ? {} : { body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2) }),
    ...(answer.networkError === undefined ? {} : { networkError: answer.networkError }),
    curl: exchange.curl,
  };
}

function differencesOf(a: Compared, b: Compared, ordered: boolean, span: RunSpan): string[] {
  const lines: string[] = [];
  if (a.networkError !== undefined || b.networkError !== undefined) {
    if (a.networkError === undefined || b.networkError === undefined) lines.push(`answer: ${a.networkError ?? `status ${a.status}`} ≠ ${b.networkError ?? `status ${b.status}`}`);
    return lines;
  }
  if (a.status !== b.status) lines.push(`status: ${a.status} ≠ ${b.status}`);
  if (a.mediaType !== b.mediaType) lines.push(`Content-Type: ${a.mediaType ?? '(none)'} ≠ ${b.mediaType ?? '(none)'}`);
  valueDifferences(normalised(a.body, span, true), normalised(b.body, span, true), '$', ordered, lines, Math.ceil((span.to - span.from) / 1000));
  return lines.length > MOST_LINES ? [...lines.slice(0, MOST_LINES), `… and ${lines.length - MOST_LINES} more`] : lines;
}

const shortly = (value: unknown): string => {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** Where `a` and `b` differ, as lines; arrays in order only where the request named one; countdowns within `countdownSlack` seconds alike. */
function valueDifferences(a: unknown, b: unknown, where: string, ordered: boolean, lines: string[], countdownSlack: number, key?: string): void {
  if (lines.length > MOST_LINES) return;
  if (canonical(a) === canonical(b)) return;
  if (key !== undefined && COUNTDOWN_KEYS.has(key) && typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= countdownSlack) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (ordered) {
      if (a.length !== b.length) lines.push(`${where}: ${a.length} items ≠ ${b.length} items`);
      for (let i = 0; i < Math.min(a.length, b.length); i++) valueDifferences(a[i], b[i], `${where}[${i}]`, ordered, lines, countdownSlack);
      return;
    }
    const missing = (from: unknown[], to: unknown[]) => {
      const left = new Map<string, number>();
      for (const item of to) left.set(canonical(item), (left.get(canonical(item)) ?? 0) + 1);
      return from.filter((item) => {
        const n = left.get(canonical(item)) ?? 0;
        left.set(canonical(item), n - 1);
        return n <= 0;
      });
    };
    const [onlyA, onlyB] = [missing(a, b), missing(b, a)];
    lines.push(`${where} (as a multiset): ${onlyA.length} item${onlyA.length === 1 ? '' : 's'} only in the baseline${onlyA[0] === undefined ? '' : `, e.g. ${shortly(onlyA[0])}`}; ${onlyB.length} only in the candidate${onlyB[0] === undefined ? '' : `, e.g. ${shortly(onlyB[0])}`}`);
    return;
  }
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isRecord(a) && isRecord(b)) {
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) valueDifferences(a[name], b[name], `${where}.${name}`, ordered, lines, countdownSlack, name);
    return;
  }
  lines.push(`${where}: ${shortly(a)} ≠ ${shortly(b)}`);
}
