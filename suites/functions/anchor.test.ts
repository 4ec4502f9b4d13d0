// Section 4.1: anchor=end returns the tail page of the createdAt sorts directly. "The
// tail page" reads two ways (CONTRACT 3): the last `limit` items of the listing, or the
// last page on the boundaries of the walk from the first page. Either passes. With a
// name sort the anchor is not supported: refused, or left out.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectFirstPage, expectOnListing, fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, listFunctions, overListingRounds, pageOf, requireCreatedAt } from './client.ts';
import { CREATED_AT_SORTS, NAME_SORTS, tailPageProblem } from './oracle.ts';
import { expectRefused } from '../support/error-body.ts';
import { describeBody } from '../support/json.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';

const anchorEndTailPage = rule('functions.anchor.end-tail-page', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const params = fc.record({
    // No sort is the default createdAt:desc, which anchor=end supports too.
    sort: fc.constantFrom(undefined, ...CREATED_AT_SORTS),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: FUNCTIONS_MAX_LIMIT }),
  });
  await overListingRounds(t, params, async ({ fixtures, sort, limit }) => {
    requireCreatedAt(t, fixtures, sort ?? DEFAULT_FUNCTION_SORT);
    const what = `anchor=end sort=${sort ?? `(none: ${DEFAULT_FUNCTION_SORT})`} limit=${limit} over ${fixtures.length} functions`;
    const page = await fetchPage(t, { anchor: 'end', limit, ...(sort ? { sort } : {}) }, what);
    await expectOnListing(t, fixtures, (listing) => tailPageProblem(page.items, listing, sort ?? DEFAULT_FUNCTION_SORT, limit), (problem) => `${what} must be the tail page: ${problem}`, { exchange: page.exchange });
    t.assert(!page.hasMore, `${what} is the tail page, so hasMore must be false; got true`, page.exchange);
  });
});

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
