// Section 9: the version header (its name from the profile) selects the listing's
// shape. 2026-04-28 is the one paged version named; a target may refuse other dates
// as unknown versions with a 4xx Error body, and the legacy shape is checked in an
// older version the target accepts (suites/support/versions.ts).
import fc from 'fast-check';
import { dateArb, searchQueryArb } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectRefused } from '../support/error-body.ts';
import { describeBody } from '../support/json.ts';
import { legacyVersion, PAGED_VERSION } from '../support/versions.ts';
import { expectOnListing, FIXTURES_OR_EXISTING, legacyItemsOf, LISTING_ROUNDS, listFunctions, overListingRounds, pageOf, readLegacy, readPage, SHARED_SETS, withFunctions } from './client.ts';
import { pageOfProblem, wholeSetProblem, type Listing } from './oracle.ts';
import { FUNCTION_SORTS, FUNCTIONS_DEFAULT_LIMIT } from '../../spec/facts.ts';

/** Dates after the boundary: near it, and far into the future. */
const laterDateArb = fc.oneof(dateArb('2026-04-29', '2030-12-31'), dateArb('2031-01-01', '9999-12-31'));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const versionPagedFrom20260428 = rule('functions.version.paged-from-2026-04-28', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.small.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    // The shared set has fewer functions than the default limit, so the page lists every one; existing data, the first 50 at least.
    const expectPaged = (res: Awaited<ReturnType<typeof listFunctions>>, version: string) => {
      const page = pageOf(t, res, `version ${version} (on or after ${PAGED_VERSION})`);
      return expectOnListing(t, fixtures, (listing) => pageOfProblem(page.items, listing, FUNCTIONS_DEFAULT_LIMIT), (problem) => `version ${version}: data must hold a page of the workspace's functions: ${problem}`, { exchange: page.exchange });
    };
    await expectPaged(await listFunctions(t, {}, { version: PAGED_VERSION }), PAGED_VERSION);
    // A later date is paged too, unless the target refuses it as a version it does not know.
    await t.property(laterDateArb, async (version) => {
      const res = await listFunctions(t, {}, { version });
      if (res.status >= 400 && res.status < 500) return expectRefused(t, res, `version ${version}, unknown to the target,`);
      await expectPaged(res, version);
    });
  }),
);

const versionLegacyBefore20260428 = rule('functions.version.legacy-before-2026-04-28', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const version = await legacyVersion(t);
  // The rounds hold more functions than the paged maximum (200) at times, so a capped array
  // shows; sort, q, limit and cursor are sent with valid values: an older version ignores them.
  const params = (fixtures: Listing) =>
    fc.record({
      sort: optional(fc.constantFrom(...FUNCTION_SORTS)),
      q: optional(searchQueryArb(fixtures)),
      limit: optional(fc.integer({ min: 1, max: 30 })),
      withCursor: fc.boolean(),
    });
  await overListingRounds(t, params, async ({ fixtures, withCursor, ...query }) => {
    // A cursor the paged listing issued for this workspace, when it gives one (from 2 functions on).
    const cursor = withCursor && fixtures.length >= 2 ? readPage(await listFunctions(t, { limit: 1 }))?.nextCursor : undefined;
    const res = await listFunctions(t, { ...query, ...(cursor ? { cursor } : {}) }, { version });
    const legacy = legacyItemsOf(t, res, `version ${version}`);
    await expectOnListing(t, fixtures, (listing) => wholeSetProblem(legacy, listing), (problem) => `version ${version} (before ${PAGED_VERSION}) must list every function whatever sort, q, limit and cursor say: ${problem}`, { exchange: res.exchange });
  });
});

const versionUnversionedEitherShape = rule('functions.version.unversioned-either-shape', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const pinned = t.config.profile.unversionedListing;
  const params = fc.record({
    sort: optional(fc.constantFrom(...FUNCTION_SORTS)),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: 40 }),
  });
  await overListingRounds(t, params, async ({ fixtures, ...query }) => {
    const res = await listFunctions(t, query, { version: null });
    const page = readPage(res);
    const legacy = readLegacy(res);
    if (page && pinned !== 'legacy') {
      await expectOnListing(t, fixtures, (listing) => pageOfProblem(page.items, listing, query.limit), (problem) => `without Service-Version the answer is a FunctionList, so it must be a page of the workspace's functions: ${problem}`, { exchange: res.exchange });
    } else if (legacy && pinned !== 'paged') {
      await expectOnListing(t, fixtures, (listing) => wholeSetProblem(legacy, listing), (problem) => `without Service-Version the answer is a bare array, so it must hold every function: ${problem}`, { exchange: res.exchange });
    } else {
      const accepted = pinned === null ? 'a FunctionList {data, meta} or a bare array of every function' : `the ${pinned} shape (pinned by the profile)`;
      t.fail(`without Service-Version the listing must be 200 with ${accepted}; got ${res.status} with ${describeBody(res)}`);
    }
  });
});

export const checks = [versionPagedFrom20260428, versionLegacyBefore20260428, versionUnversionedEitherShape];
