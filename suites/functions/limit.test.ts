// Sections 4.1 and 8: limit defaults to 50, is honoured from 1 to 200 and clamped above.
import fc from 'fast-check';
import { invalidLimitArb } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectRefused } from '../support/error-body.ts';
import type { Listing } from './oracle.ts';
import { expectFirstPage, fetchPage, walkEach, FIXTURES_OR_EXISTING, LISTING_ROUNDS, listFunctions, noteUnreached, overListingRounds, pageOf, SHARED_SETS, withFunctions } from './client.ts';
import { FUNCTION_SORTS, FUNCTIONS_DEFAULT_LIMIT, FUNCTIONS_MAX_LIMIT, type FunctionSort } from '../../spec/facts.ts';

// A sort is always given: the default sort is another rule's.
const sortArb = fc.constantFrom(...FUNCTION_SORTS);

/** The first page for `limit` (and `sort`) must be the first functions of the listing, as many as `pageSize` says (the limit served). */
async function expectLimitedPage(t: Check, fixtures: Listing, query: { limit?: number; sort: FunctionSort }, pageSize: number) {
  const what = `limit=${query.limit ?? '(none)'} sort=${query.sort} over ${fixtures.length} functions`;
  const page = await fetchPage(t, query, what);
  await expectFirstPage(t, page, fixtures, { sort: query.sort, limit: pageSize }, what);
}

/** Every page of a walk that says more follows must hold `limit` functions: the limit holds after a cursor too. */
async function expectFullPagesOfWalk(t: Check, fixtures: Listing, query: { limit?: number; sort: FunctionSort }, pageSize: number, why: string) {
  const what = `walking limit=${query.limit ?? '(none)'} sort=${query.sort} over ${fixtures.length} functions`;
  await walkEach(t, query, fixtures.length, what, (page, i) =>
    t.assert(!page.hasMore || page.items.length === pageSize, `${what}: ${why}, so page ${i + 1}, which says more follow, must hold ${pageSize} functions; it holds ${page.items.length}`, page.exchange),
  );
}

const limitDefault50 = rule('functions.limit.default-50', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  await overListingRounds(t, fc.record({ sort: sortArb }), async ({ fixtures, sort }) => {
    noteUnreached(t, fixtures, FUNCTIONS_DEFAULT_LIMIT, `the default page size of ${FUNCTIONS_DEFAULT_LIMIT}`);
    await expectLimitedPage(t, fixtures, { sort }, FUNCTIONS_DEFAULT_LIMIT);
    // Past two pages, the pages after a cursor show the default too.
    if (fixtures.length > 2 * FUNCTIONS_DEFAULT_LIMIT) await expectFullPagesOfWalk(t, fixtures, { sort }, FUNCTIONS_DEFAULT_LIMIT, `the default limit is ${FUNCTIONS_DEFAULT_LIMIT} on every page`);
  });
});

/** Pages a walk of limit.honoured reads: its limit is chosen to reach the end of the set in about these many. */
const HONOURED_WALK_PAGES = 4;

// The shared set holds more functions than the largest limit, so every limit fills its page; existing data may hold fewer.
const limitHonoured = rule('functions.limit.honoured', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.large.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    noteUnreached(t, fixtures, FUNCTIONS_MAX_LIMIT - 1, `a page filled by every limit up to ${FUNCTIONS_MAX_LIMIT}`);
    const check = ({ limit, sort }: { limit: number; sort: FunctionSort }) => expectLimitedPage(t, fixtures, { limit, sort }, limit);
    await t.atOnce([() => check({ limit: 1, sort: 'name:asc' }), () => check({ limit: FUNCTIONS_MAX_LIMIT, sort: 'createdAt:desc' })]);
    await t.property(fc.record({ limit: fc.integer({ min: 1, max: FUNCTIONS_MAX_LIMIT }), sort: sortArb }), check);
    // The pages after a cursor honour the limit too: one walk of a few pages, its limit drawn near the set's length over their number.
    const least = Math.min(FUNCTIONS_MAX_LIMIT, Math.max(1, Math.ceil(fixtures.length / HONOURED_WALK_PAGES)));
    const walked = fc.record({ limit: fc.integer({ min: least, max: Math.min(FUNCTIONS_MAX_LIMIT, 2 * least) }), sort: sortArb });
    await t.property(walked, ({ limit, sort }) => expectFullPagesOfWalk(t, fixtures, { limit, sort }, limit, `limit=${limit} is honoured on every page`), { runs: 1 });
  }),
);

/** Walks of a limit over 200 read every page: a few cases, each one request per 200 functions. */
const CLAMPED_WALKS = 3;

const limitClampedTo200 = rule('functions.limit.clamped-to-200', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.large.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    // With 200 functions or fewer a limit over 200 must list them all, but does not show the clamp itself;
    // with 400 or fewer the pages after the first cannot show it.
    noteUnreached(t, fixtures, 2 * FUNCTIONS_MAX_LIMIT, `the clamp to ${FUNCTIONS_MAX_LIMIT} on a page after the first`);
    const check = ({ limit, sort }: { limit: number; sort: FunctionSort }) => expectLimitedPage(t, fixtures, { limit, sort }, FUNCTIONS_MAX_LIMIT);
    await check({ limit: FUNCTIONS_MAX_LIMIT + 1, sort: 'name:desc' });
    const limitArb = fc.oneof(fc.integer({ min: FUNCTIONS_MAX_LIMIT + 1, max: 1000 }), fc.integer({ min: 1001, max: 2 ** 31 - 1 }));
    await t.property(fc.record({ limit: limitArb, sort: sortArb }), check);
    // "A larger value is clamped to 200" on every page of the walk: a page after a cursor holds 200 at most, whatever the data.
    const walkClamped = async ({ limit, sort }: { limit: number; sort: FunctionSort }) => {
      await walkEach(t, { limit, sort }, fixtures.length, `walking limit=${limit} sort=${sort}`, (page, i) =>
        t.assert(page.items.length <= FUNCTIONS_MAX_LIMIT, `page ${i + 1} of the walk of limit=${limit} sort=${sort} must hold at most ${FUNCTIONS_MAX_LIMIT} functions (a larger limit is clamped to 200), got ${page.items.length}`, page.exchange),
      );
    };
    await t.property(fc.record({ limit: limitArb, sort: sortArb }), walkClamped, { runs: Math.min(t.config.runs, CLAMPED_WALKS) });
  }),
);

const limitInvalidNotServed = rule('functions.limit.invalid-not-served', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.small.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    // Two functions at least (the shared set has them): a page of the default size is then not a page of one.
    noteUnreached(t, fixtures, 1, 'a page clamped to 1 told apart from a page of every function');
    const check = async (limit: string) => {
      const sort = 'name:asc';
      const res = await listFunctions(t, { limit, sort });
      const what = `limit=${limit} (the specification allows 1 to 200, larger values clamped)`;
      // CONTRACT 3: an integer under the minimum is refused with a 4xx, or clamped to the minimum; both are legal.
      if (/^-?\d+$/.test(limit) && res.status === 200) {
        const page = pageOf(t, res, `${what}, served`);
        return expectFirstPage(t, page, fixtures, { sort, limit: 1 }, `${what} is under 1: served, it must be clamped to 1`);
      }
      t.assert(res.status < 500, `${what} is the client's error and must not be answered with a 5xx; got ${res.status}`);
      expectRefused(t, res, `${what}, ${/^-?\d+$/.test(limit) ? 'under 1 and not clamped to 1,' : 'not an integer,'}`);
    };
    await check('0');
    await t.property(invalidLimitArb, check);
  }),
);

export const checks = [limitDefault50, limitHonoured, limitClampedTo200, limitInvalidNotServed];
