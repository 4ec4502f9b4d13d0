// Sections 2.8 and 4.1: walking the cursors, and the pagination meta.
import fc from 'fast-check';
import { sampleFixtureSet, SCRAMBLE_PADDING, scrambleCaseAndSpaces, searchQueryArb, walkChoiceArb, walkLimit, type ListedFunction, type WalkChoice } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, overListingRounds, requireCreatedAt, setFunctions, SHARED_SETS, walk, walkEach, withFunctions } from './client.ts';
import { WalkOrderCheck } from './oracle.ts';
import { pageMetaProblems } from '../support/paging.ts';
import { FUNCTION_SORTS, FUNCTIONS_MAX_LIMIT, MAX_QUERY_LENGTH, type FunctionSort } from '../../spec/facts.ts';


/** Walks `sort` at `limit` over the fixtures, checking each page as it comes against the expected order. */
async function expectEveryItemOnce(t: Check, fixtures: readonly ListedFunction[], sort: FunctionSort, limit: number): Promise<void> {
  const what = `walking sort=${sort} limit=${limit} over ${fixtures.length} functions`;
  requireCreatedAt(t, fixtures, sort);
  const order = new WalkOrderCheck(fixtures, sort);
  await walkEach(t, { sort, limit }, fixtures.length, what, (page, i) => {
    const problem = order.page(page.names);
    t.assert(!problem, `${what} must list every function exactly once in order; by page ${i + 1}: ${problem}`, page.exchange);
  });
  const problem = order.end();
  t.assert(!problem, `${what} must list every function exactly once in order: ${problem}`);
}

/** Walks at scale (bench --scale) take pages of 25 to 200: at 10,000 functions, 50 to 400 requests a walk. */
const SCALE_LIMIT_MIN = 25;
/** Each walk at scale is hundreds of requests: fewer cases than --runs. */
const SCALE_RUNS = 6;

/** The limit a walk's choice makes over its round. */
const limitOf = ({ choice, fixtures }: { choice: WalkChoice; fixtures: readonly ListedFunction[] }) => walkLimit(fixtures.length, choice);
/** Two choices whose limits are served alike make one walk (over 10,000 functions every limit is clamped to 200). */
const sameLimit = (c: { choice: WalkChoice; fixtures: readonly ListedFunction[] }) => Math.min(limitOf(c), FUNCTIONS_MAX_LIMIT);

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

const paginationHasMoreAndNextCursor = rule('functions.pagination.has-more-and-next-cursor', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  const params = fc.record({ choice: walkChoiceArb, sort: fc.constantFrom(...FUNCTION_SORTS) });
  const sameWalk = (c: { choice: WalkChoice; fixtures: ListedFunction[]; sort: FunctionSort }) => [sameLimit(c), c.sort];
  await overListingRounds(t, params, async (c) => {
    const { fixtures, sort } = c;
    const limit = limitOf(c);
    const what = `walking sort=${sort} limit=${limit} over ${fixtures.length} functions`;
    const pages = await walk(t, { sort, limit }, fixtures.length, what);
    const listed = new Set<string>();
    for (const [i, page] of pages.entries()) {
      for (const name of page.names) listed.add(name);
      const unlisted = fixtures.filter((f) => !listed.has(f.metadata.name)).length;
      const problems = pageMetaProblems(page, unlisted, 'functions');
      t.assert(problems.length === 0, `${what}: after page ${i + 1}, ${problems.join('; ')}`, page.exchange);
    }
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
      t.assert(
        page.total === fixtures.length,
        `meta.total must be the ${fixtures.length} functions of the workspace, whatever q selects; with q=${JSON.stringify(query.q)} it is ${page.total}`,
      );
    });
  }),
);

export const checks = [paginationEveryItemOnce, paginationHasMoreAndNextCursor, paginationTotalNotNarrowed];
