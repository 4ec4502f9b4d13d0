// Section 9, read once: `Service-Version` (its name from the profile) carries a date;
// from 2026-04-28 listings are paged, older versions get a bare array. No older date
// is named, so a target may refuse any date it does not know with a 4xx Error body
// (CONTRACT 3): a check of the legacy shape first finds a date the target accepts.
import type { Check } from '../../harness/check.ts';
import { PAGED_LISTING_SINCE } from '../../spec/versions.ts';

/** The one paged version the specification names. */
export const PAGED_VERSION = PAGED_LISTING_SINCE;

/** Dates before 2026-04-28 tried, after the profile's `legacyVersions`, when looking for an older version the target knows. */
const LEGACY_CANDIDATES = ['2026-04-27', '2026-01-01', '2025-01-01', '2024-01-01'];

/** The request header that selects `version`; none for null. */
export function versionHeaders(t: Check, version: string | null): Record<string, string> {
  return version === null ? {} : { [t.config.profile.versionHeader.toLowerCase()]: version };
}

/**
 * A date before 2026-04-28 that the target answers with the legacy bare array: the
 * profile's `legacyVersions` first, then a few candidates; or why there is none.
 */
export async function findLegacyVersion(t: Check): Promise<{ date: string } | { none: string }> {
  const tried: string[] = [];
  for (const date of new Set([...t.config.profile.legacyVersions, ...LEGACY_CANDIDATES])) {
    const res = await t.api('/functions', { token: t.config.credentials.admin, headers: versionHeaders(t, date) });
    if (res.status === 200 && Array.isArray(res.json)) return { date };
    tried.push(`${date} (${res.status}${res.status === 200 ? ', not a bare array' : ''})`);
  }
  return {
    none: `the target answers no date before ${PAGED_VERSION} with the legacy listing (tried ${tried.join(', ')}); the specification names no older version, so name one in the profile's legacyVersions`,
  };
}

/** `findLegacyVersion`, skipping the check with the reason when there is none. */
export async function legacyVersion(t: Check): Promise<string> {
  const found = await findLegacyVersion(t);
  return 'date' in found ? found.date : t.skip(found.none);
}
