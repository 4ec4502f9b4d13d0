// Metrics cases set side by side (suites/metrics/scenario.ts apartInTime): each case of a
// group moved back in time so that no other case's events fall in its window, without
// moving any event to another place in its bucket, for every unit of bucket the oracle may
// read the case with. Also the relations the metrics checks judge buckets and amounts by
// where the specification leaves them open (suites/metrics/buckets.ts, existing.ts).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  autoResolutionsFor,
  commonBucketStartArb,
  resolvedWindowArb,
  startsBucket,
  unitsReadWith,
  usageScenarioArb,
  type ResolvedWindow,
} from '../generators/metrics-fixtures.ts';
import { addUnits, DAY_MS, HOUR_MS } from '../generators/calendar.ts';
import { apartInTime, caseArb, eventsTime, metricsCaseTime, stepBackMs, type InTime, type MetricsCase } from '../suites/metrics/scenario.ts';
import { inWindow } from '../suites/metrics/oracle.ts';
import { learnBuckets } from '../suites/metrics/buckets.ts';
import { learnedUnit } from '../suites/metrics/existing.ts';
import { defaultProfile } from '../spec/profile.ts';

/**
 * Windows without resolution exactly as long as a resolution's maximum, where the length
 * chooses either neighbour (metrics.resolution.auto draws them), starting on a bucket of both.
 */
const boundaryWindows: fc.Arbitrary<ResolvedWindow> = fc.oneof(
  ...defaultProfile.resolutions.flatMap((finer, i) => {
    const coarser = defaultProfile.resolutions[i + 1];
    if (finer.maxWindowSeconds === null || !coarser) return [];
    const length = finer.maxWindowSeconds * 1000;
    return [commonBucketStartArb([coarser.bucket, finer.bucket]).map((start) => ({ window: { start, end: start + length }, resolution: autoResolutionsFor(defaultProfile, length / 1000)[0]!, explicit: false }))];
  }),
);
const scenarios = usageScenarioArb(fc.oneof({ weight: 3, arbitrary: resolvedWindowArb(defaultProfile) }, { weight: 1, arbitrary: boundaryWindows }), { resources: [1, 6], events: [0, 20] });
const cases = fc.array(caseArb(scenarios, { dimensions: ['workspace', 'resource_type'], groupBy: [0, 2] }), { minLength: 1, maxLength: 30 });

/** Two cases whose events cannot stand side by side: an event of one falls in the window the other asks about. */
const eventsMeet = (a: InTime, b: InTime): boolean => a.events.some((e) => inWindow(e.time, b.window)) || b.events.some((e) => inWindow(e.time, a.window));

/** What a bucket of the case's unit sees of an instant: its place in the week, or for months its date and time of day. */
function placeInBucket(ms: number, unit: string): string {
  const d = new Date(ms);
  return unit === 'month' ? d.toISOString().slice(5) : `${d.getUTCDay()} ${d.toISOString().slice(11)}`;
}

describe('metrics cases apart in time (suites/metrics/scenario.ts)', () => {
  test('every case once; in a group no case has events in another case\'s window; a moved case keeps every instant\'s place in its buckets, after 2000', () => {
    fc.assert(
      fc.property(cases, (generated) => {
        // Each case tagged with its index, which a move keeps (it copies the case).
        const tagged = generated.map((c, tag) => ({ ...c, tag }));
        const groups = apartInTime(tagged, metricsCaseTime(defaultProfile));
        expect(groups.flat().map((c) => c.tag).sort((a, b) => a - b)).toEqual(tagged.map((c) => c.tag));
        for (const group of groups) {
          for (const [i, a] of group.entries()) for (const b of group.slice(i + 1)) expect(eventsMeet(a.scenario, b.scenario)).toBe(false);
        }
        for (const moved of groups.flat()) {
          const c = tagged[moved.tag]!;
          // Every unit the oracle may read the case with: the explicit one, or each an omitted resolution may be.
          const accepted = unitsReadWith(defaultProfile, c.scenario);
          const by = c.scenario.window.start - moved.scenario.window.start;
          expect(by).toBeGreaterThanOrEqual(0);
          expect(by % stepBackMs(accepted)).toBe(0);
          if (by > 0) expect(moved.scenario.window.start).toBeGreaterThanOrEqual(Date.UTC(2000, 0, 1));
          for (const unit of accepted) {
            // The generated window starts a bucket of each, and so does the moved one.
            expect(startsBucket(c.scenario.window.start, unit), `${unit}: ${new Date(c.scenario.window.start).toISOString()}`).toBe(true);
            expect(startsBucket(moved.scenario.window.start, unit), `${unit}: ${new Date(moved.scenario.window.start).toISOString()} moved from ${new Date(c.scenario.window.start).toISOString()}`).toBe(true);
            const instants = (s: MetricsCase['scenario']) => [s.window.start, s.window.end, ...s.events.map((e) => e.time)].map((ms) => placeInBucket(ms, unit));
            expect(instants(moved.scenario)).toEqual(instants(c.scenario));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  test('events in a window (the resource-types enum) move by whole weeks, and stand apart the same way', () => {
    fc.assert(
      fc.property(fc.array(scenarios, { minLength: 1, maxLength: 30 }), (generated) => {
        const tagged = generated.map(({ window, events }, tag) => ({ window, events, tag }));
        const groups = apartInTime(tagged, eventsTime());
        expect(groups.flat().map((c) => c.tag).sort((a, b) => a - b)).toEqual(tagged.map((c) => c.tag));
        for (const group of groups) for (const [i, a] of group.entries()) for (const b of group.slice(i + 1)) expect(eventsMeet(a, b)).toBe(false);
        for (const moved of groups.flat()) {
          const c = tagged[moved.tag]!;
          const by = c.window.start - moved.window.start;
          expect(stepBackMs(['week'])).toBe(7 * DAY_MS);
          expect(by % (7 * DAY_MS)).toBe(0);
          expect([moved.window.end, ...moved.events.map((e) => e.time)]).toEqual([c.window.end - by, ...c.events.map((e) => e.time - by)]);
        }
      }),
      { numRuns: 100 },
    );
  });

  test('the generated windows, which overlap often, mostly fit in one group', () => {
    const [generated] = fc.sample(fc.array(caseArb(scenarios, { dimensions: ['workspace'], groupBy: [0, 1] }), { minLength: 25, maxLength: 25 }), { seed: 1, numRuns: 1 });
    expect(apartInTime(generated!, metricsCaseTime(defaultProfile)).length).toBeLessThanOrEqual(3);
  });
});

describe('the buckets of a timeseries, learnt from its timestamps (suites/metrics/buckets.ts)', () => {
  const monday = Date.UTC(2018, 0, 1);
  const sunday = monday - DAY_MS;
  const weeks = (first: number, n: number) => Array.from({ length: n }, (_, i) => addUnits(first, 'week', i));

  test('weeks from Monday or from Sunday, the first labelled with its own start or the window\'s: each point stands for its part of the window', () => {
    const window = { start: monday, end: addUnits(monday, 'week', 3) };
    expect(learnBuckets(weeks(monday, 3), window, 'week')).toEqual({ ok: true, spans: [0, 1, 2].map((i) => ({ from: monday + 7 * i * DAY_MS, to: monday + 7 * (i + 1) * DAY_MS, index: i })) });
    const fromSunday = learnBuckets(weeks(sunday, 4), window, 'week');
    expect(fromSunday.ok && fromSunday.spans.map((s) => [s.from, s.to])).toEqual([
      [monday, sunday + 7 * DAY_MS],
      [sunday + 7 * DAY_MS, sunday + 14 * DAY_MS],
      [sunday + 14 * DAY_MS, sunday + 21 * DAY_MS],
      [sunday + 21 * DAY_MS, window.end],
    ]);
    expect(learnBuckets([monday, ...weeks(sunday, 4).slice(1)], window, 'week').ok).toBe(true);
    // In any order.
    expect(learnBuckets(weeks(sunday, 4).reverse(), window, 'week').ok).toBe(true);
  });

  test('a point missing, one too many, a bucket of another length, a label after the start, or a last bucket short of the end: refused', () => {
    const window = { start: monday, end: addUnits(monday, 'week', 3) };
    expect(learnBuckets([monday, monday + 14 * DAY_MS], window, 'week').ok).toBe(false);
    expect(learnBuckets(weeks(monday, 4), window, 'week').ok).toBe(false);
    expect(learnBuckets(weeks(monday, 3), window, 'day').ok).toBe(false);
    expect(learnBuckets(weeks(monday + HOUR_MS, 3), window, 'week').ok).toBe(false);
    expect(learnBuckets(weeks(monday, 2), window, 'week').ok).toBe(false);
    expect(learnBuckets([monday, monday, monday + 7 * DAY_MS, monday + 14 * DAY_MS], window, 'week').ok).toBe(false);
    expect(learnBuckets([Number.NaN], window, 'week').ok).toBe(false);
    expect(learnBuckets([], window, 'week').ok).toBe(false);
    // A first label that is neither its bucket's start nor the window's.
    expect(learnBuckets([sunday - DAY_MS, ...weeks(sunday, 4).slice(1)], window, 'week').ok).toBe(false);
  });

  test('months of calendar length, and a one-point window', () => {
    const start = Date.UTC(2020, 0, 1);
    const months = Array.from({ length: 3 }, (_, i) => addUnits(start, 'month', i));
    expect(learnBuckets(months, { start, end: addUnits(start, 'month', 3) }, 'month').ok).toBe(true);
    expect(learnBuckets(months.map((m) => m + 30 * DAY_MS), { start, end: addUnits(start, 'month', 3) }, 'month').ok).toBe(false);
    expect(learnBuckets([start], { start, end: start + HOUR_MS }, 'day').ok).toBe(true);
    expect(learnBuckets([start], { start, end: start + 2 * DAY_MS }, 'day').ok).toBe(false);
  });
});

describe('the unit amounts read back are whole multiples of (suites/metrics/existing.ts learnedUnit)', () => {
  test('the coarsest power of ten up to the cap, float sums aside; 0 when finer than a millionth', () => {
    expect(learnedUnit([0.1 + 0.2, 12.5, 0], 0.01)).toBe(0.01);
    expect(learnedUnit([0.0123, 1.2], 0.01)).toBe(0.0001);
    expect(learnedUnit([3, 40], 1)).toBe(1);
    expect(learnedUnit([3.5, 40], 1)).toBe(0.1);
    expect(learnedUnit([1 / 3], 0.01)).toBe(0);
    expect(learnedUnit([], 0.01)).toBe(0.01);
  });
});
