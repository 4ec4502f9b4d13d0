// UTC calendar arithmetic of the suite's generators and oracles (independent of any
// target): bucket units step with the Date setters, so months have their real lengths.
import type { ResolutionChoice } from '../spec/profile.ts';

export type BucketUnit = ResolutionChoice['bucket'];

export const SECOND_MS = 1000;
export const HOUR_MS = 3600 * SECOND_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The instant `n` units after `ms`. */
export function addUnits(ms: number, unit: BucketUnit, n: number): number {
  const d = new Date(ms);
  if (unit === 'hour') d.setUTCHours(d.getUTCHours() + n);
  else if (unit === 'day') d.setUTCDate(d.getUTCDate() + n);
  else if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7 * n);
  else d.setUTCMonth(d.getUTCMonth() + n);
  return d.getTime();
}

/** The bucket starts of a window whose start is a bucket start: every bucket that intersects [start, end). */
export function bucketsOf(start: number, end: number, unit: BucketUnit): number[] {
  const starts: number[] = [];
  for (let i = 0, s = start; s < end; s = addUnits(start, unit, ++i)) starts.push(s);
  return starts;
}

/** RFC 3339 UTC without fractional seconds, as the suite sends times. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}
