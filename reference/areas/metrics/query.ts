// Reads and validates the query of the metrics endpoints (sections 4.1, 7, 8):
// every invalid parameter is a 400 with an Error body, never a 5xx.
import type { Profile, ResolutionChoice } from '../../../spec/profile.ts';
import { apiError, type Reply } from '../../area.ts';
import type { FaultName } from '../../faults/index.ts';
import type { Faults } from '../../faults/registry.ts';
import { DAY_MS } from './calendar.ts';
import { parseRfc3339 } from './time.ts';
import { MAX_GROUP_BY, METRICS_DEFAULT_LIMIT, METRICS_MAX_LIMIT } from '../../../spec/facts.ts';


export interface Window {
  start: number;
  end: number;
}

export interface MetricsQuery extends Window {
  groupBy: string[];
  resolution: ResolutionChoice;
  /** Already clamped to METRICS_MAX_LIMIT. */
  limit: number;
  resourceType?: string;
  workspace?: string;
  cursor?: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reply: Reply };

const reject = (message: string): { ok: false; reply: Reply } => ({ ok: false, reply: apiError(400, 'BadRequest', message) });

/** The fault metrics-end-time-rolled-over's reading: a date-time found anywhere in the text, its fields out of range rolled over (month 13 is January). */
function rollingOver(text: string): number | undefined {
  const m = /(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})/.exec(text);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : undefined;
}

/** Which endpoint reads the window: each has faults of its own. */
export type WindowReader = 'metrics' | 'resource-types';

/** The faults that serve a request without one bound, per endpoint: the window is then the day from or to the other. */
const BOUND_LEFT_OUT: Record<WindowReader, Record<string, FaultName>> = {
  metrics: { startTime: 'metrics-start-time-optional', endTime: 'metrics-end-time-optional' },
  'resource-types': { startTime: 'metrics-resource-types-start-optional', endTime: 'metrics-resource-types-end-optional' },
};

/** `startTime` and `endTime`: required, RFC 3339 (in UTC with `Z` only: window-bounds-utc-only), end after start (or any end, a window of no instant: undescribed-inputs-served). */
export function parseWindow(
  query: URLSearchParams,
  faults: Faults,
  reader: WindowReader,
  { windowUtcOnly: utcOnly, servesUndescribed }: Pick<QueryChoices, 'windowUtcOnly' | 'servesUndescribed'>,
): Parsed<Window> {
  const bounds: number[] = [];
  for (const name of ['startTime', 'endTime']) {
    const text = query.get(name);
    if (text === null && faults.has(BOUND_LEFT_OUT[reader][name]!)) {
      bounds.push(Number.NaN);
      continue;
    }
    if (text === null) return reject(`${name} is required`);
    const ms = utcOnly && !/:\d{2}[Zz]$/.test(text) ? undefined : name === 'endTime' && faults.has('metrics-end-time-rolled-over') ? rollingOver(text) : parseRfc3339(text);
    if (ms === undefined) {
      if (name === 'startTime' && faults.has('metrics-malformed-start-500')) return { ok: false, reply: apiError(500, 'Internal', 'invalid time value') };
      return reject(`${name} must be an RFC 3339 date-time, got ${JSON.stringify(text)}`);
    }
    bounds.push(ms);
  }
  let [start, end] = bounds as [number, number];
  // Only under the faults of BOUND_LEFT_OUT.
  if (Number.isNaN(start)) start = end - DAY_MS;
  if (Number.isNaN(end)) end = start + DAY_MS;
  if (end <= start && !servesUndescribed) return reject('endTime must be after startTime');
  return { ok: true, value: { start, end } };
}

/** The choices of the variants the query reads: groupBy values outside the enum dropped (lenient-enum-values), the omitted resolution's maximum taken inclusively (auto-resolution-inclusive) or the window measured in whole days (auto-resolution-in-whole-days), the explicit one's in whole hours. */
export interface QueryChoices {
  lenientEnums: boolean;
  autoResolutionInclusive: boolean;
  /** The variant auto-resolution-in-whole-days. */
  autoResolutionInWholeDays: boolean;
  /** The variant resolution-cap-in-whole-hours. */
  capInWholeHours: boolean;
  /** The variant window-bounds-utc-only. */
  windowUtcOnly: boolean;
  /** The variant undescribed-inputs-served: a dimension named twice counts once, a limit under 1 is 1, a window that ends before it starts holds no instant. */
  servesUndescribed: boolean;
}

export function parseMetricsQuery(query: URLSearchParams, profile: Profile, faults: Faults, choices: QueryChoices): Parsed<MetricsQuery> {
  const window = parseWindow(query, faults, 'metrics', choices);
  if (!window.ok) return window;
  const groupBy = parseGroupBy(query.get('groupBy'), profile, faults, choices.lenientEnums, choices.servesUndescribed);
  if (!groupBy.ok) return groupBy;
  const resolution = parseResolution(query.get('resolution'), window.value, profile, faults, choices);
  if (!resolution.ok) return resolution;
  const optional = (name: string) => query.get(name) ?? undefined;
  const limit = parseLimit(query.get('limit'), faults, optional('cursor') !== undefined, choices.servesUndescribed);
  if (!limit.ok) return limit;
  return {
    ok: true,
    value: {
      ...window.value,
      groupBy: groupBy.value,
      resolution: resolution.value,
      limit: limit.value,
      resourceType: optional('resourceType'),
      workspace: optional('workspace'),
      cursor: optional('cursor'),
    },
  };
}

/** The faults that refuse one dimension of the enum as groupBy. */
const GROUP_BY_REFUSED: Record<string, FaultName> = {
  workspace: 'metrics-group-by-workspace-refused',
  billing_dimension: 'metrics-group-by-billing-dimension-refused',
  resource_type: 'metrics-group-by-resource-type-refused',
  resource_uuid: 'metrics-group-by-resource-uuid-refused',
};

/** Comma-separated dimensions of the profile, distinct, at most three. */
function parseGroupBy(text: string | null, profile: Profile, faults: Faults, lenient: boolean, servesUndescribed: boolean): Parsed<string[]> {
  if (text === null) return faults.has('metrics-group-by-required') ? reject('groupBy is required') : { ok: true, value: [] };
  let dimensions = faults.has('metrics-group-by-first-only') ? text.split(',').slice(0, 1) : text.split(',');
  const refused = dimensions.find((d) => d in GROUP_BY_REFUSED && faults.has(GROUP_BY_REFUSED[d]!));
  if (refused !== undefined) return reject(`groupBy value ${JSON.stringify(refused)} is not supported`);
  if (faults.has('metrics-group-by-unknown-accepted') || lenient) dimensions = dimensions.filter((d) => profile.groupByDimensions.includes(d));
  const unknown = dimensions.find((d) => !profile.groupByDimensions.includes(d));
  if (unknown !== undefined) return reject(`groupBy value ${JSON.stringify(unknown)} is not one of ${profile.groupByDimensions.join(', ')}`);
  if (servesUndescribed) dimensions = [...new Set(dimensions)];
  if (new Set(dimensions).size !== dimensions.length) return reject('groupBy lists a dimension twice');
  const cap = faults.has('metrics-group-by-four-accepted') ? MAX_GROUP_BY + 1 : faults.has('metrics-group-by-three-refused') ? MAX_GROUP_BY - 1 : MAX_GROUP_BY;
  if (dimensions.length > cap) return reject(`groupBy accepts at most ${MAX_GROUP_BY} dimensions, got ${dimensions.length}`);
  return { ok: true, value: dimensions };
}

const DAY_SECONDS = DAY_MS / 1000;
const YEAR_SECONDS = 365 * DAY_SECONDS;

/**
 * Explicit: accepted up to its maximum window. Omitted: the first whose maximum is longer
 * than the window (or, `autoResolutionInclusive`, at least as long; or,
 * `autoResolutionInWholeDays`, the window counted in whole days rounded up against
 * maximums whose every year is 366 days).
 */
function parseResolution(text: string | null, window: Window, profile: Profile, faults: Faults, choices: QueryChoices): Parsed<ResolutionChoice> {
  const length = (window.end - window.start) / 1000;
  if (text === null) {
    const inDays = Math.ceil(length / DAY_SECONDS) * DAY_SECONDS;
    const calendarMax = (max: number) => max + Math.floor(max / YEAR_SECONDS) * DAY_SECONDS;
    const fits = faults.has('metrics-auto-resolution-kept-to-twice-the-maximum')
      ? (r: ResolutionChoice) => r.maxWindowSeconds === null || length <= 2 * r.maxWindowSeconds
      : choices.autoResolutionInclusive
        ? (r: ResolutionChoice) => r.maxWindowSeconds === null || length <= r.maxWindowSeconds
        : choices.autoResolutionInWholeDays
          ? (r: ResolutionChoice) => r.maxWindowSeconds === null || inDays < calendarMax(r.maxWindowSeconds)
          : (r: ResolutionChoice) => r.maxWindowSeconds === null || length < r.maxWindowSeconds;
    const chosen = profile.resolutions.find(fits) ?? profile.resolutions[profile.resolutions.length - 1]!;
    return { ok: true, value: chosen };
  }
  const chosen = profile.resolutions.find((r) => r.name === text);
  if (!chosen && faults.has('metrics-unknown-resolution-500')) return { ok: false, reply: apiError(500, 'Internal', 'cannot read property maxWindowSeconds of undefined') };
  if (!chosen) return reject(`resolution must be one of ${profile.resolutions.map((r) => r.name).join(', ')}`);
  const max = chosen.maxWindowSeconds;
  if (max !== null && !faults.has('metrics-explicit-over-cap-accepted')) {
    // The variant resolution-cap-in-whole-hours counts a window in whole hours, rounded down.
    const measured = choices.capInWholeHours ? Math.floor(length / 3600) * 3600 : length;
    const overCap = faults.has('metrics-explicit-at-cap-rejected') ? measured >= max : measured > max;
    if (overCap) return reject(`the window of ${length} s is above the ${max} s allowed for resolution ${chosen.name}`);
  }
  return { ok: true, value: chosen };
}

/** Default 100; a larger value is clamped to 100; below 1 (clamped to 1, `servesUndescribed`) or not an integer is refused. `continued`: the request has a cursor. */
function parseLimit(text: string | null, faults: Faults, continued: boolean, servesUndescribed: boolean): Parsed<number> {
  if (text === null) return { ok: true, value: faults.has('metrics-limit-default-50') || (continued && faults.has('metrics-limit-default-first-page-only')) ? 50 : METRICS_DEFAULT_LIMIT };
  if (!/^-?\d+$/.test(text) || (Number(text) < 1 && !servesUndescribed)) return reject(`limit must be an integer of at least 1, got ${JSON.stringify(text)}`);
  const limit = Math.max(1, Number(text));
  if (limit > METRICS_MAX_LIMIT && faults.has('metrics-limit-not-clamped')) return reject(`limit must be at most ${METRICS_MAX_LIMIT}`);
  if (continued && faults.has('metrics-limit-not-clamped-on-continuation')) return { ok: true, value: limit };
  if (limit > 50 && limit <= METRICS_MAX_LIMIT && faults.has('metrics-limit-capped-at-50')) return { ok: true, value: 50 };
  return { ok: true, value: Math.min(limit, METRICS_MAX_LIMIT) };
}
