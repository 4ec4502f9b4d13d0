// One generated case of the checks that compare whole answers with the oracle:
// usage fixtures, a groupBy and filters; put on the target, asked page by page.
import fc from 'fast-check';
import { filtersArb, groupByArb, type UsageScenario } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { describe, setUsage, walkPages, type Entry, type MetricsPage, type MetricsRequest } from './client.ts';
import { expectedMetrics, type Dimension, type ExpectedMetrics } from './oracle.ts';

export interface Filters {
  resourceType?: string;
  workspace?: string;
}

export interface MetricsCase {
  scenario: UsageScenario;
  groupBy: Dimension[];
  filters: Filters;
}

export interface CaseOptions {
  /** The dimensions groupBy draws from, and how many (min, max). */
  dimensions: readonly Dimension[];
  groupBy: [number, number];
  /** A dimension every groupBy holds, at any position. */
  including?: Dimension;
  filters?: boolean;
}

export function caseArb(scenarios: fc.Arbitrary<UsageScenario>, options: CaseOptions): fc.Arbitrary<MetricsCase> {
  const { including } = options;
  const others = options.dimensions.filter((d) => d !== including);
  const groupBy: fc.Arbitrary<Dimension[]> = including
    ? fc
        .tuple(groupByArb(others, Math.max(0, options.groupBy[0] - 1), options.groupBy[1] - 1) as fc.Arbitrary<Dimension[]>, fc.nat())
        .map(([rest, at]) => insertAt(rest, at, including))
    : (groupByArb(others, ...options.groupBy) as fc.Arbitrary<Dimension[]>);
  const filters = options.filters ? filtersArb : fc.constant({});
  return fc.record({ scenario: scenarios, groupBy, filters });
}

/** `list` with `item` inserted at position `at` (modulo its length + 1). */
export function insertAt<T>(list: readonly T[], at: number, item: T): T[] {
  const i = at % (list.length + 1);
  return [...list.slice(0, i), item, ...list.slice(i)];
}

export function requestOf({ scenario, groupBy, filters }: MetricsCase): MetricsRequest {
  return { window: scenario.window, groupBy, resolution: scenario.explicit ? scenario.resolution.name : undefined, ...filters };
}

export function expectedOf({ scenario, groupBy, filters }: MetricsCase): ExpectedMetrics {
  return expectedMetrics(scenario.events, { window: scenario.window, groupBy, unit: scenario.resolution.bucket, ...filters });
}

export interface Answer {
  request: MetricsRequest;
  /** The request, readable, for messages. */
  query: string;
  expected: ExpectedMetrics;
  pages: MetricsPage[];
  entries: Entry[];
}

/** Puts the case's events on the target and reads every page of its query. */
export async function answerOf(t: Check, c: MetricsCase): Promise<Answer> {
  await setUsage(t, c.scenario.events);
  const request = requestOf(c);
  const expected = expectedOf(c);
  const pages = await walkPages(t, request, expected.groups.size + expected.dormant.size + 2);
  return { request, query: describe(request), expected, pages, entries: pages.flatMap((p) => p.data) };
}

/**
 * Resources of a usage set at scale (bench --scale, SuiteConfig.fixtureScale): 1,000
 * from 50,000 events on, so that groupBy resource_uuid makes 1,000 to 3,000 groups.
 */
export const scaleResources = (events: number): number => Math.min(1_000, Math.ceil(events / 50));
