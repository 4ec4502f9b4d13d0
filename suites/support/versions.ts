// Section 9, read once: `Service-Version` (its name from the profile) carries a date;
// from 2026-04-28 listings are paged, older versions get a bare array. No older date
// is named, so a target may refuse any date it does not know with a 4xx Error body
// (CONTRACT 3): a check of the legacy shape first finds a date the target accepts.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { PAGED_LISTING_SINCE } from '../../spec/versions.ts';

/** The one paged version the specification names. */
export const PAGED_VERSION = PAGED_LISTING_SINCE;

/** Dates before 2026-04-28 tried, after the profile's `legacyVersions`, when looking for an older version the target knows. */
const LEGACY_CANDIDATES = ['2026-04-27', '2026-01-01', '2025-01-01', '2024-01-01'];

/** The request header that selects `version`; none for null. */
export function versionHeaders(t: Check, version: string | null): Record<string, string> {
  return version === null ? {} : { [t.config.profile.versionHeader.toLowerCase()]: version };
}

/** An older date the target served (not a 4xx refusal) with something other than the bare array. */
interface Misanswered {
  date: string;
  res: HttpResponse;
}

/**
 * A date before 2026-04-28 that the target answers with the legacy bare array: the
 * profile's `legacyVersions` first, then a few candidates; or why there is none. The
 * dates tried before it that the target served without the array come with it.
 */
export async function findLegacyVersion(t: Check): Promise<({ date: string } | { none: string }) & { misanswered: Misanswered[] }> {
  const tried: string[] = [];
  const misanswered: Misanswered[] = [];
  for (const date of new Set([...t.config.profile.legacyVersions, ...LEGACY_CANDIDATES])) {
    const res = await t.api('/functions', { token: t.config.credentials.admin, headers: versionHeaders(t, date) });
    if (res.status === 200 && Array.isArray(res.json)) return { date, misanswered };
    // A 4xx refuses a version the target does not know, which it may (README, "Details the specification does not show").
    if (res.status < 400 || res.status >= 500) misanswered.push({ date, res });
    tried.push(`${date} (${res.status}${res.status === 200 ? ', not a bare array' : ''})`);
  }
  return {
    none: `the target answers no date before ${PAGED_VERSION} with the legacy listing (tried ${tried.join(', ')}); the specification names no older version, so name one in the profile's legacyVersions`,
    misanswered,
  };
}

/**
 * Section 9: an older version gets "a bare array". The date to read it at; a date the
 * target served otherwise fails the check; skipped only when it refused every date tried with a 4xx.
 */
export async function legacyVersion(t: Check): Promise<string> {
  const found = await findLegacyVersion(t);
  const [wrong] = found.misanswered;
  if (wrong) t.fail(`version ${wrong.date} (before ${PAGED_VERSION}) was answered ${wrong.res.status} without the bare array that section 9 gives older versions; a version the target does not know may be refused with a 4xx`, wrong.res.exchange);
  return 'date' in found ? found.date : t.skip(found.none);
}
