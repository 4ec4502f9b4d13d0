// UTC calendar buckets of the metrics resolutions: hour, day, week (ISO, from Monday;
// from Sunday under the variant weeks-start-sunday) and month; or, under the variant
// buckets-from-window-start, hours, days and weeks counted from the window's start. A
// bucket is named by its start instant (epoch ms).
import type { ResolutionChoice } from '../../../spec/profile.ts';

export type BucketUnit = ResolutionChoice['bucket'];

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Where buckets of a fixed length start: on the calendar, weeks from Monday or from Sunday; or at the window's start, each the length after the one before. */
export type BucketOrigin = 'monday' | 'sunday' | 'window';
/** 1970-01-05 was a Monday and 1970-01-04 a Sunday: weeks are counted from them. */
const WEEK_ORIGIN_MS: Record<Exclude<BucketOrigin, 'window'>, number> = { monday: 4 * DAY_MS, sunday: 3 * DAY_MS };
const FIXED_MS: Record<Exclude<BucketUnit, 'month'>, number> = { hour: HOUR_MS, day: DAY_MS, week: WEEK_MS };

const floorTo = (ms: number, size: number, origin = 0) => ms - ((((ms - origin) % size) + size) % size);
const monthIndex = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1);

/** The start of the bucket that holds a window's start (months are calendar months whatever the origin). */
function firstBucketStart(windowStart: number, unit: BucketUnit, origin: BucketOrigin): number {
  if (unit === 'month') return monthStart(monthIndex(windowStart));
  if (origin === 'window') return windowStart;
  return floorTo(windowStart, FIXED_MS[unit], unit === 'week' ? WEEK_ORIGIN_MS[origin] : 0);
}

/** Start of every bucket that intersects [start, end), in order. */
export function bucketStarts(start: number, end: number, unit: BucketUnit, origin: BucketOrigin = 'monday'): number[] {
  const starts: number[] = [];
  if (unit === 'month') {
    for (let i = monthIndex(start); monthStart(i) < end; i++) starts.push(monthStart(i));
    return starts;
  }
  for (let s = firstBucketStart(start, unit, origin); s < end; s += FIXED_MS[unit]) starts.push(s);
  return starts;
}

/** Maps an instant of the window to the index of its bucket in `bucketStarts(start, …)`, in O(1). */
export function bucketIndexer(start: number, unit: BucketUnit, origin: BucketOrigin = 'monday'): (ms: number) => number {
  if (unit === 'month') {
    const first = monthIndex(start);
    return (ms) => monthIndex(ms) - first;
  }
  const first = firstBucketStart(start, unit, origin);
  const size = FIXED_MS[unit];
  return (ms) => Math.floor((ms - first) / size);
}
