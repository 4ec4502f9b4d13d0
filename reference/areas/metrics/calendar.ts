// UTC calendar buckets of the metrics resolutions: hour, day, week (ISO, from Monday;
// from Sunday under the variant weeks-start-sunday) and month. A bucket is named by its
// start instant (epoch ms).
import type { ResolutionChoice } from '../../../spec/profile.ts';

export type BucketUnit = ResolutionChoice['bucket'];

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** The day weeks start on. */
export type WeekStart = 'monday' | 'sunday';
/** 1970-01-05 was a Monday and 1970-01-04 a Sunday: weeks are counted from them. */
const WEEK_ORIGIN_MS: Record<WeekStart, number> = { monday: 4 * DAY_MS, sunday: 3 * DAY_MS };
const FIXED_MS: Record<Exclude<BucketUnit, 'month'>, number> = { hour: HOUR_MS, day: DAY_MS, week: WEEK_MS };

const floorTo = (ms: number, size: number, origin = 0) => ms - ((((ms - origin) % size) + size) % size);
const monthIndex = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const monthStart = (index: number) => Date.UTC(Math.floor(index / 12), index % 12, 1);

export function bucketStart(ms: number, unit: BucketUnit, weeks: WeekStart = 'monday'): number {
  if (unit === 'month') return monthStart(monthIndex(ms));
  return floorTo(ms, FIXED_MS[unit], unit === 'week' ? WEEK_ORIGIN_MS[weeks] : 0);
}

/** Start of every bucket that intersects [start, end), in order. */
export function bucketStarts(start: number, end: number, unit: BucketUnit, weeks: WeekStart = 'monday'): number[] {
  const starts: number[] = [];
  if (unit === 'month') {
    for (let i = monthIndex(start); monthStart(i) < end; i++) starts.push(monthStart(i));
    return starts;
  }
  for (let s = bucketStart(start, unit, weeks); s < end; s += FIXED_MS[unit]) starts.push(s);
  return starts;
}

/** Maps an instant of the window to the index of its bucket in `bucketStarts(start, …)`, in O(1). */
export function bucketIndexer(start: number, unit: BucketUnit, weeks: WeekStart = 'monday'): (ms: number) => number {
  if (unit === 'month') {
    const first = monthIndex(start);
    return (ms) => monthIndex(ms) - first;
  }
  const first = bucketStart(start, unit, weeks);
  const size = FIXED_MS[unit];
  return (ms) => Math.floor((ms - first) / size);
}
