// The expected answer of a metrics query, computed from the events the suite put
// on the target (state `usage`), in exact integer amounts.
import type { FixtureEvent, ReadBack, Window } from '../../generators/metrics-fixtures.ts';
import type { Profile } from '../../spec/profile.ts';
import { bucketsOf, type BucketUnit } from '../../generators/calendar.ts';
import { SET_DATA_UNITS, type AmountUnits } from './compare.ts';

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
  /** Existing data: how the usage was read back, which says how many roundings each amount may carry. */
  readBack?: ReadBack;
}

export interface Amounts {
  costMicros: number;
  usageMilli: number;
  events: number;
}

export interface ExpectedGroup extends Amounts {
  /** The values of the requested dimensions, by entry field. */
  values: Partial<Record<GroupField, string>>;
  /** Totals per bucket of the suite's calendar, in the order of `bucketStarts`; the empty ones are one frozen object (NO_EVENTS). */
  buckets: Amounts[];
  /** The group's events in the window, in time order (none kept without `withBuckets`): the amounts of any bucket the answer shows (amountsIn). */
  inWindow: FixtureEvent[];
}

export interface ExpectedMetrics {
  groups: Map<string, ExpectedGroup>;
  /** Combinations whose matching events all lie outside the window: a target may still list them, with cost 0. */
  dormant: Set<string>;
  total: Amounts;
  /** The buckets of the suite's calendar (UTC; weeks from Monday): for messages, and the checks at scale. */
  bucketStarts: number[];
  /** The units the amounts are compared in (compare.ts). */
  units: AmountUnits;
  /**
   * How many amounts the target may have rounded in the group `key`'s amount over
   * [from, to) (the window when left out): on set data each of its events there; on
   * existing data each bucket read back of each of its combinations there, empty or not (a
   * bucket read back as 0 may hold less than a unit).
   */
  terms(key: string, from?: number, to?: number): number;
  /** terms() of every matching event of the window, and the number of groups (dormant ones too) with any. */
  totalTerms: number;
  groupsWithTerms: number;
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

const matches = (e: Pick<FixtureEvent, 'resourceType' | 'workspace'>, q: ExpectedQuery): boolean =>
  (q.resourceType === undefined || e.resourceType === q.resourceType) && (q.workspace === undefined || e.workspace === q.workspace);

/**
 * CONTRACT section 2: an event belongs to the bucket that holds its time; the window is [start, end).
 * `withBuckets` false leaves every group's `buckets` and `inWindow` empty (checks at scale that need only
 * the groups and totals: memory stays linear in the groups, not groups × buckets).
 */
export function expectedMetrics(events: readonly FixtureEvent[], q: ExpectedQuery, withBuckets = true): ExpectedMetrics {
  const bucketStarts = bucketsOf(q.window.start, q.window.end, q.unit);
  const groups = new Map<string, ExpectedGroup>();
  const outside = new Set<string>();
  const total = zero();
  const keyOf = (e: Pick<FixtureEvent, GroupField>) => groupKey(q.groupBy.map((d) => e[DIMENSION_FIELDS[d]]));
  for (const e of events) {
    if (!matches(e, q)) continue;
    const key = keyOf(e);
    if (!inWindow(e.time, q.window)) {
      outside.add(key);
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      const values = Object.fromEntries(q.groupBy.map((d) => [DIMENSION_FIELDS[d], e[DIMENSION_FIELDS[d]]]));
      group = { ...zero(), values, buckets: withBuckets ? bucketStarts.map(() => NO_EVENTS) : [], inWindow: [] };
      groups.set(key, group);
    }
    add(group, e);
    if (withBuckets) {
      const index = bucketIndex(bucketStarts, e.time);
      if (group.buckets[index] === NO_EVENTS) group.buckets[index] = zero();
      add(group.buckets[index]!, e);
      group.inWindow.push(e);
    }
    add(total, e);
  }
  for (const group of groups.values()) group.inWindow.sort((a, b) => a.time - b.time);
  const dormant = new Set([...outside].filter((k) => !groups.has(k)));
  const rounding = q.readBack ? readBackTerms(q, keyOf) : eventTerms(groups, total, q.window);
  return { groups, dormant, total, bucketStarts, ...rounding };
}

type Terms = Pick<ExpectedMetrics, 'units' | 'terms' | 'totalTerms' | 'groupsWithTerms'>;

/** Set data: every event is an amount the target may have rounded. */
function eventTerms(groups: ReadonlyMap<string, ExpectedGroup>, total: Amounts, window: Window): Terms {
  const terms = (key: string, from = window.start, to = window.end) => {
    const group = groups.get(key);
    if (!group) return 0;
    if (from <= window.start && to >= window.end) return group.events;
    return group.inWindow.filter((e) => from <= e.time && e.time < to).length;
  };
  return { units: SET_DATA_UNITS, terms, totalTerms: total.events, groupsWithTerms: groups.size };
}

/**
 * Existing data: each bucket read back, of each combination read back, is an amount the
 * target rounded (or may have: a bucket read back as 0 may hold less than a unit), the
 * empty ones too.
 */
function readBackTerms(q: ExpectedQuery, keyOf: (e: Pick<FixtureEvent, GroupField>) => string): Terms {
  const readBack = q.readBack!;
  const combos = new Map<string, number>();
  for (const combo of readBack.combos) if (matches(combo, q)) combos.set(keyOf(combo), (combos.get(keyOf(combo)) ?? 0) + 1);
  const { cellStarts, end } = readBack;
  /** The buckets read back that meet [from, to). */
  const cells = (from: number, to: number) => {
    let n = 0;
    cellStarts.forEach((s, i) => {
      if (s < to && (cellStarts[i + 1] ?? end) > from) n += 1;
    });
    return n;
  };
  const inWindowCells = cells(q.window.start, q.window.end);
  const terms = (key: string, from = q.window.start, to = q.window.end) =>
    (combos.get(key) ?? 0) * (from <= q.window.start && to >= q.window.end ? inWindowCells : cells(Math.max(from, q.window.start), Math.min(to, q.window.end)));
  const matching = [...combos.values()].reduce((sum, n) => sum + n, 0);
  return { units: readBack.units, terms, totalTerms: matching * inWindowCells, groupsWithTerms: inWindowCells > 0 ? combos.size : 0 };
}

/** The amounts of `group`'s events in [from, to). */
export function amountsIn(group: ExpectedGroup | undefined, from: number, to: number): Amounts {
  const amounts = zero();
  for (const e of group?.inWindow ?? []) if (from <= e.time && e.time < to) add(amounts, e);
  return amounts;
}

/**
 * The roundings of an entry's summary: each amount it sums (`terms`), each bucket of its
 * timeseries where the target may sum the points instead (at most one per term, and at
 * most `points`), and its own.
 */
export const entryRoundings = (terms: number, points: number): number => terms + Math.min(terms, points) + 1;

/**
 * The roundings of the total: each group's entry summary (entryRoundings, `points` buckets
 * each), where the target may sum the entries, and its own.
 */
export const totalRoundings = (expected: ExpectedMetrics, points: number): number =>
  expected.totalTerms + Math.min(expected.totalTerms, expected.groupsWithTerms * points) + expected.groupsWithTerms + 1;

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
