// The AccountMetricsResponse of one page (section 2.7): groups of the window's
// events, sorted by group key and paged by keyset, with summaries and timeseries.
// One pass groups the window's events (kept for the next page of the same query,
// reference/areas/metrics.ts); the timeseries of a page reads only its groups' events,
// so a query stays linear in the events of its window.
import type { Faults } from '../../faults/registry.ts';
import type { FaultName } from '../../faults/index.ts';
import { bucketIndexer, bucketStarts, type BucketOrigin } from './calendar.ts';
import type { MetricsQuery } from './query.ts';
import type { StoredEvent } from './store.ts';
import { formatUtc } from './time.ts';

type TextField = 'workspace' | 'resourceType' | 'resourceName' | 'resourceUuid' | 'billingDimension';

/** The entry field (and event field) of each groupBy dimension of the profile. */
const FIELD_OF: Record<string, TextField> = {
  workspace: 'workspace',
  resource_type: 'resourceType',
  resource_name: 'resourceName',
  resource_uuid: 'resourceUuid',
  billing_dimension: 'billingDimension',
};
/** Section 2.7: grouping by resource_uuid also fills these. */
const RESOURCE_FIELDS: TextField[] = ['workspace', 'resourceName', 'resourceType'];
/** The fault that leaves each of them out of the entries grouped by resource_uuid. */
const UUID_FILL_FAULTS: Partial<Record<TextField, FaultName>> = {
  workspace: 'metrics-resource-uuid-without-workspace',
  resourceName: 'metrics-resource-uuid-without-name',
  resourceType: 'metrics-resource-uuid-without-type',
};
/** The fault that leaves a dimension's own field out of the entries grouped by it. */
const FIELD_LEFT_OUT: Partial<Record<string, FaultName>> = {
  workspace: 'metrics-entry-workspace-left-out',
  resource_type: 'metrics-entry-resource-type-left-out',
  resource_uuid: 'metrics-entry-resource-uuid-left-out',
  billing_dimension: 'metrics-entry-billing-dimension-left-out',
};

interface Group {
  id: string;
  /** Values of the requested dimensions, in their order: the sort and cursor key. */
  key: string[];
  sample: StoredEvent | undefined;
  cost: number;
  usage: number;
  /** Indexes of its events in the grouping's `selected`: a page's timeseries reads only these. */
  members: number[];
}

/** The window's events selected by the query's filters and grouped: the same for every page of a query. */
export interface Grouping {
  selected: readonly StoredEvent[];
  /** In the order of their keys, ascending (`choices.order` 1) or descending (-1): the order of the pages. */
  groups: readonly Group[];
  choices: GroupingChoices;
  totalCost: number;
  totalUsage: number;
}

type GroupOrder = 1 | -1;

/** The choices of the variants: an entry of cost 0 without groupBy over a window with no matching event (false: none, empty-window-no-entry); the keys descending (-1, metrics-orders-otherwise); where buckets start (weeks-start-sunday, buckets-from-window-start). */
export interface GroupingChoices {
  entryWithoutEvents: boolean;
  order: GroupOrder;
  buckets: BucketOrigin;
}

/** Without a variant; the faults' own groupings take it too. */
const AS_THE_REFERENCE: GroupingChoices = { entryWithoutEvents: true, order: 1, buckets: 'monday' };

export function groupWindow(events: readonly StoredEvent[], query: MetricsQuery, faults: Faults, choices = AS_THE_REFERENCE): Grouping {
  const filtered = query.resourceType !== undefined || query.workspace !== undefined;
  const selected = filtered ? events.filter(matcher(query)) : events;
  return {
    selected,
    groups: groupEvents(selected, selected.map(groupIdOf(query.groupBy, faults)), query.groupBy, choices),
    choices,
    totalCost: selected.reduce((sum, e) => sum + e.cost, 0),
    totalUsage: selected.reduce((sum, e) => sum + e.usage, 0),
  };
}

const matcher = (query: MetricsQuery) => (e: StoredEvent) =>
  (query.resourceType === undefined || e.resourceType === query.resourceType) && (query.workspace === undefined || e.workspace === query.workspace);

export interface PageInput {
  /** The window's events, grouped (groupWindow). */
  grouping: Grouping;
  /** Every event of the account (read only by a fault). */
  allEvents: readonly StoredEvent[];
  query: MetricsQuery;
  /** The key of the last group of the previous page. */
  after: string[] | undefined;
  issueCursor(lastKey: string[]): string;
  faults: Faults;
}

export function metricsPage({ grouping, allEvents, query, after, issueCursor, faults }: PageInput): object {
  const { groupBy } = query;
  const { selected, groups, choices, totalCost, totalUsage } = grouping;

  let from = after === undefined ? 0 : groups.findIndex((g) => choices.order * compareKeys(g.key, after) > 0);
  if (from < 0) from = groups.length;
  if (after !== undefined && faults.has('metrics-page-boundary-entry-lost')) from += 1;
  if (after !== undefined && faults.has('metrics-page-boundary-entry-repeated')) from = Math.max(0, from - 1);
  let page = groups.slice(from, from + query.limit);
  const hasMore = faults.has('metrics-has-more-on-last-page')
    ? page.length === query.limit
    : from + query.limit < groups.length && !(faults.has('metrics-has-more-false-after-first-page') && after !== undefined);
  const lastKey = page[page.length - 1]?.key ?? after;
  const nextCursor = (hasMore || faults.has('metrics-next-cursor-on-last-page')) && lastKey ? issueCursor(lastKey) : '';

  const withUsage = faults.has('metrics-usage-missing-with-billing-dimension')
    ? false
    : groupBy.includes('billing_dimension') || faults.has('metrics-usage-without-billing-dimension');
  const series = timeseries(selected, page, query, withUsage, faults, choices.buckets);
  // The faults metrics-entry-cost-ignores-window and metrics-entry-usage-ignores-window read an entry's amount from every event of its group.
  const costEverywhere = faults.has('metrics-entry-cost-ignores-window');
  const usageEverywhere = faults.has('metrics-entry-usage-ignores-window');
  const everyMatching = allEvents.filter(matcher(query));
  if (costEverywhere || usageEverywhere) {
    const whole = groupEvents(everyMatching, everyMatching.map(groupIdOf(groupBy, faults)), groupBy);
    page = page.map((g) => {
      const same = whole.find((w) => compareKeys(w.key, g.key) === 0);
      return { ...g, cost: costEverywhere ? (same?.cost ?? g.cost) : g.cost, usage: usageEverywhere ? (same?.usage ?? g.usage) : g.usage };
    });
  }
  const entriesWithUsage = (withUsage && !faults.has('metrics-entries-usage-left-out')) || faults.has('metrics-entries-usage-always');
  const data = page.map((g, i) => ({
    ...groupFields(g, groupBy, faults),
    summary: { cost: g.cost, ...(entriesWithUsage ? { usage: g.usage } : {}) },
    timeseries: series[i],
  }));
  const shownTotalUsage = faults.has('metrics-total-usage-ignores-window') ? everyMatching.reduce((sum, e) => sum + e.usage, 0) : totalUsage;
  return {
    data,
    meta: { hasMore, nextCursor, total: groups.length },
    summary: { totalCost, ...(withUsage ? { totalUsage: shownTotalUsage } : {}) },
    startTime: formatUtc(query.start),
    endTime: formatUtc(query.end),
    resolution: query.resolution.name,
  };
}

/** The identity of an event's group, as a string (the faults make it coarser or finer than the key). */
function groupIdOf(groupBy: string[], faults: Faults): (e: StoredEvent) => string {
  const fields = groupBy.map((d) => FIELD_OF[d]!);
  if (groupBy.length === 0 && faults.has('metrics-no-group-by-per-workspace')) fields.push('workspace');
  if (groupBy.length >= 2 && !groupBy.includes('billing_dimension') && faults.has('metrics-duplicate-groups')) fields.push('billingDimension');
  if (groupBy.length === 1 && groupBy[0] !== 'billing_dimension' && faults.has('metrics-one-dimension-split-by-billing')) fields.push('billingDimension');
  if (fields.length === 0) return () => '';
  if (fields.length === 1) return (e) => e[fields[0]!];
  return (e) => fields.map((f) => e[f]).join('\u0000');
}

/** One group per identity (`ids[i]` is the identity of `events[i]`), sorted by key. Without groupBy there is one group, with no event too unless `entryWithoutEvents` is false. */
function groupEvents(events: readonly StoredEvent[], ids: readonly string[], groupBy: string[], { entryWithoutEvents, order } = AS_THE_REFERENCE): Group[] {
  const byId = new Map<string, Group>();
  if (groupBy.length === 0 && events.length === 0 && entryWithoutEvents) byId.set('', { id: '', key: [], sample: undefined, cost: 0, usage: 0, members: [] });
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const id = ids[i]!;
    let group = byId.get(id);
    if (!group) {
      group = { id, key: groupBy.map((d) => e[FIELD_OF[d]!]), sample: e, cost: 0, usage: 0, members: [] };
      byId.set(id, group);
    }
    group.cost += e.cost;
    group.usage += e.usage;
    group.members.push(i);
  }
  return [...byId.values()].sort((a, b) => order * compareKeys(a.key, b.key));
}

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}

function groupFields(group: Group, groupBy: string[], faults: Faults): Partial<Record<TextField, string>> {
  const fields: Partial<Record<TextField, string>> = {};
  if (!group.sample) return fields;
  const kept = groupBy.filter((d, i) => !(FIELD_LEFT_OUT[d] && faults.has(FIELD_LEFT_OUT[d])) && !(i > 0 && faults.has('metrics-entry-first-dimension-only')));
  const filled = kept.map((d) => FIELD_OF[d]!);
  if (groupBy.includes('resource_uuid')) {
    filled.push(...RESOURCE_FIELDS.filter((f) => !faults.has(UUID_FILL_FAULTS[f]!)));
  }
  for (const field of filled) fields[field] = group.sample[field];
  return fields;
}

interface Point {
  timestamp: string;
  cost: number;
  usage?: number;
}

/** One point per bucket of the window for each group of the page, each named by its bucket's start (before the window's, for a first bucket that starts before it). */
function timeseries(events: readonly StoredEvent[], page: readonly Group[], query: MetricsQuery, withUsage: boolean, faults: Faults, buckets: BucketOrigin): Point[][] {
  const unit = query.resolution.bucket;
  const starts = bucketStarts(query.start, query.end, unit, buckets);
  const timestamps = starts.map(formatUtc);
  const indexOf = bucketIndexer(query.start, unit, buckets);
  return page.map((group) => {
    const buckets = starts.map(() => ({ cost: 0, usage: 0, events: 0 }));
    for (const member of group.members) {
      const e = events[member]!;
      // Only an end-inclusive window (a fault) has events past the last bucket; they go into it.
      const bucket = buckets[Math.min(indexOf(e.time), starts.length - 1)]!;
      // The fault metrics-timeseries-cost-overwritten keeps the last event's cost instead of the sum.
      bucket.cost = faults.has('metrics-timeseries-cost-overwritten') ? e.cost : bucket.cost + e.cost;
      bucket.usage = faults.has('metrics-timeseries-usage-overwritten') ? e.usage : bucket.usage + e.usage;
      bucket.events += 1;
    }
    // The faults metrics-idle-bucket-usage-carried and metrics-idle-bucket-cost-carried give a bucket without activity the usage or cost of the bucket before it.
    if (faults.has('metrics-idle-bucket-usage-carried')) buckets.forEach((b, i) => i > 0 && b.events === 0 && (b.usage = buckets[i - 1]!.usage));
    if (faults.has('metrics-idle-bucket-cost-carried')) buckets.forEach((b, i) => i > 0 && b.events === 0 && (b.cost = buckets[i - 1]!.cost));
    return buckets
      .map((b, i) => ({
        timestamp: timestamps[i]!,
        cost: b.cost,
        ...(withUsage ? { usage: b.usage } : {}),
        events: b.events,
      }))
      .filter((p) => p.events > 0 || !faults.has('metrics-sparse-timeseries'))
      .map(({ events: _events, ...point }) => point);
  });
}
