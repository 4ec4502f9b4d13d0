// Sections 4.1 and 8: the q search. One fixture set per check; the runs vary the query,
// and the expected result is computed from the fixtures (oracle.ts).
import fc from 'fast-check';
import {
  casedBeyondAsciiPieceArb,
  longLabelValues,
  overlongQueryArb,
  atBoundQueryArb,
  queryPerFieldArb,
  sampleFixtureSet,
  SCRAMBLE_PADDING,
  scrambleCaseAndSpaces,
  shortQueryArb,
  type FixtureSetOptions,
} from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectOnListing, fetchPage, orderedFor, requireCreatedAt, FIXTURES_OR_EXISTING, listFunctions, pageOf, setFunctions, SHARED_SETS, walk, withFunctions } from './client.ts';
import { firstPageProblem, matchProblem, mostMatches, narrowedListings, searchedQueries, type Listing } from './oracle.ts';
import { describeBody } from '../support/json.ts';
import { FUNCTION_SORTS, FUNCTIONS_MAX_LIMIT, MAX_QUERY_LENGTH } from '../../spec/facts.ts';


/**
 * Each search (sent at once) must return exactly the functions the oracle matches, on
 * every page of its walk; `field` says where the query came from. `pages`: the walk is
 * asked in about that many pages (a limit of the matches' share), so that the pages after
 * a cursor are searched too; more than 200 matches (existing data) take more.
 */
async function expectMatches(t: Check, fixtures: Listing, queries: ReadonlyArray<[string, string]>, pages: number): Promise<void> {
  await t.atOnce(
    queries.map(([field, q]) => async () => {
      const most = mostMatches(fixtures, q);
      const limit = Math.min(FUNCTIONS_MAX_LIMIT, Math.max(1, Math.ceil(most / pages)));
      const walked = await walk(t, { q, limit, sort: 'name:asc' }, most, `q=${JSON.stringify(q)}`);
      const shown = walked.flatMap((page) => page.items);
      // Matches over several answers: on data that moved, no verdict.
      await expectOnListing(t, fixtures, (listing) => matchProblem(shown, listing, q), (problem) => `${problem} (the query is a piece of a ${field}; limit=${limit})`, {
        exchange: walked.at(-1)!.exchange,
        spansRequests: walked.length > 1,
      });
    }),
  );
}

/** About how many pages a search is walked in: one, or a few. */
const pagesArb = fc.integer({ min: 1, max: 4 });

const sharesSearchSet = { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.search.name };

const searchFields = rule('functions.search.fields', sharesSearchSet, (t: Check) =>
  withFunctions(t, (fixtures) => t.property(fc.tuple(queryPerFieldArb(fixtures), pagesArb), ([queries, pages]) => expectMatches(t, fixtures, queries, pages))),
);

const searchTrimmedLowercased = rule('functions.search.trimmed-lowercased', sharesSearchSet, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    // Beside a query per field, one around a letter beyond A to Z where the set holds one: lowercasing is not A to Z only.
    const beyondAscii = casedBeyondAsciiPieceArb(fixtures, MAX_QUERY_LENGTH - SCRAMBLE_PADDING);
    const unscrambled = queryPerFieldArb(fixtures, MAX_QUERY_LENGTH - SCRAMBLE_PADDING).chain((queries) => (beyondAscii ? beyondAscii.map((piece) => [...queries, piece]) : fc.constant(queries)));
    const queriesArb = unscrambled.chain((queries) =>
      fc.tuple(...queries.map(([field, q]) => scrambleCaseAndSpaces(q).map((scrambled): [string, string] => [field, scrambled]))),
    );
    await t.property(fc.tuple(queriesArb, pagesArb), ([queries, pages]) => expectMatches(t, fixtures, queries, pages));
  }),
);

/** The functions a check sets itself (drawn from its seed), or on existing data every function of the workspace. */
async function ownSetOrExisting(t: Check, options: FixtureSetOptions, body: (fixtures: Listing) => Promise<void>): Promise<void> {
  if (t.data === 'existing') return withFunctions(t, body);
  const fixtures = sampleFixtureSet(t.seed, options);
  await setFunctions(t, fixtures);
  await body(fixtures);
}

const searchShortQueryUnfiltered = rule('functions.search.short-query-unfiltered', FIXTURES_OR_EXISTING, (t: Check) =>
  // No label shared by all: a one-character filter would then narrow the listing. At most 200 functions: one page at limit 200.
  ownSetOrExisting(t, { minSize: 20, maxSize: 60 }, (fixtures) =>
    t.property(fc.record({ q: shortQueryArb, sort: fc.constantFrom(...FUNCTION_SORTS) }), async ({ q, sort }) => {
      const what = `q=${JSON.stringify(q)} (under 2 characters after trimming) sort=${sort}`;
      const page = await fetchPage(t, { q, sort, limit: FUNCTIONS_MAX_LIMIT }, what);
      // A q that trims to one character may also be searched, counted before trimming (searchedQueries).
      const searchedToo = searchedQueries(q).some((searched) => searched !== '');
      requireCreatedAt(t, fixtures, sort);
      const ordered = await orderedFor(t, fixtures, sort);
      const problemOf = (listing: Listing) => {
        const unfiltered = firstPageProblem(page.items, listing, sort, FUNCTIONS_MAX_LIMIT);
        const searched = () => narrowedListings(listing, q, page.names).some((narrowed) => firstPageProblem(page.items, narrowed, sort, FUNCTIONS_MAX_LIMIT) === undefined);
        return unfiltered !== undefined && searchedToo && searched() ? undefined : unfiltered;
      };
      await expectOnListing(t, ordered, problemOf, (problem) => `${what} must list the first ${FUNCTIONS_MAX_LIMIT} functions, unfiltered${
        searchedToo ? ', or, counted before trimming, the first of those it matches' : ''
      }: ${problem}`, { exchange: page.exchange });
    }),
  ),
);

const searchMaxLength = rule('functions.search.max-length', FIXTURES_OR_EXISTING, (t: Check) =>
  ownSetOrExisting(t, { minSize: 5, maxSize: 20, longLabelValues: true }, (fixtures) => expectOverlongSearched(t, fixtures)),
);

async function expectOverlongSearched(t: Check, fixtures: Listing): Promise<void> {
  const longValues = longLabelValues(fixtures);
  if (longValues.length === 0)
    t.skip(`no function of the workspace has a label value of over ${MAX_QUERY_LENGTH} characters, which a query whose first ${MAX_QUERY_LENGTH} characters match needs`);
  await t.property(fc.oneof(overlongQueryArb(longValues), atBoundQueryArb(longValues)), async (q) => {
    const res = await listFunctions(t, { q, limit: FUNCTIONS_MAX_LIMIT });
    if (q.length === MAX_QUERY_LENGTH) {
      // At the bound, not over it: served and searched whole.
      const page = pageOf(t, res, `q of ${MAX_QUERY_LENGTH} characters (the most the bound allows)`);
      return expectOnListing(t, fixtures, (listing) => matchProblem(page.items, listing, q), (problem) => `a q of ${MAX_QUERY_LENGTH} characters is within "Max 200 characters", so it must be searched whole: ${problem}`, { exchange: page.exchange });
    }
    if (res.status >= 400 && res.status < 500) return;
    const what = `q of ${q.length} characters (over ${MAX_QUERY_LENGTH})`;
    t.assert(res.status === 200, `${what} must be rejected with a 4xx or searched as its first ${MAX_QUERY_LENGTH} characters; got ${res.status} with ${describeBody(res)}`);
    const page = pageOf(t, res, what);
    await expectOnListing(t, fixtures, (listing) => matchProblem(page.items, listing, q.slice(0, MAX_QUERY_LENGTH)), (problem) => `${what} was served, so it must be searched as its first ${MAX_QUERY_LENGTH} characters: ${problem}`, { exchange: page.exchange });
  });
}

export const checks = [searchFields, searchTrimmedLowercased, searchShortQueryUnfiltered, searchMaxLength];
