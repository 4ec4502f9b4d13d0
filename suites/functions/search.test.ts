// Sections 4.1 and 8: the q search. One fixture set per check; the runs vary the query,
// and the expected result is computed from the fixtures (oracle.ts).
import fc from 'fast-check';
import {
  longLabelValues,
  overlongQueryArb,
  queryPerFieldArb,
  sampleFixtureSet,
  SCRAMBLE_PADDING,
  scrambleCaseAndSpaces,
  shortQueryArb,
  type ListedFunction,
} from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectSlice, fetchPage, FIXTURE_NEEDS, listFunctions, pageOf, setFunctions, sharedFixtureSet, SHARED_SETS } from './client.ts';
import { matchProblem } from './oracle.ts';
import { describeBody } from '../support/json.ts';
import { FUNCTION_SORTS, FUNCTIONS_MAX_LIMIT, MAX_QUERY_LENGTH } from '../../spec/facts.ts';


/** Each search (sent at once) must return exactly the functions the oracle matches; `field` says where the query came from. */
async function expectMatches(t: Check, fixtures: readonly ListedFunction[], queries: ReadonlyArray<[string, string]>): Promise<void> {
  await t.atOnce(
    queries.map(([field, q]) => async () => {
      const page = await fetchPage(t, { q, limit: FUNCTIONS_MAX_LIMIT, sort: 'name:asc' }, `q=${JSON.stringify(q)}`);
      const problem = matchProblem(page.names, fixtures, q);
      t.assert(!problem, `${problem} (the query is a piece of a ${field})`, page.exchange);
    }),
  );
}

const sharesSearchSet = { needs: FIXTURE_NEEDS, shares: SHARED_SETS.search.name };

const searchFields = rule('functions.search.fields', sharesSearchSet, async (t: Check) => {
  const fixtures = await sharedFixtureSet(t);
  await t.property(queryPerFieldArb(fixtures), (queries) => expectMatches(t, fixtures, queries));
});

const searchTrimmedLowercased = rule('functions.search.trimmed-lowercased', sharesSearchSet, async (t: Check) => {
  const fixtures = await sharedFixtureSet(t);
  const queriesArb = queryPerFieldArb(fixtures, MAX_QUERY_LENGTH - SCRAMBLE_PADDING).chain((queries) =>
    fc.tuple(...queries.map(([field, q]) => scrambleCaseAndSpaces(q).map((scrambled): [string, string] => [field, scrambled]))),
  );
  await t.property(queriesArb, (queries) => expectMatches(t, fixtures, queries));
});

const searchShortQueryUnfiltered = rule('functions.search.short-query-unfiltered', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  // No label shared by all: a one-character filter would then narrow the listing. At most 200 functions: one page at limit 200.
  const fixtures = sampleFixtureSet(t.seed, { minSize: 20, maxSize: 60 });
  await setFunctions(t, fixtures);
  await t.property(fc.record({ q: shortQueryArb, sort: fc.constantFrom(...FUNCTION_SORTS) }), async ({ q, sort }) => {
    const what = `q=${JSON.stringify(q)} (under 2 characters after trimming) sort=${sort}`;
    const page = await fetchPage(t, { q, sort, limit: FUNCTIONS_MAX_LIMIT }, what);
    expectSlice(t, page, fixtures, { sort, offset: 0, count: fixtures.length }, `${what} must list all ${fixtures.length} functions`);
  });
});

const searchMaxLength = rule('functions.search.max-length', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const fixtures = sampleFixtureSet(t.seed, { minSize: 5, maxSize: 20, longLabelValues: true });
  await setFunctions(t, fixtures);
  await t.property(overlongQueryArb(longLabelValues(fixtures)), async (q) => {
    const res = await listFunctions(t, { q, limit: FUNCTIONS_MAX_LIMIT });
    if (res.status >= 400 && res.status < 500) return;
    const what = `q of ${q.length} characters (over ${MAX_QUERY_LENGTH})`;
    t.assert(res.status === 200, `${what} must be rejected with a 4xx or searched as its first ${MAX_QUERY_LENGTH} characters; got ${res.status} with ${describeBody(res)}`);
    const page = pageOf(t, res, what);
    const problem = matchProblem(page.names, fixtures, q.slice(0, MAX_QUERY_LENGTH));
    t.assert(!problem, `${what} was served, so it must be searched as its first ${MAX_QUERY_LENGTH} characters: ${problem}`);
  });
});

export const checks = [searchFields, searchTrimmedLowercased, searchShortQueryUnfiltered, searchMaxLength];
