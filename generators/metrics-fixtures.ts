// Arbitraries of the metrics suite: usage events (CONTRACT section 2, state
// `usage`), windows aligned on the buckets of a resolution, and queries. Costs are
// whole micro-dollars and usages whole thousandths, so every sum is exact in the oracle
// and a target that rounds has fractions of a cent (of a unit) to round; each event costs
// at least a dollar and uses at least 100 units, more than the widest tolerance of any
// check of these cases (suites/metrics/compare.ts: at most 73 roundings of a cent, or of a
// unit), so one misplaced event is always seen.
import fc from 'fast-check';
import { stringMatching } from './string-matching.ts';
import type { Profile, ResolutionChoice } from '../spec/profile.ts';
import { addUnits, bucketsOf, DAY_MS, HOUR_MS, rfc3339, SECOND_MS, type BucketUnit } from './calendar.ts';
import type { UsageEvent } from '../spec/openapi.ts';

export interface Window {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

export interface Resource {
  uuid: string;
  name: string;
  type: string;
  workspace: string;
}

/** A usage event as the suite knows it: exact integer amounts. */
export interface FixtureEvent {
  time: number;
  workspace: string;
  resourceType: string;
  resourceName: string;
  resourceUuid: string;
  billingDimension: string;
  costMicros: number;
  usageMilli: number;
}

export const WORKSPACES = ['ws-alpha', 'ws-beta', 'ws-gamma'];
export const RESOURCE_TYPES = ['sandbox', 'function', 'agent', 'job', 'volume'];
export const BILLING_DIMENSIONS = ['memory', 'invocations', 'active-time'];
/** Few names, so that distinct resources share names and resource_name groups gather several. */
const RESOURCE_NAMES = ['api', 'worker', 'crawler', 'indexer'];

/**
 * Windows start in 2018-2019 (2018-01-01 is a Monday and a month start, so every
 * unit counts from it) and end before 2025: always in the past, with the leap
 * year 2020 and every month length in reach.
 */
const EARLIEST = Date.UTC(2018, 0, 1);
const START_CHOICES: Record<BucketUnit, number> = { hour: 2 * 365 * 24, day: 2 * 365, week: 104, month: 24 };
/** At most this many buckets per generated window, to keep the answers small. */
const MAX_BUCKETS: Record<BucketUnit, number> = { hour: 24 * 14, day: 120, week: 60, month: 36 };

/** The body of the event in the `usage` state (CONTRACT section 2). */
export function toUsageEvent(e: FixtureEvent): UsageEvent {
  return {
    time: rfc3339(e.time),
    workspace: e.workspace,
    resourceType: e.resourceType,
    resourceName: e.resourceName,
    resourceUuid: e.resourceUuid,
    billingDimension: e.billingDimension,
    usage: e.usageMilli / 1000,
    cost: e.costMicros / 1e6,
  };
}

/** Window lengths in whole seconds, both bounds inclusive; max null: unbounded. */
export interface LengthBounds {
  min: number;
  max: number | null;
}

/** Counts of `unit` after `start` whose length is within the bounds (at most MAX_BUCKETS of them). */
function unitCounts(start: number, unit: BucketUnit, { min, max }: LengthBounds): number[] {
  const counts: number[] = [];
  for (let n = 1; counts.length < MAX_BUCKETS[unit]; n++) {
    const length = (addUnits(start, unit, n) - start) / SECOND_MS;
    if (max !== null && length > max) break;
    if (length >= min) counts.push(n);
  }
  return counts;
}

/** A start on a bucket boundary of `unit`. */
export const bucketStartArb = (unit: BucketUnit): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: START_CHOICES[unit] }).map((i) => addUnits(EARLIEST, unit, i));

/** Whether `ms` starts a bucket of `unit` as bucketStartArb draws them (weeks from Monday, as EARLIEST is). */
export function startsBucket(ms: number, unit: BucketUnit): boolean {
  const d = new Date(ms);
  if (unit === 'hour') return ms % HOUR_MS === 0;
  if (unit === 'day') return ms % DAY_MS === 0;
  if (unit === 'week') return (ms - EARLIEST) % (7 * DAY_MS) === 0;
  return ms % DAY_MS === 0 && d.getUTCDate() === 1;
}

/** A start on a bucket boundary of every unit of `units` (the first unit's starts that also start the others'). */
export function commonBucketStartArb(units: readonly [BucketUnit, ...BucketUnit[]]): fc.Arbitrary<number> {
  const [first] = units;
  const starts = Array.from({ length: START_CHOICES[first] + 1 }, (_, i) => addUnits(EARLIEST, first, i)).filter((s) => units.every((u) => startsBucket(s, u)));
  return fc.constantFrom(...starts);
}

/**
 * A window that starts and ends on bucket boundaries of `unit`, its length within
 * the bounds; the shortest and longest such windows are likely. Undefined when no
 * aligned window fits the bounds.
 */
export function alignedWindowArb(unit: BucketUnit, bounds: LengthBounds): fc.Arbitrary<Window> | undefined {
  if (unitCounts(EARLIEST, unit, bounds).length === 0) return undefined;
  return bucketStartArb(unit)
    .map((start) => ({ start, counts: unitCounts(start, unit, bounds) }))
    .filter(({ counts }) => counts.length > 0)
    .chain(({ start, counts }) =>
      fc
        .oneof(fc.constant(counts[0]!), fc.constant(counts[counts.length - 1]!), fc.constantFrom(...counts))
        .map((n) => ({ start, end: addUnits(start, unit, n) })),
    );
}

/** Whole hours, up to two days: a window any target serves whatever its data, for checks of statuses. */
export const hoursWindowArb: fc.Arbitrary<Window> = alignedWindowArb('hour', { min: 3600, max: 2 * 86_400 })!;

/**
 * The lengths (seconds, inclusive) around a maximum window `max` where an omitted
 * resolution may be either neighbour: CONTRACT 3 says "under 7 days hourly", but not how a
 * window is measured (to the second, in whole hours or days, rounded either way) nor
 * whether "under" is strict, nor what "1 year" is (365 days, or a calendar year of 366).
 * Each of those moves the threshold by a day at most, and a year's by one more: a day
 * either side, and a leap day per whole year of it above. Only lengths outside every band
 * are judged strictly.
 */
export function thresholdBand(max: number): LengthBounds & { max: number } {
  const years = Math.floor(max / (365 * 86_400));
  return { min: max - 86_400, max: max + 86_400 * (1 + years) };
}

/**
 * Window lengths (seconds, inclusive) for which an omitted resolution must pick
 * `profile.resolutions[index]`: past the band of every earlier resolution's maximum, short
 * of the band of its own (thresholdBand). Undefined when none is.
 */
export function autoLengthBounds(profile: Profile, index: number): LengthBounds | undefined {
  const earlier = profile.resolutions.slice(0, index);
  if (earlier.some((r) => r.maxWindowSeconds === null)) return undefined;
  const min = index === 0 ? 1 : Math.max(...earlier.map((r) => thresholdBand(r.maxWindowSeconds!).max)) + 1;
  const own = profile.resolutions[index]!.maxWindowSeconds;
  const max = own === null ? null : thresholdBand(own).min - 1;
  if (max !== null && max < min) return undefined;
  return { min, max };
}

/**
 * The resolutions an omitted one may be for a window of `seconds`: the profile's choice
 * first (the first resolution whose maximum window is above the length, "under 7 days
 * hourly"), then, for a length within the band of a maximum (thresholdBand), the
 * resolution of that maximum and the one the profile chooses past it.
 */
export function autoResolutionsFor(profile: Profile, seconds: number): ResolutionChoice[] {
  const choose = (length: number) => profile.resolutions.find((r) => r.maxWindowSeconds === null || length < r.maxWindowSeconds) ?? profile.resolutions.at(-1)!;
  const accepted = [choose(seconds)];
  for (const r of profile.resolutions) {
    if (r.maxWindowSeconds === null) continue;
    const band = thresholdBand(r.maxWindowSeconds);
    if (seconds < band.min || seconds > band.max) continue;
    for (const neighbour of [r, choose(r.maxWindowSeconds)]) if (!accepted.includes(neighbour)) accepted.push(neighbour);
  }
  return accepted;
}

/**
 * The bucket units the oracle may read a window's answer with: the explicit resolution's,
 * or, when the query omits it, each of the resolutions the length may choose.
 */
export function unitsReadWith(profile: Profile, { window, resolution, explicit }: Pick<ResolvedWindow, 'window' | 'resolution' | 'explicit'>): BucketUnit[] {
  if (explicit) return [resolution.bucket];
  return [...new Set(autoResolutionsFor(profile, (window.end - window.start) / SECOND_MS).map((r) => r.bucket))];
}

/** A window and the resolution its buckets follow: explicit (up to its maximum window) or omitted (chosen from the length). */
export interface ResolvedWindow {
  window: Window;
  resolution: ResolutionChoice;
  /** false: the query omits `resolution`. */
  explicit: boolean;
}

export function resolvedWindowArb(profile: Profile): fc.Arbitrary<ResolvedWindow> {
  const choices = profile.resolutions.flatMap((resolution, index) => {
    const explicit = alignedWindowArb(resolution.bucket, { min: 1, max: resolution.maxWindowSeconds });
    const autoBounds = autoLengthBounds(profile, index);
    const auto = autoBounds && alignedWindowArb(resolution.bucket, autoBounds);
    return [
      ...(explicit ? [explicit.map((window) => ({ window, resolution, explicit: true }))] : []),
      ...(auto ? [auto.map((window) => ({ window, resolution, explicit: false }))] : []),
    ];
  });
  return fc.oneof(...choices);
}

export function resourcesArb(minLength: number, maxLength: number): fc.Arbitrary<Resource[]> {
  const shape = fc.record({
    name: fc.constantFrom(...RESOURCE_NAMES),
    type: fc.constantFrom(...RESOURCE_TYPES),
    workspace: fc.constantFrom(...WORKSPACES),
  });
  return fc.array(shape, { minLength, maxLength, size: 'max' }).map((rs) => rs.map((r, i) => ({ ...r, uuid: uuidOf(i) })));
}

const uuidOf = (i: number) => `6f1d2c3b-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

/**
 * Instants in whole seconds around a window whose start is a bucket start: the
 * window's bounds, bucket boundaries and the second before each are likely, so that
 * start inclusion, end exclusion and bucket membership are all exercised.
 */
export function instantArb(window: Window, unit: BucketUnit, inside = false): fc.Arbitrary<number> {
  const starts = bucketsOf(window.start, window.end, unit);
  const pad = inside ? 0 : Math.max(HOUR_MS, Math.floor((window.end - window.start) / 4 / SECOND_MS) * SECOND_MS);
  const uniform = fc.integer({ min: (window.start - pad) / SECOND_MS, max: (window.end + pad) / SECOND_MS - 1 }).map((s) => s * SECOND_MS);
  const boundaries = fc.nat(starts.length - 1).chain((i) => fc.constantFrom(starts[i]!, (starts[i + 1] ?? window.end) - SECOND_MS));
  const edges = inside ? fc.constantFrom(window.start, window.end - SECOND_MS) : fc.constantFrom(window.start, window.end, window.start - SECOND_MS, window.end - SECOND_MS);
  return fc.oneof({ weight: 4, arbitrary: uniform }, { weight: 2, arbitrary: boundaries }, { weight: 1, arbitrary: edges });
}

export interface EventOptions {
  minLength: number;
  maxLength: number;
  /** Every event in the window. */
  inside?: boolean;
}

/** The least cost (a dollar) and usage (100 units) of a generated event: above every tolerance (see the top). */
const MIN_COST_MICROS = 1_000_000;
const MIN_USAGE_MILLI = 100_000;

/** Everything of an event but its resource. */
type Happening = Pick<FixtureEvent, 'billingDimension' | 'time' | 'costMicros' | 'usageMilli'>;

const happeningArb = (window: Window, unit: BucketUnit, inside = false): fc.Arbitrary<Happening> =>
  fc.record({
    billingDimension: fc.constantFrom(...BILLING_DIMENSIONS),
    time: instantArb(window, unit, inside),
    costMicros: fc.integer({ min: MIN_COST_MICROS, max: 50_000_000 }),
    usageMilli: fc.integer({ min: MIN_USAGE_MILLI, max: 10_000_000 }),
  });

const eventOf = (resource: Resource, h: Happening): FixtureEvent => ({
  ...h,
  workspace: resource.workspace,
  resourceType: resource.type,
  resourceName: resource.name,
  resourceUuid: resource.uuid,
});

export function eventsArb(resources: Resource[], window: Window, unit: BucketUnit, options: EventOptions): fc.Arbitrary<FixtureEvent[]> {
  const event = fc.tuple(fc.constantFrom(...resources), happeningArb(window, unit, options.inside));
  const { minLength, maxLength } = options;
  return fc.array(event, { minLength, maxLength, size: 'max' }).map((events) => events.map(([resource, h]) => eventOf(resource, h)));
}

/** One event of each resource inside the window, so that every resource is a group of its own. */
export function oneEventPerResourceArb(resources: Resource[], window: Window, unit: BucketUnit): fc.Arbitrary<FixtureEvent[]> {
  return fc.tuple(...resources.map((r) => happeningArb(window, unit, true).map((h) => eventOf(r, h))));
}

/** One event in each workspace of the pool, so that every workspace the suite names exists on the target. */
export const oneEventPerWorkspace: FixtureEvent[] = WORKSPACES.map((workspace, i) => ({
  time: EARLIEST + i * HOUR_MS,
  workspace,
  resourceType: RESOURCE_TYPES[0]!,
  resourceName: RESOURCE_NAMES[0]!,
  resourceUuid: uuidOf(i),
  billingDimension: BILLING_DIMENSIONS[0]!,
  costMicros: MIN_COST_MICROS,
  usageMilli: MIN_USAGE_MILLI,
}));

/** Usage fixtures over a window with its resolution. */
export interface UsageScenario extends ResolvedWindow {
  resources: Resource[];
  events: FixtureEvent[];
  /**
   * Usage read back from timeseries points that carry none (CONTRACT 3 shows a point's
   * `usage` optional): the events hold each combination's usage on its first bucket with a
   * cost, so the usage is known over this window alone; null, over none (a combination has
   * usage and no bucket with a cost). Absent: known in every bucket.
   */
  usageKnownOver?: Window | null;
  /** Existing data: how the usage was read back (absent on set data, where the events are the suite's own). */
  readBack?: ReadBack;
}

/**
 * The account's usage as read back on existing data: every combination of the finest
 * grouping over the buckets read back, and the units its amounts are whole multiples of.
 * Each of those buckets of each combination is an amount the target rounded, empty or not.
 */
export interface ReadBack {
  /** The starts of the buckets read back, in time order; `end` ends the last. */
  cellStarts: number[];
  end: number;
  /** Every combination the finest grouping lists. */
  combos: Array<Pick<FixtureEvent, 'workspace' | 'resourceType' | 'resourceName' | 'resourceUuid' | 'billingDimension'>>;
  /** The units the amounts read back are whole multiples of (at most those of the suite, compare.ts). */
  units: { cost: number; usage: number };
}

export interface ScenarioSizes {
  resources: [number, number];
  events: [number, number];
  inside?: boolean;
}

export function usageScenarioArb(windows: fc.Arbitrary<ResolvedWindow>, sizes: ScenarioSizes): fc.Arbitrary<UsageScenario> {
  return fc.tuple(windows, resourcesArb(...sizes.resources)).chain(([resolved, resources]) =>
    eventsArb(resources, resolved.window, resolved.resolution.bucket, {
      minLength: sizes.events[0],
      maxLength: sizes.events[1],
      inside: sizes.inside,
    }).map((events) => ({ ...resolved, resources, events })),
  );
}

/** 1 to `max` distinct dimensions of `dimensions`, in any order. */
export const groupByArb = (dimensions: readonly string[], min: number, max: number): fc.Arbitrary<string[]> =>
  fc.shuffledSubarray([...dimensions], { minLength: min, maxLength: Math.min(max, dimensions.length) });

/** Absent two times in three, otherwise one of `values`. */
const sometimes = (values: string[]): fc.Arbitrary<string | undefined> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...values) });

/**
 * resolution values outside `known` (the profile's): words of no meaning, none the name of
 * a span of time (`hour`, `days`, `minutely`, `quarterly`) that a target may offer beyond
 * the profile's list or serve as an alias.
 */
export const unknownResolutionArb = (known: ReadonlySet<string>): fc.Arbitrary<string> =>
  stringMatching(/^[a-z]{3,12}$/).filter((v) => !known.has(v) && !/^(sec|min|hour|day|week|fortnight|month|quarter|year|annual)/.test(v));

/** Optional resourceType and workspace filters from these values (one of which may match no event). */
export const filtersOver = (resourceTypes: string[], workspaces: string[]) => fc.record({ resourceType: sometimes(resourceTypes), workspace: sometimes(workspaces) });

/** Optional resourceType and workspace filters of the generated events; a value may match no event. */
export const filtersArb = filtersOver([...RESOURCE_TYPES, 'model'], WORKSPACES);

/** Words some servers read as relative times: never sent as "malformed". */
const RELATIVE_TIME = /^(now|today|yesterday|tomorrow)/;

/**
 * Date-times with one field out of range (each field, each end of its range; 29 February
 * of a common year; a leap second is in range), or text around one: no reading of
 * "date-time" accepts them.
 */
export const OUT_OF_RANGE_TIMES = [
  '2025-13-01T00:00:00Z',
  '2025-00-10T00:00:00Z',
  '2025-01-32T00:00:00Z',
  '2025-01-00T00:00:00Z',
  '2025-02-29T00:00:00Z',
  '2025-01-01T25:00:00Z',
  '2025-01-01T00:61:00Z',
  '2025-01-01T00:00:61Z',
  '2025-01-01T00:00:00+24:00',
  '2025-01-01T00:00:00+01:60',
  'x2025-01-01T00:00:00Z',
  '2025-01-01T00:00:00Zx',
] as const;

/**
 * Values of startTime/endTime that no reading of "date-time" accepts: empty, words,
 * and date-times with a field out of range. (Date-only strings, epoch numbers and
 * relative words such as "now" are left out: the exact format is not shown.)
 */
export const malformedTimeArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'not-a-time', ...OUT_OF_RANGE_TIMES),
  stringMatching(/^[a-z]{1,12}$/).filter((word) => !RELATIVE_TIME.test(word)),
);

/**
 * One instant written as a date-time the way a client may write it: RFC 3339 in UTC with
 * `Z`, with a fraction of a second, lowercase, with a numeric offset (the same instant in
 * that zone's time), or as epoch seconds or (at midnight UTC only, where it names the same
 * instant) a date without a time, which a reading of the unshown format may take or not.
 * Every form names the instant itself: a window written in them is the same window, so a
 * relation between two endpoints judges how they read the text, never the window.
 */
export function instantTextArb(ms: number): fc.Arbitrary<{ form: string; text: string }> {
  const at = (offsetMinutes: number) => new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const zone = (offsetMinutes: number) => {
    const abs = Math.abs(offsetMinutes);
    return `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
  return fc.oneof(
    fc.constant({ form: 'UTC with Z', text: `${at(0)}Z` }),
    fc.constantFrom('.000', '.0', '.000000').map((fraction) => ({ form: 'a fraction of a second', text: `${at(0)}${fraction}Z` })),
    fc.constant({ form: 'lowercase t and z', text: `${at(0).replace('T', 't')}z` }),
    fc.constantFrom(0, 330, -480, 60, -150, 840).map((offset) => ({ form: `the offset ${zone(offset)}`, text: `${at(offset)}${zone(offset)}` })),
    ...(ms % DAY_MS === 0 ? [fc.constant({ form: 'a date without a time', text: at(0).slice(0, 10) })] : []),
    fc.constant({ form: 'epoch seconds', text: String(Math.floor(ms / 1000)) }),
  );
}

/** How one of startTime/endTime is sent in a request that must be refused. */
export type TimeParam = { kind: 'valid' } | { kind: 'missing' } | { kind: 'malformed'; text: string };

const timeParamArb: fc.Arbitrary<TimeParam> = fc.oneof(
  fc.constant({ kind: 'valid' } as const),
  fc.constant({ kind: 'missing' } as const),
  malformedTimeArb.map((text) => ({ kind: 'malformed', text }) as const),
);

/** startTime and endTime, at least one of them missing or malformed. */
export const badWindowArb: fc.Arbitrary<[TimeParam, TimeParam]> = fc
  .tuple(timeParamArb, timeParamArb)
  .filter(([start, end]) => start.kind !== 'valid' || end.kind !== 'valid');

/**
 * `count` events of `resources` around (or, `inside`, in) the window, drawn one at a
 * time with a fixed seed: for sets of hundreds of thousands of events (bench
 * --scale), where one fc.array would hold the state of every draw at once (about
 * 300 MB at 200,000 events, against 100 MB drawn this way).
 */
export function sampleEvents(resources: Resource[], window: Window, unit: BucketUnit, count: number, seed: number, inside = false): FixtureEvent[] {
  const drawn = fc.sample(fc.tuple(fc.constantFrom(...resources), happeningArb(window, unit, inside)), { seed, numRuns: count });
  return drawn.map(([resource, h]) => eventOf(resource, h));
}

/** A usage scenario of exactly `events` events over `resources` resources, drawn with a fixed seed (see sampleEvents). */
export function sampleScenario(windows: fc.Arbitrary<ResolvedWindow>, resources: number, events: number, seed: number, inside = false): UsageScenario {
  const [setting] = fc.sample(fc.tuple(windows, resourcesArb(resources, resources)), { seed, numRuns: 1 });
  if (!setting) throw new Error('fast-check drew no window');
  const [resolved, drawnResources] = setting;
  return { ...resolved, resources: drawnResources, events: sampleEvents(drawnResources, resolved.window, resolved.resolution.bucket, events, seed, inside) };
}
