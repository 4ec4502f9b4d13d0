// Metrics cases set side by side (suites/metrics/scenario.ts apartInTime): each case of a
// group moved back in time so that no other case's events fall in its window, without
// moving any event to another place in its bucket.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { resolvedWindowArb, usageScenarioArb } from '../generators/metrics-fixtures.ts';
import { DAY_MS } from '../generators/calendar.ts';
import { apartInTime, caseArb, eventsTime, metricsCaseTime, type InTime, type MetricsCase } from '../suites/metrics/scenario.ts';
import { inWindow } from '../suites/metrics/oracle.ts';
import { defaultProfile } from '../spec/profile.ts';

const scenarios = usageScenarioArb(resolvedWindowArb(defaultProfile), { resources: [1, 6], events: [0, 20] });
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
        const groups = apartInTime(tagged, metricsCaseTime());
        expect(groups.flat().map((c) => c.tag).sort((a, b) => a - b)).toEqual(tagged.map((c) => c.tag));
        for (const group of groups) {
          for (const [i, a] of group.entries()) for (const b of group.slice(i + 1)) expect(eventsMeet(a.scenario, b.scenario)).toBe(false);
        }
        for (const moved of groups.flat()) {
          const c = tagged[moved.tag]!;
          const unit = c.scenario.resolution.bucket;
          const by = c.scenario.window.start - moved.scenario.window.start;
          expect(by).toBeGreaterThanOrEqual(0);
          expect(by % (unit === 'month' ? 1461 * DAY_MS : 7 * DAY_MS)).toBe(0);
          if (by > 0) expect(moved.scenario.window.start).toBeGreaterThanOrEqual(Date.UTC(2000, 0, 1));
          const instants = (s: MetricsCase['scenario']) => [s.window.start, s.window.end, ...s.events.map((e) => e.time)].map((ms) => placeInBucket(ms, unit));
          expect(instants(moved.scenario)).toEqual(instants(c.scenario));
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
          expect(by % (7 * DAY_MS)).toBe(0);
          expect([moved.window.end, ...moved.events.map((e) => e.time)]).toEqual([c.window.end - by, ...c.events.map((e) => e.time - by)]);
        }
      }),
      { numRuns: 100 },
    );
  });

  test('the generated windows, which overlap often, mostly fit in one group', () => {
    const [generated] = fc.sample(fc.array(caseArb(scenarios, { dimensions: ['workspace'], groupBy: [0, 1] }), { minLength: 25, maxLength: 25 }), { seed: 1, numRuns: 1 });
    expect(apartInTime(generated!, metricsCaseTime()).length).toBeLessThanOrEqual(3);
  });
});
