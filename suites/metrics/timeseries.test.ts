// Sections 2.7 and 4.1: one timeseries point per resolution bucket, and how the
// resolution is chosen (omitted: from the window length; explicit: capped).
// Where buckets start (the day a week starts on, the label of a first bucket that starts
// before the window) is left open: the buckets are learnt from each answer's timestamps
// (buckets.ts), and each point holds the events of its part of the window.
import fc from 'fast-check';
import {
  alignedWindowArb,
  autoLengthBounds,
  autoResolutionsFor,
  bucketStartArb,
  commonBucketStartArb,
  hoursWindowArb,
  resolvedWindowArb,
  thresholdBand,
  unknownResolutionArb,
  usageScenarioArb,
  type ResolvedWindow,
  type Window,
} from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import type { Profile } from '../../spec/profile.ts';
import { bucketsOf, rfc3339, SECOND_MS, type BucketUnit } from '../../generators/calendar.ts';
import { describe, expectPage, getMetrics, pointTime, withFixtures, type Entry } from './client.ts';
import { amountMessage, closeTo } from './compare.ts';
import { amountsIn, entryKey, fixtureDimensions, groupLabel, usd } from './oracle.ts';
import { learnBuckets, learnBucketsOfAny, type Learnt } from './buckets.ts';
import { eachAnswer, type Answer, type MetricsCase } from './scenario.ts';
import { expectRefused } from '../support/error-body.ts';


/** Scenarios with an explicit resolution, so that the buckets do not depend on the choice checked by metrics.resolution.auto. */
function explicitScenarios(t: Check) {
  const windows = resolvedWindowArb(t.config.profile).filter((r) => r.explicit);
  return usageScenarioArb(windows, { resources: [1, 6], events: [0, 25] });
}

/** The two rules of the entries' timeseries read the same rounds of cases, set once (scenario.ts eachAnswer). */
const TIMESERIES_ROUNDS = 'metrics.timeseries-rounds';

/** Runs `body` on every entry of the answers of generated explicit-resolution cases, with its key and the answer's buckets (buckets.ts). */
async function eachEntry(t: Check, body: (entry: Entry, key: string, learnt: Learnt, answer: Answer, label: string) => void): Promise<void> {
  const onEntries = (answer: Answer, c: MetricsCase) => {
    for (const entry of answer.entries) {
      const learnt = learnBuckets(entry.timeseries.map(pointTime), c.scenario.window, c.scenario.resolution.bucket);
      body(entry, entryKey(entry, c.groupBy), learnt, answer, groupLabel(entry, c.groupBy));
    }
  };
  await eachAnswer(t, explicitScenarios(t), { dimensions: fixtureDimensions(t.config.profile), groupBy: [0, 2] }, onEntries, { shared: true });
}

const timeseriesEveryBucket = rule('metrics.timeseries.every-bucket', { ...withFixtures, existing: true, shares: TIMESERIES_ROUNDS }, async (t: Check) => {
  await eachEntry(t, (entry, key, learnt, { query, expected }, label) => {
    const where = `${query}: the timeseries of the entry ${label}`;
    const starts = expected.bucketStarts;
    const shown = (times: string[]) => `${times.slice(0, 3).join(', ')}${times.length > 3 ? ` … (${times.length})` : ''}`;
    if (!learnt.ok)
      t.fail(
        `${where} must have one point per bucket of the resolution over the whole window, wherever its buckets start: ${learnt.problem}; the points are at ${shown(entry.timeseries.map((p) => p.timestamp))} (the buckets from the window's start: ${shown(starts.map(rfc3339))})`,
      );
    const group = expected.groups.get(key);
    for (const span of learnt.spans) {
      if (amountsIn(group, span.from, span.to).events > 0) continue;
      const point = entry.timeseries[span.index]!;
      const rounding = { roundings: expected.terms(key, span.from, span.to) + 1, unit: expected.units.cost };
      const idle = `${where}: the bucket ${point.timestamp} has no activity, so its`;
      t.assert(closeTo(point.cost, 0, rounding), amountMessage(`${idle} cost`, 0, point.cost, rounding));
      const usageRounding = { ...rounding, unit: expected.units.usage };
      t.assert(point.usage === undefined || closeTo(point.usage, 0, usageRounding), amountMessage(`${idle} usage`, 0, point.usage, usageRounding));
    }
  });
});

const timeseriesBucketCost = rule('metrics.timeseries.bucket-cost', { ...withFixtures, existing: true, shares: TIMESERIES_ROUNDS }, async (t: Check) => {
  await eachEntry(t, (entry, key, learnt, { query, expected }, label) => {
    const unit = expected.units.cost;
    const group = expected.groups.get(key);
    let nonEmpty = 0;
    // Buckets that are not those of the resolution are metrics.timeseries.every-bucket's to report: only the sum is read then.
    for (const span of learnt.ok ? learnt.spans : []) {
      const point = entry.timeseries[span.index]!;
      const terms = expected.terms(key, span.from, span.to);
      if (terms > 0) nonEmpty += 1;
      const bucket = amountsIn(group, span.from, span.to);
      const cost = usd(bucket.costMicros);
      const rounding = { roundings: terms + 1, unit };
      const what = `${query}: cost of the point ${point.timestamp} of the entry ${label}, whose bucket [${rfc3339(span.from)}, ${rfc3339(span.to)}) holds ${bucket.events} events,`;
      t.assert(closeTo(point.cost, cost, rounding), amountMessage(what, cost, point.cost, rounding));
    }
    const sum = entry.timeseries.reduce((total, point) => total + point.cost, 0);
    // The summary sums the events (each of which the target may round) or the points (each bucket with any), and is rounded itself.
    const terms = expected.terms(key);
    const rounding = { roundings: terms + (learnt.ok ? nonEmpty : Math.min(terms, entry.timeseries.length)) + 1, unit };
    t.assert(closeTo(sum, entry.summary.cost, rounding), amountMessage(`${query}: the sum of the points of the entry ${label}`, entry.summary.cost, sum, rounding));
  });
});

/**
 * Windows without resolution: for each resolution, aligned windows whose length only it
 * may serve (autoLengthBounds), and the shortest length past the band of the finer
 * resolution's maximum; for each maximum, windows in its band (thresholdBand: its edges, the
 * maximum and a second either side), where either neighbour may serve, starting on a bucket
 * of both.
 */
function autoWindowsArb(profile: Profile): fc.Arbitrary<ResolvedWindow>[] {
  const ofLength = (seconds: number, start: fc.Arbitrary<number>) => start.map((s) => ({ start: s, end: s + seconds * SECOND_MS }));
  const asOmitted = (window: Window): ResolvedWindow => ({ window, resolution: autoResolutionsFor(profile, (window.end - window.start) / SECOND_MS)[0]!, explicit: false });
  return profile.resolutions.flatMap((resolution, index) => {
    const windows: fc.Arbitrary<Window>[] = [];
    const bounds = autoLengthBounds(profile, index);
    const aligned = bounds && alignedWindowArb(resolution.bucket, bounds);
    if (aligned) windows.push(aligned);
    // The windows may end inside a bucket: starting on one, every alignment still yields the same bucket starts.
    if (bounds && index > 0) windows.push(ofLength(bounds.min, bucketStartArb(resolution.bucket)));
    const max = resolution.maxWindowSeconds;
    if (max !== null) {
      const band = thresholdBand(max);
      const coarser = autoResolutionsFor(profile, max)[0]!;
      const starts = commonBucketStartArb([coarser.bucket, resolution.bucket]);
      windows.push(fc.constantFrom(band.min, max - 1, max, max + 1, band.max).chain((seconds) => ofLength(seconds, starts)));
    }
    return windows.map((w) => w.map(asOmitted));
  });
}

const resolutionAuto = rule('metrics.resolution.auto', { ...withFixtures, existing: true }, async (t: Check) => {
  const { profile } = t.config;
  const choices = autoWindowsArb(profile);
  const scenarios = usageScenarioArb(fc.oneof(...choices), { resources: [1, 3], events: [1, 5], inside: true });
  const onAnswer = ({ query, pages, entries, expected: { total } }: Answer, c: MetricsCase) => {
    const { window } = c.scenario;
    const length = (window.end - window.start) / SECOND_MS;
    // A window about as long as a resolution's maximum (thresholdBand) may be either neighbour.
    const accepted = autoResolutionsFor(profile, length);
    const names = accepted.map((r) => `"${r.name}"`).join(' or ');
    const why = `the window lasts ${length} s, so the profile chooses ${names}`;
    const echoed = pages[0]!.resolution;
    t.assert(echoed === undefined || accepted.some((r) => r.name === echoed), `${query} without resolution: ${why}; the answer says resolution ${JSON.stringify(echoed)}`);
    // Generated windows always hold events; a part of existing usage may hold none that shows.
    if (total.events > 0) t.assert(entries.length > 0, `${query}: the window has events, so the answer must have an entry whose timeseries shows the resolution; got none`);
    // The points must be the buckets of one of them, wherever its buckets start (buckets.ts).
    for (const entry of entries) {
      const learnt = learnBucketsOfAny(entry.timeseries.map(pointTime), window, accepted.map((r) => r.bucket));
      if (learnt.ok) continue;
      const expected = bucketsOf(window.start, window.end, accepted[0]!.bucket);
      const shown = (starts: string[]) => `${starts.slice(0, 3).join(', ')}${starts.length > 3 ? '…' : ''}`;
      t.fail(
        `${query} without resolution: ${why}, whose ${expected.length} buckets start at ${shown(expected.map(rfc3339))} (or where the target's buckets of that length start); the ${entry.timeseries.length} points start at ${shown(entry.timeseries.map((p) => p.timestamp))}: ${learnt.problem}`,
      );
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
