// Requests to the metrics endpoints and the shape every answer must have: a 200
// is an AccountMetricsResponse (or EnumValues), a refusal an Error body (section 7).
import { toUsageEvent, type FixtureEvent, type Window } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import type { RuleOptions } from '../../harness/rule.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { responseErrors, withoutAbsentNulls } from '../../harness/validator.ts';
import { followCursors } from '../support/paging.ts';
import { instantOf } from '../support/timestamps.ts';
import { rfc3339 } from '../../generators/calendar.ts';
import { METRICS_MAX_LIMIT } from '../../spec/facts.ts';
import { learnEntryFields, withSuiteNames } from './entry-fields.ts';
import { metricsPath, windowQuery } from '../support/metrics-query.ts';

/** Checks that put usage events (or the clock) on the target. */
export const withFixtures: RuleOptions = { needs: ['accountId', 'control', 'writes'], states: ['usage'] };

export type MetricsOperation = 'getAccountMetrics' | 'getMetricsGroupByEnum' | 'getMetricsResourceTypesEnum';

export interface MetricsRequest {
  window: Window;
  groupBy?: readonly string[];
  resolution?: string;
  resourceType?: string;
  workspace?: string;
  limit?: number;
  cursor?: string;
}

export interface Point {
  timestamp: string;
  cost: number;
  usage?: number;
}

export interface Entry {
  [field: string]: unknown;
  summary: { cost: number; usage?: number };
  timeseries: Point[];
}

export interface MetricsPage {
  data: Entry[];
  meta: { hasMore: boolean; nextCursor: string; total?: number };
  summary: { totalCost: number; totalUsage?: number };
  resolution?: string;
}

/** The bucket a point stands for: its timestamp, the bucket start (NaN when it is no date-time). */
export const pointTime = (point: Point): number => instantOf(point.timestamp) ?? NaN;

export { metricsPath, windowQuery } from '../support/metrics-query.ts';

/** A readable form of a request, for messages. */
export function describe(r: MetricsRequest): string {
  const parts = [`startTime=${rfc3339(r.window.start)}`, `endTime=${rfc3339(r.window.end)}`];
  if (r.groupBy?.length) parts.push(`groupBy=${r.groupBy.join(',')}`);
  for (const name of ['resolution', 'resourceType', 'workspace', 'limit'] as const) if (r[name] !== undefined) parts.push(`${name}=${r[name]}`);
  if (r.cursor !== undefined) parts.push('cursor=…');
  return parts.join('&');
}

/** A metrics query; a 200 answer teaches which entry fields hold resource_uuid and billing_dimension (entry-fields.ts). */
export async function getMetrics(t: Check, r: MetricsRequest, token: string = t.config.credentials.admin): Promise<HttpResponse> {
  const res = await sendMetrics(t, r, token);
  if (res.status === 200) await learnEntryFields(t, r.groupBy, res.json, async (d) => (await sendMetrics(t, { window: r.window, groupBy: [d], limit: METRICS_MAX_LIMIT }, token)).json);
  return res;
}

async function sendMetrics(t: Check, r: MetricsRequest, token: string): Promise<HttpResponse> {
  const res = await t.api(metricsPath(t), {
    token,
    query: {
      ...windowQuery(r.window),
      groupBy: r.groupBy?.length ? r.groupBy.join(',') : undefined,
      resolution: r.resolution,
      resourceType: r.resourceType,
      workspace: r.workspace,
      limit: r.limit,
      cursor: r.cursor,
    },
  });
  // A null where nothing is required is a field left out (harness/validator.ts, absentNulls).
  return res.status === 200 ? { ...res, json: withoutAbsentNulls('controlPlane', 'getAccountMetrics', 200, res.json) } : res;
}

function expectDocumented(t: Check, res: HttpResponse, operation: MetricsOperation, what: string): void {
  const errors = responseErrors('controlPlane', operation, res.status, res.json);
  t.assert(errors.length === 0, `${what}: the ${res.status} body must match the OpenAPI document: ${errors.slice(0, 5).join('; ')}`);
}

/** Asserts a 200 AccountMetricsResponse. */
export function expectPage(t: Check, res: HttpResponse, what: string): MetricsPage {
  t.assert(res.status === 200, `${what} must be served with 200, got ${res.status}`);
  expectDocumented(t, res, 'getAccountMetrics', what);
  return withSuiteNames(t, res.json as MetricsPage);
}

/**
 * Follows meta.nextCursor from the first page until meta.hasMore is false,
 * handing each page to `onPage` as it comes and keeping none. More than `maxPages`
 * pages (more than the query has groups) fails the check. Returns the number of pages.
 */
export async function walkEachPage(t: Check, r: MetricsRequest, maxPages: number, onPage: (page: MetricsPage, index: number) => void): Promise<number> {
  const fetch = async (cursor: string | undefined, i: number) => {
    const page = expectPage(t, await getMetrics(t, { ...r, cursor }), `page ${i + 1} of ${describe(r)}`);
    return { ...page.meta, page };
  };
  return followCursors(t, `${describe(r)} (fewer than ${maxPages} pages of groups)`, maxPages, fetch, ({ page }, i) => onPage(page, i));
}

/** `walkEachPage`, keeping the pages. */
export async function walkPages(
  t: Check,
  r: MetricsRequest,
  maxPages: number,
  onPage: (page: MetricsPage, index: number) => void = () => {},
): Promise<MetricsPage[]> {
  const pages: MetricsPage[] = [];
  await walkEachPage(t, r, maxPages, (page, i) => {
    onPage(page, i);
    pages.push(page);
  });
  return pages;
}

/** CONTRACT section 2, state `usage`: the account's events are exactly these. */
export function setUsage(t: Check, events: readonly FixtureEvent[]): Promise<void> {
  return t.control.set('usage', { events: events.map(toUsageEvent) });
}

/** `setUsage`, read beside any other check that reads the very same events (Check.shareState): the rounds, and the cases other rules draw alike. */
export function shareUsage(t: Check, events: readonly FixtureEvent[]): Promise<void> {
  return t.shareState('usage', { events: events.map(toUsageEvent) });
}

/** Asserts a 200 enum answer and returns its list (profile key enumValuesKey). */
export function expectEnum(t: Check, res: HttpResponse, operation: MetricsOperation, what: string): string[] {
  t.assert(res.status === 200, `${what} must be served with 200, got ${res.status}`);
  expectDocumented(t, res, operation, what);
  const values = (res.json as Record<string, unknown>)[t.config.profile.enumValuesKey];
  t.assert(Array.isArray(values) && values.every((v) => typeof v === 'string'), `${what}: "${t.config.profile.enumValuesKey}" must be a list of strings`);
  return values;
}
