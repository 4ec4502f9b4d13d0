// Section 4.1: anchor=end returns the tail page of the createdAt sorts directly. "The
// tail page" reads two ways (CONTRACT 3): the last `limit` items of the listing, or the
// last page on the boundaries of the walk from the first page. Either passes. With a
// name sort the anchor is not supported: refused, or left out.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectFirstPage, expectOnListing, fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, listFunctions, overListingRounds, pageOf, requireCreatedAt } from './client.ts';
import { CREATED_AT_SORTS, firstInCreatedOrder, NAME_SORTS, narrowedTailListings, tailPageProblem, type Listing } from './oracle.ts';
import { searchQueryArb } from '../../generators/functions-fixtures.ts';
import { expectRefused } from '../support/error-body.ts';
import { describeBody } from '../support/json.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTIONS_MAX_LIMIT, type FunctionSort } from '../../spec/facts.ts';

const anchorEndTailPage = rule('functions.anchor.end-tail-page', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  // No sort is the default createdAt:desc, which anchor=end supports too.
  const params = (fixtures: Listing) =>
    fc.constantFrom(undefined, ...CREATED_AT_SORTS).chain((sort) => {
      const order = sort ?? DEFAULT_FUNCTION_SORT;
      return fc.record({
        sort: fc.constant(sort),
        // Always given: the default limit is another rule's.
        limit: fc.oneof(fc.integer({ min: 1, max: FUNCTIONS_MAX_LIMIT }), ...splittingLimitArb(fixtures, order)),
        // A search narrows the listing whose tail the page is; half the pages are of the whole
        // listing. A search from the first function of the order makes a tail that often holds
        // every match, that one among them: the end a tail read backwards stops at, where an
        // off-by-one drops it.
        q: fc.option(fc.oneof(searchQueryArb(fixtures), searchQueryArb(firstInCreatedOrder(fixtures, order))), { nil: undefined, freq: 2 }),
      });
    });
  await overListingRounds(t, params, async ({ fixtures, sort, limit, q }) => {
    const order = sort ?? DEFAULT_FUNCTION_SORT;
    requireCreatedAt(t, fixtures, order);
    const what = `anchor=end sort=${sort ?? `(none: ${DEFAULT_FUNCTION_SORT})`} limit=${limit}${q === undefined ? '' : ` q=${JSON.stringify(q)}`} over ${fixtures.length} functions`;
    const page = await fetchPage(t, { anchor: 'end', limit, ...(sort ? { sort } : {}), ...(q === undefined ? {} : { q }) }, what);
    const problemOf = (listing: Listing) => {
      const problems = (q === undefined ? [listing] : narrowedTailListings(listing, q, page.names, order)).map((narrowed) => tailPageProblem(page.items, narrowed, order, limit));
      return problems.includes(undefined) ? undefined : problems[0];
    };
    const of = q === undefined ? 'the tail page' : 'the tail page of the functions q matches';
    await expectOnListing(t, fixtures, problemOf, (problem) => `${what} must be ${of}: ${problem}`, { exchange: page.exchange });
    // Section 2.8: the tail page has no page after it, so nextCursor is "empty when there are no more pages".
    t.assert(!page.hasMore, `${what} is the tail page, so hasMore must be false; got true`, page.exchange);
    t.assert(page.nextCursor === '', `${what} is the tail page: no page follows, so nextCursor must be empty (section 2.8); got ${JSON.stringify(page.nextCursor)}`, page.exchange);
  });
});

/**
 * A limit whose tail page of the whole listing starts past the functions created at the
 * first instant of the order, so that it differs from the first page whatever the order
 * among ties; none where every function shares that instant.
 */
function splittingLimitArb(fixtures: Listing, sort: FunctionSort): Array<fc.Arbitrary<number>> {
  const most = Math.min(FUNCTIONS_MAX_LIMIT, fixtures.length - firstInCreatedOrder(fixtures, sort).length);
  return most < 1 ? [] : [fc.integer({ min: 1, max: most })];
}

// "Supported only for createdAt sorts": with a name sort the anchor is refused, or left out.
const anchorNameSortsUnsupported = rule('functions.anchor.name-sorts-unsupported', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const params = fc.record({ sort: fc.constantFrom(...NAME_SORTS), limit: fc.integer({ min: 1, max: FUNCTIONS_MAX_LIMIT }) });
  await overListingRounds(t, params, async ({ fixtures, sort, limit }) => {
    const what = `anchor=end sort=${sort} limit=${limit} over ${fixtures.length} functions (anchor=end is supported only for the createdAt sorts)`;
    const res = await listFunctions(t, { anchor: 'end', sort, limit });
    if (res.status >= 400 && res.status < 500) return expectRefused(t, res, what);
    t.assert(res.status === 200, `${what} must be refused with a 4xx and an Error body, or served without the anchor; got ${res.status} with ${describeBody(res)}`);
    await expectFirstPage(t, pageOf(t, res, what), fixtures, { sort, limit }, `${what} was served, so as without the anchor: the first page`);
  });
});

export const checks = [anchorEndTailPage, anchorNameSortsUnsupported];
