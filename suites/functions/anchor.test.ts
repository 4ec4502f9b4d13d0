// Section 4.1: anchor=end returns the tail page of the createdAt sorts directly. "The
// tail page" reads two ways (CONTRACT 3): the last `limit` items of the listing, or the
// last page on the boundaries of the walk from the first page. Either passes.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, overListingRounds, requireCreatedAt } from './client.ts';
import { CREATED_AT_SORTS, sliceProblem } from './oracle.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';

const anchorEndTailPage = rule('functions.anchor.end-tail-page', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const params = fc.record({
    // No sort is the default createdAt:desc, which anchor=end supports too.
    sort: fc.constantFrom(undefined, ...CREATED_AT_SORTS),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: FUNCTIONS_MAX_LIMIT }),
  });
  await overListingRounds(t, params, async ({ fixtures, sort, limit }) => {
    const n = fixtures.length;
    requireCreatedAt(t, fixtures, sort ?? DEFAULT_FUNCTION_SORT);
    const what = `anchor=end sort=${sort ?? `(none: ${DEFAULT_FUNCTION_SORT})`} limit=${limit} over ${n} functions`;
    const page = await fetchPage(t, { anchor: 'end', limit, ...(sort ? { sort } : {}) }, what);
    const lastItems = { offset: n - Math.min(limit, n), count: Math.min(limit, n) };
    const lastPageStart = n === 0 ? 0 : limit * Math.floor((n - 1) / limit);
    const lastPage = { offset: lastPageStart, count: n - lastPageStart };
    const problems = [lastItems, lastPage].map(({ offset, count }) => sliceProblem(page.names, fixtures, sort ?? DEFAULT_FUNCTION_SORT, offset, count));
    t.assert(
      problems.some((problem) => problem === undefined),
      `${what} must be the tail page: the last ${lastItems.count} of the listing (${problems[0]}), or its last page of the walk from the first, positions ${lastPage.offset + 1} to ${n} (${problems[1]})`,
      page.exchange,
    );
    t.assert(!page.hasMore, `${what} is the tail page, so hasMore must be false; got true`, page.exchange);
  });
});

export const checks = [anchorEndTailPage];
