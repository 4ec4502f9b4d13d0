// The expected answer of a metrics query, computed from the events the suite put
// on the target (state `usage`), in exact integer amounts.
import type { FixtureEvent, Window } from '../../generators/metrics-fixtures.ts';
import type { Profile } from '../../spec/profile.ts';
import { bucketsOf, type BucketUnit } from '../../generators/calendar.ts';

/**
 * The groupBy dimensions the usage events carry, with the entry field each fills
 * (section 2.7; AccountMetricsDataEntry of the OpenAPI document), which is also the
 * UsageEvent field it groups on.
 */
export const DIMENSION_FIELDS = {
  workspace: 'workspace',
  resource_type: 'resourceType',
  resource_name: 'resourceName',
  resource_uuid: 'resourceUuid',
  billing_dimension: 'billingDimension',
} as const;
export type Dimension = keyof typeof DIMENSION_FIELDS;
export type GroupField = (typeof DIMENSION_FIELDS)[Dimension];

/** The groupBy values section 4.1 names ("seen"); the enum holds at least these. */
export const SPEC_DIMENSIONS = ['resource_type', 'workspace', 'billing_dimension', 'resource_uuid'];

/** The profile's dimensions that the fixtures can exercise. */
export function fixtureDimensions(profile: Profile): Dimension[] {
  return profile.groupByDimensions.filter((d): d is Dimension => d in DIMENSION_FIELDS);
}

export interface ExpectedQuery {
  window: Window;
  groupBy: readonly Dimension[];
  unit: BucketUnit;
  resourceType?: string;
  workspace?: string;
}

export interface Amounts {
  costMicros: number;
  usageMilli: number;
  events: number;
}

export interface ExpectedGroup extends Amounts {
  /** The values of the requested dimensions, by entry field. */
  values: Partial<Record<GroupField, string>>;
  /** Totals per bucket, in the order of `bucketStarts`; the empty ones are one frozen object (NO_EVENTS). */
  buckets: Amounts[];
}

export interface ExpectedMetrics {
  groups: Map<string, ExpectedGroup>;
  /** Combinations whose matching events all lie outside the window: a target may still list them, with cost 0. */
  dormant: Set<string>;
  total: Amounts;
  bucketStarts: number[];
}

/** Identity of a combination of dimension values. */
export const groupKey = (values: readonly unknown[]): string => JSON.stringify(values);

/** The combination an entry of the answer stands for. */
export const entryKey = (entry: Record<string, unknown>, groupBy: readonly Dimension[]): string =>
  groupKey(groupBy.map((d) => entry[DIMENSION_FIELDS[d]]));

/** A readable name of a combination, from an entry or from the values of an expected group. */
export const groupLabel = (fields: Record<string, unknown>, groupBy: readonly Dimension[]): string =>
  groupBy.length ? `{${groupBy.map((d) => `${d}=${JSON.stringify(fields[DIMENSION_FIELDS[d]])}`).join(', ')}}` : 'without groupBy';

const zero = (): Amounts => ({ costMicros: 0, usageMilli: 0, events: 0 });
/**
 * The totals of every bucket no event falls in, one object for all of them: most buckets
 * of a group are empty (a day of 24 hours of 3,000 combinations holds 72,000 buckets).
 */
const NO_EVENTS: Amounts = Object.freeze(zero());
const add = (a: Amounts, e: FixtureEvent) => {
  a.costMicros += e.costMicros;
  a.usageMilli += e.usageMilli;
  a.events += 1;
};

export const inWindow = (time: number, w: Window): boolean => w.start <= time && time < w.end;

/**
 * CONTRACT section 2: an event belongs to the bucket that holds its time; the window is [start, end).
 * `withBuckets` false leaves every group's `buckets` empty (checks at scale that need only
 * the groups and totals: memory stays linear in the groups, not groups × buckets).
 */
export function expectedMetrics(events: readonly FixtureEvent[], q: ExpectedQuery, withBuckets = true): ExpectedMetrics {
  const bucketStarts = bucketsOf(q.window.start, q.window.end, q.unit);
  const groups = new Map<string, ExpectedGroup>();
  const outside = new Set<string>();
  const total = zero();
  for (const e of events) {
    if ((q.resourceType !== undefined && e.resourceType !== q.resourceType) || (q.workspace !== undefined && e.workspace !== q.workspace)) continue;
    const key = groupKey(q.groupBy.map((d) => e[DIMENSION_FIELDS[d]]));
    if (!inWindow(e.time, q.window)) {
      outside.add(key);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      const values = Object.fromEntries(q.groupBy.map((d) => [DIMENSION_FIELDS[d], e[DIMENSION_FIELDS[d]]]));
      group = { ...zero(), values, buckets: withBuckets ? bucketStarts.map(() => NO_EVENTS) : [] };
      groups.set(key, group);
    }
    add(group, e);
    if (withBuckets) {
      const index = bucketIndex(bucketStarts, e.time);
      if (group.buckets[index] === NO_EVENTS) group.buckets[index] = zero();
      add(group.buckets[index]!, e);
    }
    add(total, e);
  }
  const dormant = new Set([...outside].filter((k) => !groups.has(k)));
  return { groups, dormant, total, bucketStarts };
}

/** Index of the last bucket that starts at or before `time`. */
function bucketIndex(starts: readonly number[], time: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Section 4.1: the distinct resource types with at least one event in the window. */
export function resourceTypesIn(events: readonly FixtureEvent[], window: Window): string[] {
  return [...new Set(events.filter((e) => inWindow(e.time, window)).map((e) => e.resourceType))].sort();
}

export const usd = (micros: number): number => micros / 1e6;
export const units = (milli: number): number => milli / 1000;
