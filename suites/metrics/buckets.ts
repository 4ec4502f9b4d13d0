// The buckets of a timeseries, learnt from the answer's own timestamps (section 2.7: "one
// entry per resolution bucket over the whole window"). Where a bucket starts is left open:
// a week may start on Monday (ISO 8601, Postgres date_trunc) or on Sunday (BigQuery
// DATE_TRUNC(WEEK), MySQL WEEK() mode 0), a day or an hour at another offset, and the
// first point may be labelled with its bucket's start or with the window's. What every
// such choice keeps is a relation, and the checks judge by it alone:
//
// - the points, in time order, are distinct date-times;
// - the first point's bucket holds the window start: its timestamp is at or before
//   startTime, and so is the start of its bucket (one unit before the second point);
//   the first timestamp is either that start or startTime itself;
// - each later point starts a bucket one unit after the one before it (an hour, a day, 7
//   days, a calendar month);
// - the last point starts before endTime, and its bucket reaches endTime.
//
// A point then stands for [max(tᵢ, startTime), min(tᵢ₊₁, endTime)): its cost is that of the
// events there.
import { addUnits, rfc3339, type BucketUnit } from '../../generators/calendar.ts';
import type { Window } from '../../generators/metrics-fixtures.ts';

/** The part of the window one point stands for, and its index in the answer's timeseries. */
export interface Span {
  from: number;
  to: number;
  index: number;
}

export type Learnt = { ok: true; spans: Span[] } | { ok: false; problem: string };

const UNIT_WORDS: Record<BucketUnit, string> = { hour: 'an hour', day: 'a day', week: '7 days', month: 'a calendar month' };

const at = (ms: number) => (Number.isFinite(ms) ? rfc3339(ms) : 'no date-time');

/**
 * The spans of the points whose instants are `times` (in the answer's order), if they are
 * the buckets of `unit` over `window` by the relation above; else what breaks it.
 */
export function learnBuckets(times: readonly number[], window: Window, unit: BucketUnit): Learnt {
  const fail = (problem: string): Learnt => ({ ok: false, problem });
  if (times.length === 0) return fail('there is no point');
  const bad = times.findIndex((t) => !Number.isFinite(t));
  if (bad >= 0) return fail(`point ${bad + 1}'s timestamp is no date-time`);
  const order = times.map((t, index) => ({ t, index })).sort((a, b) => a.t - b.t);
  const twice = order.findIndex((p, i) => i > 0 && p.t === order[i - 1]!.t);
  if (twice >= 0) return fail(`two points have the timestamp ${at(order[twice]!.t)}`);
  const first = order[0]!.t;
  if (first > window.start) return fail(`the earliest point, ${at(first)}, is after startTime ${at(window.start)}: no point's bucket holds the window's start`);
  const second = order[1]?.t;
  if (second !== undefined) {
    if (second <= window.start) return fail(`two points, ${at(first)} and ${at(second)}, are at or before startTime ${at(window.start)}: only one bucket holds it`);
    const bucketStart = addUnits(second, unit, -1);
    if (bucketStart > window.start) return fail(`the first two points, ${at(first)} and ${at(second)}, leave [${at(window.start)}, ${at(bucketStart)}) in no bucket of ${UNIT_WORDS[unit]}`);
    if (first !== window.start && first !== bucketStart) return fail(`the first point, ${at(first)}, is neither the start of its bucket (${at(bucketStart)}, ${UNIT_WORDS[unit]} before the next point) nor startTime`);
  }
  for (let i = 2; i < order.length; i++) {
    const expected = addUnits(order[i - 1]!.t, unit, 1);
    if (order[i]!.t !== expected) return fail(`after the point ${at(order[i - 1]!.t)} the next one must start the next bucket, ${UNIT_WORDS[unit]} later (${at(expected)}), got ${at(order[i]!.t)}`);
  }
  const last = order.at(-1)!.t;
  if (last >= window.end) return fail(`the point ${at(last)} is at or after endTime ${at(window.end)}: its bucket is outside the window`);
  // The first bucket, labelled with startTime, may start before it: its end is the second point, or at most a unit after startTime.
  if (addUnits(last, unit, 1) < window.end) return fail(`the last point, ${at(last)}, starts a bucket of ${UNIT_WORDS[unit]} that ends before endTime ${at(window.end)}: the window's end is in no bucket`);
  const spans = order.map(({ t, index }, i) => ({ from: Math.max(t, window.start), to: order[i + 1]?.t ?? window.end, index }));
  return { ok: true, spans };
}

/** learnBuckets with the first of `units` the points follow; when none, the problem of each. */
export function learnBucketsOfAny(times: readonly number[], window: Window, units: readonly BucketUnit[]): Learnt {
  const tries = units.map((unit) => ({ unit, learnt: learnBuckets(times, window, unit) }));
  const ok = tries.find(({ learnt }) => learnt.ok);
  if (ok) return ok.learnt;
  return { ok: false, problem: tries.map(({ unit, learnt }) => `as buckets of ${UNIT_WORDS[unit]}: ${learnt.ok ? '' : learnt.problem}`).join('; ') };
}
