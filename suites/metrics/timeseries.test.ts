// Sections 2.7 and 4.1: one timeseries point per resolution bucket, and how the
// resolution is chosen (omitted: from the window length; explicit: capped).
// Windows start on a bucket boundary of their resolution, where every reasonable
// bucket alignment agrees; a point's bucket is the one its timestamp starts.
import fc from 'fast-check';
import {
  alignedWindowArb,
  autoLengthBounds,
  autoResolutionsFor,
  bucketStartArb,
  commonBucketStartArb,
  hoursWindowArb,
  resolvedWindowArb,
  unknownResolutionArb,
  usageScenarioArb,
  type Window,
} from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import type { ResolutionChoice } from '../../spec/profile.ts';
import { bucketsOf, rfc3339, SECOND_MS, type BucketUnit } from '../../generators/calendar.ts';
import { describe, expectPage, getMetrics, pointTime, withFixtures, type Entry } from './client.ts';
import { amountMessage, closeTo } from './compare.ts';
import { entryKey, fixtureDimensions, groupLabel, usd, type ExpectedGroup } from './oracle.ts';
import { eachAnswer, type Answer, type MetricsCase } from './scenario.ts';
import { expectRefused } from '../support/error-body.ts';


/** Scenarios with an explicit resolution, so that the buckets do not depend on the choice checked by metrics.resolution.auto. */
function explicitScenarios(t: Check) {
  const windows = resolvedWindowArb(t.config.profile).filter((r) => r.explicit);
  return usageScenarioArb(windows, { resources: [1, 6], events: [0, 25] });
}

/** The two rules of the entries' timeseries read the same rounds of cases, set once (scenario.ts eachAnswer). */
const TIMESERIES_ROUNDS = 'metrics.timeseries-rounds';

/** Runs `body` on every entry of the answers of generated explicit-resolution cases, with its expected group. */
async function eachEntry(t: Check, body: (entry: Entry, group: ExpectedGroup | undefined, answer: Answer, label: string) => void): Promise<void> {
  const onEntries = (answer: Answer, c: MetricsCase) => {
    for (const entry of answer.entries) body(entry, answer.expected.groups.get(entryKey(entry, c.groupBy)), answer, groupLabel(entry, c.groupBy));
  };
  await eachAnswer(t, explicitScenarios(t), { dimensions: fixtureDimensions(t.config.profile), groupBy: [0, 2] }, onEntries, { shared: true });
}

const timeseriesEveryBucket = rule('metrics.timeseries.every-bucket', { ...withFixtures, existing: true, shares: TIMESERIES_ROUNDS }, async (t: Check) => {
  await eachEntry(t, (entry, group, { query, expected }, label) => {
    const where = `${query}: the timeseries of the entry ${label}`;
    const times = entry.timeseries.map(pointTime);
    const expectedTimes = new Set(expected.bucketStarts);
    const stray = entry.timeseries.find((_, i) => !expectedTimes.has(times[i]!));
    t.assert(!stray, `${where} has a point at ${stray?.timestamp}, which starts no bucket of the window`);
    const missing = expected.bucketStarts.filter((s) => !times.includes(s));
    t.assert(missing.length === 0, `${where} must have one point per bucket (${expected.bucketStarts.length}); no point for ${missing.slice(0, 3).map(rfc3339).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`);
    t.assert(times.length === expected.bucketStarts.length, `${where} must have one point per bucket: ${expected.bucketStarts.length} points, got ${times.length}`);
    entry.timeseries.forEach((point, i) => {
      if ((group?.buckets[expected.bucketStarts.indexOf(times[i]!)]?.events ?? 0) > 0) return;
      const idle = `${where}: the bucket ${point.timestamp} has no activity, so its`;
      t.assert(closeTo(point.cost, 0), amountMessage(`${idle} cost`, 0, point.cost));
      t.assert(point.usage === undefined || closeTo(point.usage, 0), amountMessage(`${idle} usage`, 0, point.usage));
    });
  });
});

const timeseriesBucketCost = rule('metrics.timeseries.bucket-cost', { ...withFixtures, existing: true, shares: TIMESERIES_ROUNDS }, async (t: Check) => {
  await eachEntry(t, (entry, group, { query, expected }, label) => {
    let sum = 0;
    for (const point of entry.timeseries) {
      sum += point.cost;
      const index = expected.bucketStarts.indexOf(pointTime(point));
      if (index < 0) continue; // not a bucket start: metrics.timeseries.every-bucket reports it
      const cost = usd(group?.buckets[index]!.costMicros ?? 0);
      const what = `${query}: cost of the point ${point.timestamp} of the entry ${label}, whose bucket holds ${group?.buckets[index]!.events ?? 0} events,`;
      t.assert(closeTo(point.cost, cost), amountMessage(what, cost, point.cost));
    }
    t.assert(closeTo(sum, entry.summary.cost), amountMessage(`${query}: the sum of the points of the entry ${label}`, entry.summary.cost, sum));
  });
});

/**
 * Windows for which an omitted resolution must be `resolution`: aligned ones, the shortest
 * length past the class boundary, and (after the first) the boundary itself, as long as
 * the finer resolution `finer`'s maximum, where either may serve: it starts a bucket of
 * both, so that both readings' buckets are known.
 */
function autoWindowsArb(resolution: ResolutionChoice, finer: ResolutionChoice | undefined, bounds: { min: number; max: number | null }): fc.Arbitrary<Window>[] {
  const aligned = alignedWindowArb(resolution.bucket, bounds);
  if (!finer) return aligned ? [aligned] : [];
  // The windows may end inside a bucket: starting on one, every alignment still yields the same bucket starts.
  const ofLength = (seconds: number, start: fc.Arbitrary<number>) => start.map((s) => ({ start: s, end: s + seconds * SECOND_MS }));
  const justPast = ofLength(bounds.min, bucketStartArb(resolution.bucket));
  const boundary = ofLength(bounds.min - 1, commonBucketStartArb([resolution.bucket, finer.bucket]));
  return [aligned, justPast, boundary].filter((a): a is fc.Arbitrary<Window> => a !== undefined);
}

const resolutionAuto = rule('metrics.resolution.auto', { ...withFixtures, existing: true }, async (t: Check) => {
  const { profile } = t.config;
  const choices = profile.resolutions.flatMap((resolution, index) => {
    const bounds = autoLengthBounds(profile, index);
    if (!bounds) return [];
    const finer = profile.resolutions.find((r) => r.maxWindowSeconds === bounds.min - 1);
    return autoWindowsArb(resolution, index > 0 ? finer : undefined, bounds).map((w) => w.map((window) => ({ window, resolution, explicit: false })));
  });
  const scenarios = usageScenarioArb(fc.oneof(...choices), { resources: [1, 3], events: [1, 5], inside: true });
  const onAnswer = ({ query, pages, entries, expected: { total } }: Answer, c: MetricsCase) => {
    const { window } = c.scenario;
    const length = (window.end - window.start) / SECOND_MS;
    // A window as long as a finer resolution's maximum is "under" neither reading: that one or the profile's choice.
    const accepted = autoResolutionsFor(profile, length);
    const names = accepted.map((r) => `"${r.name}"`).join(' or ');
    const why = `the window lasts ${length} s, so the profile chooses ${names}`;
    const echoed = pages[0]!.resolution;
    t.assert(echoed === undefined || accepted.some((r) => r.name === echoed), `${query} without resolution: ${why}; the answer says resolution ${JSON.stringify(echoed)}`);
    // Generated windows always hold events; a part of existing usage may hold none that shows.
    if (total.events > 0) t.assert(entries.length > 0, `${query}: the window has events, so the answer must have an entry whose timeseries shows the resolution; got none`);
    const expectations = accepted.map((r) => bucketsOf(window.start, window.end, r.bucket));
    for (const entry of entries) {
      const times = entry.timeseries.map(pointTime);
      const same = expectations.some((expected) => times.length === expected.length && expected.every((s) => times.includes(s)));
      const shown = (starts: string[]) => `${starts.slice(0, 3).join(', ')}${starts.length > 3 ? '…' : ''}`;
      const expected = expectations[0]!;
      t.assert(same, `${query} without resolution: ${why}, whose ${expected.length} buckets start at ${shown(expected.map(rfc3339))}; the ${times.length} points start at ${shown(entry.timeseries.map((p) => p.timestamp))}`);
    }
  };
  await eachAnswer(t, scenarios, { dimensions: [], groupBy: [0, 0] }, onAnswer, { resolution: 'auto' });
});

/**
 * A rough length of one bucket: a window past a cap is past it by one at least, so that
 * it is past however the target measures a window (to the second, in whole hours or days).
 */
const BUCKET_SECONDS: Record<BucketUnit, number> = { hour: 3600, day: 86_400, week: 7 * 86_400, month: 31 * 86_400 };

const resolutionExplicitCap = rule('metrics.resolution.explicit-cap', { needs: ['accountId'] }, async (t: Check) => {
  const cases = t.config.profile.resolutions.flatMap((resolution) => {
    const max = resolution.maxWindowSeconds;
    const start = bucketStartArb(resolution.bucket);
    const lengthOf = (seconds: fc.Arbitrary<number>) => fc.tuple(start, seconds).map(([s, length]) => ({ resolution, window: { start: s, end: s + length * SECOND_MS } }));
    if (max === null) return [lengthOf(fc.integer({ min: 1, max: 5 * 366 * 86_400 }))];
    const within = alignedWindowArb(resolution.bucket, { min: 1, max });
    return [
      lengthOf(fc.constant(max)),
      lengthOf(fc.oneof(fc.constant(BUCKET_SECONDS[resolution.bucket]), fc.integer({ min: BUCKET_SECONDS[resolution.bucket], max: Math.max(max, BUCKET_SECONDS[resolution.bucket]) })).map((d) => max + d)),
      ...(within ? [within.map((window) => ({ resolution, window }))] : []),
    ];
  });
  await t.property(fc.oneof(...cases), async ({ resolution, window }) => {
    const request = { window, resolution: resolution.name };
    const length = (window.end - window.start) / SECOND_MS;
    const max = resolution.maxWindowSeconds;
    const res = await getMetrics(t, request);
    if (max === null || length <= max) expectPage(t, res, `${describe(request)}, a window of ${length} s within the ${max ?? 'unbounded'} s of ${resolution.name},`);
    else expectRefused(t, res, `${describe(request)}, a window of ${length} s above the ${max} s of ${resolution.name},`, { status: 400 });
  });
});

const resolutionUnknownRejected = rule('metrics.resolution.unknown-rejected', { needs: ['accountId'] }, async (t: Check) => {
  const known = new Set(t.config.profile.resolutions.map((r) => r.name));
  await t.property(fc.record({ window: hoursWindowArb, resolution: unknownResolutionArb(known) }), async (request) => {
    const res = await getMetrics(t, request);
    expectRefused(t, res, `${describe(request)}, a resolution that is not one of ${[...known].join(', ')},`);
  });
});

export const checks = [timeseriesEveryBucket, timeseriesBucketCost, resolutionAuto, resolutionExplicitCap, resolutionUnknownRejected];
