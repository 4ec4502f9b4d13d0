// Section 4.1: anchor=end returns the tail page of the createdAt sorts directly.
import fc from 'fast-check';
import { fixtureSetArb } from '../../generators/functions-fixtures.ts';
import { rule, type Check } from '../../harness/check.ts';
import { expectSlice, fetchPage, FIXTURE_NEEDS, setFunctions } from './listing.ts';
import { CREATED_AT_SORTS, MAX_LIMIT } from './oracle.ts';

rule('functions.anchor.end-tail-page', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const caseArb = fc.record({
    fixtures: fixtureSetArb({ minSize: 0, maxSize: 120 }),
    sort: fc.constantFrom(...CREATED_AT_SORTS),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: MAX_LIMIT }),
  });
  await t.property(caseArb, async ({ fixtures, sort, limit }) => {
    await setFunctions(t, fixtures);
    const count = Math.min(limit, fixtures.length);
    const what = `anchor=end sort=${sort} limit=${limit} over ${fixtures.length} functions`;
    const page = await fetchPage(t, { anchor: 'end', sort, limit }, what);
    expectSlice(t, page, fixtures, { sort, offset: fixtures.length - count, count }, `${what} must be the last ${count} of the listing`);
    t.assert(!page.hasMore, `${what} is the tail page, so hasMore must be false; got true`, page.exchange);
  });
});
