// CONTRACT 1.3 for the metrics. On existing data the account's usage in a window in the
// past (it ends at the start of the day before the current UTC day: no new event lands in
// it, and usage that reaches a store a few hours late has reached it) is read back from the target's own complete answer: every
// combination of resource_uuid and billing_dimension (grouping by resource_uuid also
// fills workspace, resourceName and resourceType: section 2.7), walked page by page,
// bucket by bucket. Each non-empty bucket of each combination stands for the events of
// the set-data oracle (oracle.ts): one event at the bucket's start, with its cost and
// usage. Every other query over that window (another grouping, filters, another limit,
// pages, the resolution chosen for its length) then has an expected answer computed by
// the same oracle, whatever the data. The amounts read back are the target's, perhaps
// rounded: they are compared in the unit they are all whole multiples of (learnedUnit, at
// most the suite's, compare.ts), each bucket read back of each combination counting as one
// amount the target rounded (ReadBack; one read back as 0 may hide less than a unit).
import { autoResolutionsFor, thresholdBand, type FixtureEvent, type ReadBack, type Resource, type UsageScenario, type Window } from '../../generators/metrics-fixtures.ts';
import { bucketsOf, DAY_MS, SECOND_MS, type BucketUnit } from '../../generators/calendar.ts';
import type { Check } from '../../harness/check.ts';
import type { ResolutionChoice } from '../../spec/profile.ts';
import fc from 'fast-check';
import { sameJson } from '../support/existing-data.ts';
import type { Source } from '../../harness/readings.ts';
import { overRounds } from '../support/rounds.ts';
import { describe, expectPage, getMetrics, pointTime, walkEachPage, type MetricsRequest } from './client.ts';
import { DIMENSION_FIELDS, type Dimension, type GroupField } from './oracle.ts';
import { COST_UNIT, USAGE_UNIT } from './compare.ts';
import { METRICS_MAX_LIMIT } from '../../spec/facts.ts';

/** The grouping whose entries name every dimension: the finest answer the endpoint gives. */
export const FINEST: Dimension[] = ['resource_uuid', 'billing_dimension'];

/**
 * The windows tried, shortest first, each ending at the start of the current UTC day:
 * the first whose finest grouping fills more than a page is taken (the limit rules then
 * reach their bound), else the longest with any usage.
 */
const WINDOWS: Array<{ days: number; bucket: BucketUnit }> = [
  { days: 1, bucket: 'hour' },
  { days: 7, bucket: 'hour' },
  { days: 30, bucket: 'day' },
];

/** More pages than this in the finest grouping is more usage than a check reads. */
export const MAX_PAGES = 500;

/** How long before the start of the current UTC day the windows end: usage may reach a store hours after it happened. */
const SETTLED_MS = DAY_MS;

/** The windows of WINDOWS the profile's explicit resolutions allow, each with its resolution. */
function candidates(t: Check, end: number): Array<{ window: Window; resolution: ResolutionChoice }> {
  return WINDOWS.flatMap(({ days, bucket }) => {
    const resolution = t.config.profile.resolutions.find((r) => r.bucket === bucket);
    const fits = resolution && (resolution.maxWindowSeconds === null || days * 86_400 <= resolution.maxWindowSeconds);
    return fits ? [{ window: { start: end - days * DAY_MS, end }, resolution }] : [];
  });
}

/**
 * A window in the past where the account has usage, and the query of `groupBy` over it
 * (explicit resolution, the largest limit); skips when the account has none.
 */
export async function pastUsage(t: Check, groupBy: Dimension[]): Promise<{ window: Window; resolution: ResolutionChoice; request: MetricsRequest }> {
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS - SETTLED_MS;
  let chosen: { window: Window; resolution: ResolutionChoice; request: MetricsRequest } | undefined;
  for (const candidate of candidates(t, end)) {
    const request: MetricsRequest = { window: candidate.window, groupBy, resolution: candidate.resolution.name, limit: METRICS_MAX_LIMIT };
    const first = expectPage(t, await getMetrics(t, request), describe(request));
    if (first.data.length === 0) continue;
    chosen = { ...candidate, request };
    if (first.meta.hasMore) break;
  }
  const longest = WINDOWS.at(-1)!.days;
  return chosen ?? t.skip(`the account has no usage in the ${longest} days before yesterday (UTC): the metrics checks on existing data need some, or --control-url`);
}

/** The account's usage in a window in the past, as the oracle's events; skips when the account has none. */
async function existingUsage(t: Check): Promise<UsageScenario> {
  const { window, resolution, request } = await pastUsage(t, FINEST);
  const events: FixtureEvent[] = [];
  const resources = new Map<string, Resource>();
  const combos: ReadBack['combos'] = [];
  /** Every amount read back: the units they are whole multiples of are the target's (learnedUnit). */
  const costs: number[] = [];
  const usages: number[] = [];
  /** Combinations whose usage (entry summary) no point gives: only the whole window's is known. */
  const usageOfWindow: Array<{ usageMilli: number; event: FixtureEvent | undefined }> = [];
  await walkEachPage(t, request, MAX_PAGES, (page) => {
    costs.push(page.summary.totalCost);
    if (typeof page.summary.totalUsage === 'number') usages.push(page.summary.totalUsage);
    for (const entry of page.data) {
      const named = Object.fromEntries(Object.values(DIMENSION_FIELDS).map((field) => [field, entry[field]]));
      if (!Object.values(named).every((value) => typeof value === 'string'))
        t.skip(`${describe(request)}: an entry does not name every dimension (${Object.values(DIMENSION_FIELDS).join(', ')}), so the usage cannot be read back from it`);
      const of = named as Record<GroupField, string>;
      combos.push(of);
      resources.set(of.resourceUuid, { uuid: of.resourceUuid, name: of.resourceName, type: of.resourceType, workspace: of.workspace });
      costs.push(entry.summary.cost, ...entry.timeseries.map((p) => p.cost));
      usages.push(...[entry.summary.usage, ...entry.timeseries.map((p) => p.usage)].filter((u): u is number => typeof u === 'number'));
      const busy = entry.timeseries.filter((p) => p.cost !== 0 || (p.usage ?? 0) !== 0);
      const first = events.length;
      // Amounts as the target states them, in the oracle's units (not rounded: they are the target's own sums);
      // each at its bucket's start, or at the window's where the first bucket starts before it (buckets.ts).
      for (const point of busy) events.push({ ...of, time: Math.max(pointTime(point), window.start), costMicros: point.cost * 1e6, usageMilli: (point.usage ?? 0) * 1000 });
      const pointsWithUsage = entry.timeseries.some((p) => p.usage !== undefined);
      if (entry.summary.usage && !pointsWithUsage) usageOfWindow.push({ usageMilli: entry.summary.usage * 1000, event: events[first] });
      // A combination whose every bucket is zero has events of no cost somewhere in the window, no
      // bucket says where: an event just before the window makes it one the oracle lets an answer
      // show with cost 0, or not (a dormant group), in the window and in every part of it.
      if (busy.length === 0) events.push({ ...of, time: window.start - 1, costMicros: 0, usageMilli: 0 });
    }
  });
  const readBack: ReadBack = {
    cellStarts: bucketsOf(window.start, window.end, resolution.bucket),
    end: window.end,
    combos,
    units: { cost: learnedUnit(costs, COST_UNIT), usage: learnedUnit(usages, USAGE_UNIT) },
  };
  const scenario: UsageScenario = { window, resolution, explicit: true, resources: [...resources.values()], events, readBack };
  if (usageOfWindow.length === 0) return scenario;
  for (const { usageMilli, event } of usageOfWindow) if (event) event.usageMilli = usageMilli;
  return { ...scenario, usageKnownOver: usageOfWindow.every(({ event }) => event) ? window : null };
}

/** The smallest unit the suite learns: amounts in finer ones are compared as float sums (compare.ts). */
const FINEST_UNIT = 1e-6;

/**
 * The coarsest power of ten, at most `coarsest`, that every amount of `amounts` is a whole
 * multiple of (a float sum's last bits aside): the unit the target answers in, as far as
 * its answers show; 0 when they are finer than FINEST_UNIT.
 */
export function learnedUnit(amounts: readonly number[], coarsest: number): number {
  const whole = (amount: number, unit: number) => Math.abs(amount / unit - Math.round(amount / unit)) <= 1e-6;
  for (let unit = coarsest; unit >= FINEST_UNIT * 0.999; unit /= 10) {
    // A power of ten without the float error of the divisions.
    const exact = Number(unit.toPrecision(1));
    if (amounts.every((amount) => whole(amount, exact))) return exact;
  }
  return 0;
}

/** Whether the usage of `scenario`'s window is known (UsageScenario.usageKnownOver); says why not when it is not. */
export function usageKnown(t: Check, scenario: UsageScenario): boolean {
  const over = scenario.usageKnownOver;
  if (over === undefined || (over !== null && over.start === scenario.window.start && over.end === scenario.window.end)) return true;
  t.note(
    over === null
      ? "the target's timeseries points carry no usage and a combination has usage in no bucket with a cost: usage amounts are not compared on this data"
      : `the target's timeseries points carry no usage: usage amounts are compared over the window read back (${new Date(over.start).toISOString()} to ${new Date(over.end).toISOString()}) alone, not over parts of it`,
  );
  return false;
}

/**
 * The account's usage read back (existingUsage): a window in the past holds still, but a
 * target may still be filling it in, so a failure stands only if it reads the same again
 * (harness/readings.ts).
 */
const ACCOUNT_USAGE: Source<UsageScenario> = { what: "the account's usage", read: existingUsage, same: sameJson };

/** On existing data, the account's usage read back, to `body`. */
export async function withUsage(t: Check, body: (scenario: UsageScenario) => Promise<void>): Promise<void> {
  await body(await t.existing(ACCOUNT_USAGE));
}

const BUCKET_ORDER: BucketUnit[] = ['hour', 'day', 'week', 'month'];

/**
 * Parts of the usage's window on its buckets' boundaries, the whole window among them:
 * the oracle's answer for each is exact, since every amount read back lies in one bucket.
 */
export function partsOf(scenario: UsageScenario): fc.Arbitrary<UsageScenario> {
  const { window } = scenario;
  const starts = bucketsOf(window.start, window.end, scenario.resolution.bucket);
  const at = (i: number) => starts[i] ?? window.end;
  const part = fc.integer({ min: 0, max: starts.length - 1 }).chain((a) => fc.integer({ min: a + 1, max: starts.length }).map((b) => ({ start: at(a), end: at(b) })));
  return fc.oneof(fc.constant(window), part).map((w) => ({ ...scenario, window: w }));
}

/**
 * Parts of the usage's window as queries without `resolution` take them: the profile's
 * choice for each part's length, among them the lengths around each maximum window
 * (thresholdBand: the maximum and the band's edges, where either neighbour may serve; a
 * bucket read back past the band and short of it, where only one may). Each part starts on
 * a bucket of every resolution its length may choose; only parts whose chosen buckets are
 * no finer than those read back. A part that ends inside a bucket read back leaves that
 * bucket's usage out of its events: what the part holds of it is not known, so the
 * oracle's total is a lower bound (all metrics.resolution.auto reads of it). Undefined
 * when there is none.
 */
export function autoPartsOf(t: Check, scenario: UsageScenario): fc.Arbitrary<UsageScenario> | undefined {
  const { window } = scenario;
  const starts = bucketsOf(window.start, window.end, scenario.resolution.bucket);
  const bucketMs = (starts[1] ?? window.end) - starts[0]!;
  const { profile } = t.config;
  const boundaries = profile.resolutions.flatMap((r) => {
    if (r.maxWindowSeconds === null) return [];
    const band = thresholdBand(r.maxWindowSeconds);
    return [r.maxWindowSeconds * SECOND_MS, band.min * SECOND_MS, band.max * SECOND_MS, band.max * SECOND_MS + bucketMs, band.min * SECOND_MS - bucketMs];
  });
  const partsOfLength = (ms: number) => {
    const accepted = autoResolutionsFor(profile, ms / SECOND_MS);
    const resolution = accepted[0]!;
    const aligned = accepted.map((r) => new Set(bucketsOf(window.start, window.end, r.bucket)));
    const from = BUCKET_ORDER.indexOf(resolution.bucket) >= BUCKET_ORDER.indexOf(scenario.resolution.bucket) ? starts.filter((s) => s + ms <= window.end && aligned.every((a) => a.has(s))) : [];
    return { ms, resolution, from };
  };
  const lengths = [...new Set([window.end - window.start, ...boundaries])].map(partsOfLength).filter(({ from }) => from.length > 0);
  if (lengths.length === 0) return undefined;
  const partial = (w: Window) => (e: FixtureEvent) => e.time >= w.start && e.time < w.end && e.time + bucketMs > w.end;
  return fc
    .constantFrom(...lengths)
    .chain(({ ms, resolution, from }) => fc.constantFrom(...from).map((start) => ({ window: { start, end: start + ms }, resolution })))
    .map(({ window: w, resolution }) => ({ ...scenario, window: w, events: scenario.events.filter((e) => !partial(w)(e)), resolution, explicit: false }));
}

/**
 * A property over rounds of events (support/rounds.ts) on set data; on existing data the
 * account's usage read back is the one round (`fromUsage` makes it one), and the cases
 * vary the queries.
 */
export function overRoundsOrUsage<R, Q>(
  t: Check,
  rounds: fc.Arbitrary<R>,
  queries: fc.Arbitrary<Q> | ((round: R) => fc.Arbitrary<Q>),
  put: (round: R) => Promise<void>,
  check: (round: R, query: Q) => Promise<void>,
  fromUsage: (scenario: UsageScenario) => R,
): Promise<void> {
  if (t.data === 'set') return overRounds(t, rounds, queries, put, check);
  return withUsage(t, (scenario) => {
    const round = fromUsage(scenario);
    return t.property(typeof queries === 'function' ? queries(round) : queries, (query) => check(round, query));
  });
}
