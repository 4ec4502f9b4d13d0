// The metrics window (section 4.1; CONTRACT section 3): `startTime` comes before
// `endTime`, and an explicit resolution caps the window's length (400 beyond the
// cap). No schema keyword can say this, so it is stated here, once; the caps come
// from the profile.
import fc from 'fast-check';
import type { Profile } from '../spec/profile.ts';
import type { Parameter } from './operations.ts';
import { dateTimeArb } from './schema-arbitrary.ts';

export const WINDOW_START = 'startTime';
export const WINDOW_END = 'endTime';

const DAY = 86_400;
/** Generated windows start in this range. */
const FIRST_START = new Date('2020-01-01T00:00:00Z');
const LAST_START = new Date('2030-01-01T00:00:00Z');
/** Longest window generated when no finite cap applies: every resolution is exercised, responses stay small. */
const LONGEST_UNCAPPED_SECONDS = 3 * 365 * DAY;
/** A window beyond the cap is longer by at least a day, so it is beyond it however the server rounds. */
const CLEARLY_BEYOND_SECONDS = DAY;

export interface Window {
  startTime: string;
  endTime: string;
}

/** Whether the operation takes a window: both `startTime` and `endTime`. */
export function hasWindow(parameters: readonly Parameter[]): boolean {
  return [WINDOW_START, WINDOW_END].every((name) => parameters.some((p) => p.in === 'query' && p.name === name));
}

/** The parameter whose values are the profile's resolutions, if the operation has one. */
export function resolutionParameter(parameters: readonly Parameter[]): Parameter | undefined {
  return parameters.find((p) => p.extensions['x-values-from-profile'] === 'resolutions');
}

/** The largest window, in seconds, for an explicit resolution; null when none applies. */
export function maxWindowSeconds(profile: Profile, resolution: string | undefined): number | null {
  return profile.resolutions.find((r) => r.name === resolution)?.maxWindowSeconds ?? null;
}

/** Windows whose length in whole seconds lies in [minSeconds, maxSeconds]. */
export function windowArb(minSeconds: number, maxSeconds: number): fc.Arbitrary<Window> {
  return fc
    .tuple(dateTimeArb(FIRST_START, LAST_START), fc.integer({ min: minSeconds, max: maxSeconds }))
    .map(([startTime, seconds]) => ({
      startTime,
      endTime: new Date(Date.parse(startTime) + seconds * 1000).toISOString().replace('.000Z', 'Z'),
    }));
}

/** A valid window for the resolution (or for none). */
export function validWindowArb(profile: Profile, resolution: string | undefined): fc.Arbitrary<Window> {
  return windowArb(1, maxWindowSeconds(profile, resolution) ?? LONGEST_UNCAPPED_SECONDS);
}

/** An explicit resolution with a finite cap and a window clearly beyond it; undefined when no resolution has a cap. */
export function windowAboveCapArb(profile: Profile): fc.Arbitrary<Window & { resolution: string }> | undefined {
  const capped = profile.resolutions.filter((r) => r.maxWindowSeconds !== null);
  if (capped.length === 0) return undefined;
  return fc.constantFrom(...capped).chain((r) => {
    const cap = r.maxWindowSeconds as number;
    return windowArb(cap + CLEARLY_BEYOND_SECONDS, 2 * cap + CLEARLY_BEYOND_SECONDS).map((w) => ({ ...w, resolution: r.name }));
  });
}
