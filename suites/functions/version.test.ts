// Section 9: the version header (its name from the profile) selects the listing's
// shape. 2026-04-28 is the one paged version named; a target may refuse other dates
// as unknown versions with a 4xx Error body, and the legacy shape is checked in an
// older version the target accepts (suites/support/versions.ts).
import fc from 'fast-check';
import { dateArb, searchQueryArb } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectRefused } from '../support/error-body.ts';
import { legacyVersion, PAGED_VERSION, versionHeaders } from '../support/versions.ts';
import { describeBody } from '../support/json.ts';
import { expectOnListing, fetchLegacy, fetchPage, FIXTURES_OR_EXISTING, orderedFor, requireCreatedAt, walkEach, LISTING_ROUNDS, listFunctions, overListingRounds, pageOf, readListing, readPage, SHARED_SETS, withFunctions } from './client.ts';
import { matchProblem, mostMatches, pageOfProblem, wholeSetProblem, WalkOrderCheck, type Listing } from './oracle.ts';
import { FUNCTION_SORTS, FUNCTIONS_DEFAULT_LIMIT, FUNCTIONS_MAX_LIMIT, type FunctionSort } from '../../spec/facts.ts';
import type { ListedFunction } from '../../generators/functions-fixtures.ts';

/** Dates after the boundary: near it, and far into the future. */
const laterDateArb = fc.oneof(dateArb('2026-04-29', '2030-12-31'), dateArb('2031-01-01', '9999-12-31'));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** The first two pages of `sort` at `limit` in `version`, the second by the first's cursor: they must begin the listing in that order. */
async function expectSortedPages(t: Check, fixtures: Listing, version: string, query: { sort: FunctionSort; limit: number }): Promise<void> {
  const what = `version ${version} sort=${query.sort} limit=${query.limit}, the first two pages`;
  const first = await fetchPage(t, query, `${what}: the first`, { version });
  const pages = first.hasMore ? [first, await fetchPage(t, { ...query, cursor: first.nextCursor }, `${what}: the second, by the first's nextCursor`, { version })] : [first];
  const ordered = await orderedFor(t, fixtures, query.sort);
  const problemOf = (listing: Listing) => {
    const order = new WalkOrderCheck(listing, query.sort);
    for (const [i, page] of pages.entries()) {
      const found = order.page(page.items);
      if (found !== undefined) return `page ${i + 1}: ${found}`;
    }
    return undefined;
  };
  requireCreatedAt(t, fixtures, query.sort);
  await expectOnListing(t, ordered, problemOf, (problem) => `${what} must begin the listing in that order (sort and cursors are honoured from ${PAGED_VERSION}): ${problem}`, {
    exchange: pages.at(-1)!.exchange,
    spansRequests: pages.length > 1,
  });
}

/** The search `q` walked in `version`: the functions it matches, every one. */
async function expectSearched(t: Check, fixtures: Listing, version: string, q: string): Promise<void> {
  const most = mostMatches(fixtures, q);
  const shown: ListedFunction[] = [];
  const pages = await walkEach(t, { q, limit: FUNCTIONS_MAX_LIMIT, sort: 'name:asc' }, most, `version ${version} q=${JSON.stringify(q)}`, (page) => void shown.push(...page.items), { version });
  await expectOnListing(t, fixtures, (listing) => matchProblem(shown, listing, q), (problem) => `version ${version} (q is honoured from ${PAGED_VERSION}): ${problem}`, { spansRequests: pages > 1 });
}

const versionPagedFrom20260428 = rule('functions.version.paged-from-2026-04-28', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.small.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    // The shared set has fewer functions than the default limit, so the page lists every one; existing data, the first 50 at least.
    const expectPaged = (res: Awaited<ReturnType<typeof listFunctions>>, version: string) => {
      const page = pageOf(t, res, `version ${version} (on or after ${PAGED_VERSION})`);
      return expectOnListing(t, fixtures, (listing) => pageOfProblem(page.items, listing, FUNCTIONS_DEFAULT_LIMIT), (problem) => `version ${version}: data must hold a page of the workspace's functions: ${problem}`, { exchange: page.exchange });
    };
    await expectPaged(await listFunctions(t, {}, { version: PAGED_VERSION }), PAGED_VERSION);
    // A later date is paged too, unless the target refuses it as a version it does not know; and there
    // ("From version 2026-04-28 ... sort and q are honoured") its sort, cursors and q are honoured.
    const honouredArb = fc.oneof(
      fc.record({ sort: fc.constantFrom(...FUNCTION_SORTS), limit: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ q: searchQueryArb(fixtures) }),
    );
    await t.property(fc.record({ version: laterDateArb, honoured: honouredArb }), async ({ version, honoured }) => {
      const res = await listFunctions(t, {}, { version });
      if (res.status >= 400 && res.status < 500) return expectRefused(t, res, `version ${version}, unknown to the target,`);
      await expectPaged(res, version);
      if ('q' in honoured) await expectSearched(t, fixtures, version, honoured.q);
      else await expectSortedPages(t, fixtures, version, honoured);
    });
  }),
);

/** Dates before the boundary: within the year before it (where a later boundary goes wrong), and far back. */
const olderDateArb = fc.oneof(dateArb('2025-04-28', '2026-04-27'), dateArb('2000-01-01', '2025-04-27'));

const versionLegacyBefore20260428 = rule('functions.version.legacy-before-2026-04-28', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const version = await legacyVersion(t);
  // Every older date the target serves gets the bare array; it may refuse one it does not know with a 4xx (CONTRACT 3).
  await t.property(olderDateArb, async (date) => {
    const res = await t.api('/functions', { token: t.config.credentials.admin, headers: versionHeaders(t, date) });
    if (res.status >= 400 && res.status < 500) return;
    t.assert(res.status === 200 && Array.isArray(res.json), `version ${date} is before ${PAGED_VERSION}, so a listing in it that is served must be a bare array (section 9), got ${res.status} with ${describeBody(res)}`, res.exchange);
  });
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
    // Only the names in order are kept past the judgement: the cases wait for their second answer side by side.
    const legacyNames = async () => {
      const { items: legacy, exchange } = await fetchLegacy(t, { ...query, ...(cursor ? { cursor } : {}) }, `version ${version}`, { version });
      await expectOnListing(t, fixtures, (listing) => wholeSetProblem(legacy, listing), (problem) => `version ${version} (before ${PAGED_VERSION}) must list every function whatever sort, q, limit and cursor say: ${problem}`, { exchange });
      return legacy.map((f) => f.metadata.name);
    };
    const names = await legacyNames();
    // "ignore sort": the array's order does not follow it. Its order is the target's own, so it is told
    // apart from following sort by a second answer in the reverse sort: an order that ignores sort is
    // not reversed with it (an order that changes from answer to answer is reversed by chance once in
    // n! answers of n functions: once in 40,320 with the eight or more asked for). Only the
    // functions both answers hold are compared: on data that moves, one may come or go between them.
    if (query.sort === undefined) return;
    const reverse = reverseSort(query.sort);
    const again = await fetchLegacy(t, { ...query, sort: reverse, ...(cursor ? { cursor } : {}) }, `version ${version} sort=${reverse}`, { version });
    const againNames = again.items.map((f) => f.metadata.name);
    const [asked, askedAgain] = [new Set(names), new Set(againNames)];
    const [inBoth, inBothAgain] = [names.filter((name) => askedAgain.has(name)), againNames.filter((name) => asked.has(name))];
    if (new Set(inBoth).size < LEGACY_ORDER_MIN) return;
    t.assert(inBothAgain.join('\n') !== [...inBoth].reverse().join('\n'), `version ${version} (before ${PAGED_VERSION}) must ignore sort, yet sort=${query.sort} and sort=${reverse} list the ${inBoth.length} functions in reverse orders`, again.exchange);
  });
});

/** Functions enough that an order which ignores sort is not reversed with it by chance. */
const LEGACY_ORDER_MIN = 8;

/** The sort that lists in the reverse order. */
const reverseSort = (sort: FunctionSort): FunctionSort => {
  const [key, direction] = sort.split(':') as [string, string];
  return `${key}:${direction === 'asc' ? 'desc' : 'asc'}` as FunctionSort;
};


const versionUnversionedEitherShape = rule('functions.version.unversioned-either-shape', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const pinned = t.config.profile.unversionedListing;
  const params = fc.record({
    sort: optional(fc.constantFrom(...FUNCTION_SORTS)),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: 40 }),
  });
  await overListingRounds(t, params, async ({ fixtures, ...query }) => {
    const { page, legacy, described, exchange } = await readListing(t, query, { version: null });
    if (page && pinned !== 'legacy') {
      await expectOnListing(t, fixtures, (listing) => pageOfProblem(page.items, listing, query.limit), (problem) => `without Service-Version the answer is a FunctionList, so it must be a page of the workspace's functions: ${problem}`, { exchange });
    } else if (legacy && pinned !== 'paged') {
      await expectOnListing(t, fixtures, (listing) => wholeSetProblem(legacy, listing), (problem) => `without Service-Version the answer is a bare array, so it must hold every function: ${problem}`, { exchange });
    } else {
      const accepted = pinned === null ? 'a FunctionList {data, meta} or a bare array of every function' : `the ${pinned} shape (pinned by the profile)`;
      t.fail(`without Service-Version the listing must be 200 with ${accepted}; got ${described}`);
    }
  });
});

export const checks = [versionPagedFrom20260428, versionLegacyBefore20260428, versionUnversionedEitherShape];
