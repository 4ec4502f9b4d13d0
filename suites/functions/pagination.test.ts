// Sections 2.8 and 4.1: walking the cursors, and the pagination meta.
import fc from 'fast-check';
import { sampleFixtureSet, SCRAMBLE_PADDING, scrambleCaseAndSpaces, searchQueryArb, walkChoiceArb, walkLimit, type WalkChoice } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectOnListing, fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, orderedFor, overListingRounds, requireCreatedAt, setFunctions, SHARED_SETS, walk, walkEach, withFunctions, type Page } from './client.ts';
import { matchCounts, mostMatches, narrowedListings, sharedNamePieces, totalProblem, WalkOrderCheck, type Listing } from './oracle.ts';
import { pageMetaProblems } from '../support/paging.ts';
import { FUNCTION_SORTS, FUNCTIONS_MAX_LIMIT, MAX_QUERY_LENGTH, type FunctionSort } from '../../spec/facts.ts';


/** The walk found a problem: the pages after it are not read. */
class WalkStopped extends Error {}

/**
 * Walks `sort` at `limit` over the fixtures, checking each page as it comes against the
 * expected order. A walk is several answers: on existing data that moved it is no verdict.
 */
async function expectEveryItemOnce(t: Check, fixtures: Listing, sort: FunctionSort, limit: number): Promise<void> {
  const what = `walking sort=${sort} limit=${limit} over ${fixtures.length} functions`;
  requireCreatedAt(t, fixtures, sort);
  const ordered = await orderedFor(t, fixtures, sort);
  // On set data each page is checked as it comes, so that a broken walk stops there; on
  // existing data the walk goes to its end, to be judged again if the functions moved.
  const order = new WalkOrderCheck(ordered, sort);
  const walked: Page[] = [];
  try {
    await walkEach(t, { sort, limit }, fixtures.length, what, (page) => {
      walked.push(page);
      const found = order.page(page.items);
      if (found !== undefined && t.data === 'set') throw new WalkStopped(found);
    });
  } catch (error) {
    if (!(error instanceof WalkStopped)) throw error;
  }
  const problemOf = (listing: Listing) => {
    const again = new WalkOrderCheck(listing, sort);
    for (const [i, page] of walked.entries()) {
      const found = again.page(page.items);
      if (found !== undefined) return { said: `by page ${i + 1}: ${found}`, exchange: page.exchange };
    }
    const end = again.end();
    return end === undefined ? undefined : { said: end, exchange: walked.at(-1)?.exchange };
  };
  await expectOnListing(t, ordered, (listing) => problemOf(listing)?.said, (found) => `${what} must list every function exactly once in order; ${found}`, {
    spansRequests: true,
    exchange: problemOf(ordered)?.exchange,
  });
}

/** Walks at scale (bench --scale) take pages of 25 to 200: at 10,000 functions, 50 to 400 requests a walk. */
const SCALE_LIMIT_MIN = 25;
/** Each walk at scale is hundreds of requests: fewer cases than --runs. */
const SCALE_RUNS = 6;

/** The limit a walk's choice makes over its round. */
const limitOf = ({ choice, fixtures }: { choice: WalkChoice; fixtures: Listing }) => walkLimit(fixtures.length, choice);
/** Two choices whose limits are served alike make one walk (over 10,000 functions every limit is clamped to 200). */
const sameLimit = (c: { choice: WalkChoice; fixtures: Listing }) => Math.min(limitOf(c), FUNCTIONS_MAX_LIMIT);

const paginationEveryItemOnce = rule('functions.pagination.every-item-once', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const scale = t.config.fixtureScale;
  if (scale && t.data === 'set') {
    // One large set, put on the target once; each case walks all of it in one sort.
    const fixtures = sampleFixtureSet(t.seed, { minSize: scale.functions, maxSize: scale.functions });
    await setFunctions(t, fixtures);
    const caseArb = fc.record({ sort: fc.constantFrom(...FUNCTION_SORTS), limit: fc.oneof(fc.constant(FUNCTIONS_MAX_LIMIT), fc.integer({ min: SCALE_LIMIT_MIN, max: FUNCTIONS_MAX_LIMIT })) });
    await t.property(caseArb, ({ sort, limit }) => expectEveryItemOnce(t, fixtures, sort, limit), { runs: Math.min(t.config.runs, SCALE_RUNS) });
    return;
  }
  await overListingRounds(
    t,
    fc.record({ choice: walkChoiceArb }),
    async (c) => {
      const limit = limitOf(c);
      await t.atOnce(FUNCTION_SORTS.map((sort) => () => expectEveryItemOnce(t, c.fixtures, sort, limit)));
    },
    sameLimit,
  );
});

/**
 * A walk of the has-more rule: in a sort, with or without a q, whose limit (walkLimit) is
 * chosen over the functions q matches, so that a q-narrowed walk's last page is often
 * exactly full with functions q does not match after it in the order. A q that `paged`
 * (oracle.ts: sharedNamePieces) has a page after its first.
 */
interface HasMoreWalk {
  choice: WalkChoice;
  sort: FunctionSort;
  q: string | null;
  paged: boolean;
  fixtures: Listing;
}

/** How many functions the walk must list under the first reading of q (expectedMatches): its limit is chosen over them. */
const walkedCount = ({ fixtures, q }: HasMoreWalk) => (q === null ? fixtures.length : matchCounts(fixtures, q)[0]!);
/** How many it may list at most, under any reading and folding: the walk's length is bounded by them. */
const mostWalked = ({ fixtures, q }: HasMoreWalk) => (q === null ? fixtures.length : mostMatches(fixtures, q));

/** A `paged` walk takes fewer than q matches on its first page (q matches two or more). */
const hasMoreLimit = (c: HasMoreWalk) => {
  const limit = walkLimit(walkedCount(c), c.choice);
  return c.paged ? Math.max(1, Math.min(limit, walkedCount(c) - 1)) : limit;
};

const paginationHasMoreAndNextCursor = rule('functions.pagination.has-more-and-next-cursor', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  // Why the pieces several names hold: searchQueryArb's queries mostly match none or one
  // function, and a limit chosen over a few matches mostly holds them all on one page, so
  // a run could walk no q-narrowed page with a page after it (where hasMore must be true).
  const params = (fixtures: Listing) => {
    const pieces = sharedNamePieces(fixtures);
    const query = fc.option(
      fc.oneof(searchQueryArb(fixtures).map((q) => ({ q, paged: false })), ...(pieces.length > 0 ? [fc.constantFrom(...pieces).map((q) => ({ q, paged: true }))] : [])),
      { nil: { q: null, paged: false } },
    );
    return fc.record({ choice: walkChoiceArb, sort: fc.constantFrom(...FUNCTION_SORTS), query }).map(({ query: drawn, ...walk }) => ({ ...walk, ...drawn }));
  };
  const sameWalk = (c: HasMoreWalk) => [Math.min(hasMoreLimit(c), FUNCTIONS_MAX_LIMIT), c.sort, c.q];
  await overListingRounds(t, params, async (c) => {
    const { fixtures, sort, q } = c;
    const limit = hasMoreLimit(c);
    const what = `walking sort=${sort}${q === null ? '' : ` q=${JSON.stringify(q)}`} limit=${limit} over ${fixtures.length} functions`;
    const pages = await walk(t, { sort, limit, ...(q === null ? {} : { q }) }, mostWalked(c), what);
    // On a listing that moved, the functions both readings hold must be walked; others may have come.
    const problemsIn = (listing: Listing) => {
      const uncertain = listing.moving?.uncertain;
      const listed = new Set<string>();
      return pages.flatMap((page, i) => {
        for (const name of page.names) listed.add(name);
        const unlisted = listing.filter((f) => !listed.has(f.metadata.name) && !uncertain?.has(f.metadata.name)).length;
        const found = pageMetaProblems(page, unlisted, q === null ? 'functions' : 'functions q matches', uncertain !== undefined);
        return found.length === 0 ? [] : [{ said: `after page ${i + 1}, ${found.join('; ')}`, exchange: page.exchange }];
      });
    };
    // Each reading of q the search rules accept (expectedMatches) is a listing the walk may go over, the folding the walk shows.
    const problemsOf = (listing: Listing) => {
      const readings = (q === null ? [listing] : narrowedListings(listing, q, pages.flatMap((page) => page.names))).map(problemsIn);
      return readings.some((problems) => problems.length === 0) ? [] : readings[0]!;
    };
    await expectOnListing(t, fixtures, (listing) => problemsOf(listing)[0]?.said, (found) => `${what}: ${found}`, { spansRequests: true, exchange: problemsOf(fixtures)[0]?.exchange });
  }, sameWalk);
});

const paginationTotalNotNarrowed = rule('functions.pagination.total-not-narrowed', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.search.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    const caseArb = fc.record({
      // Scrambled, a query stays within the 200 characters a target may refuse beyond (functions.search.max-length), whatever fields the set holds.
      q: fc.oneof(searchQueryArb(fixtures), searchQueryArb(fixtures, MAX_QUERY_LENGTH - SCRAMBLE_PADDING).chain(scrambleCaseAndSpaces)),
      sort: fc.constantFrom(...FUNCTION_SORTS),
      limit: fc.integer({ min: 1, max: 50 }),
    });
    // meta.total is not marked Required (CONTRACT 3): a target that leaves it out has nothing to check here.
    const first = await fetchPage(t, {}, 'the first page, to see whether meta.total is returned');
    if (first.total === undefined) t.skip('the target returns no meta.total (it is not Required): nothing to check');
    await t.property(caseArb, async (query) => {
      const page = await fetchPage(t, query, `q=${JSON.stringify(query.q)}`);
      await expectOnListing(t, fixtures, (listing) => totalProblem(page.total, page.items, listing), (problem) => `whatever q selects (here q=${JSON.stringify(query.q)}), ${problem}`, { exchange: page.exchange });
    });
  }),
);

export const checks = [paginationEveryItemOnce, paginationHasMoreAndNextCursor, paginationTotalNotNarrowed];
