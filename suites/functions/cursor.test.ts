// Sections 4.1, 7 and 8: a cursor is valid only for its own query and for 24 hours.
import fc from 'fast-check';
import { forgedCursorArb, sampleFixtureSet, searchQueryArb, unmatchedQueryArb } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { fetchPage, FIXTURES, FIXTURES_OR_EXISTING, listFunctions, requireFunctions, setFunctions, SHARED_SETS, withFunctions, type ListQuery } from './client.ts';
import { normaliseQuery, sharedNamePieces, type Listing } from './oracle.ts';
import { cursorAgesArb, cursorKind, onOneTimeline, type CursorAges } from '../support/cursor-lifetime.ts';
import { expectRefused } from '../support/error-body.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTION_SORTS, type FunctionSort } from '../../spec/facts.ts';


const sharesCursorSet = { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.cursor.name };

/** The functions the cursor checks read: on existing data, enough for a first page of `limit` to have a next page. */
function withCursorSet(t: Check, body: (fixtures: Listing) => Promise<void>, limit = 1): Promise<void> {
  return withFunctions(t, async (fixtures) => {
    requireFunctions(t, fixtures, limit + 1, `a first page of ${limit} with a next page, to have a cursor`);
    await body(fixtures);
  });
}

/** The cursors a check was issued, by query and page: a cursor reused with another query is refused, and stays valid for its own. */
const issuedByCheck = new WeakMap<Check, Map<string, Promise<string>>>();

/**
 * The nextCursor of the first page of `query` (`page` 1), or of the page after it (2),
 * asked once per check (a cursor's age does not matter to the binding rules): "valid only
 * for the same query" holds for every page's cursor.
 */
function cursorOf(t: Check, query: ListQuery, page: CursorPage = 1): Promise<string> {
  let issued = issuedByCheck.get(t);
  if (!issued) issuedByCheck.set(t, (issued = new Map()));
  const key = JSON.stringify([query, page]);
  if (!issued.has(key)) issued.set(key, page === 1 ? issuedCursor(t, query) : cursorOf(t, query, 1).then((cursor) => issuedCursor(t, { ...query, cursor })));
  return issued.get(key)!;
}

/** Which page's cursor a binding case reuses: the first page's, or the second's. */
type CursorPage = 1 | 2;
const pageWord = (page: CursorPage) => (page === 1 ? 'first' : 'second');

/** The nextCursor of the page of `query` (the first, or the one after its cursor), which must have a next page. */
async function issuedCursor(t: Check, query: ListQuery): Promise<string> {
  const { cursor, ...rest } = query;
  const what = `the ${cursor === undefined ? 'first page' : 'page after a cursor'} of ${JSON.stringify(rest)}`;
  const page = await fetchPage(t, query, what);
  t.assert(page.hasMore && page.nextCursor !== '', `${what} must have a next page (more functions match than the limit), got hasMore ${page.hasMore} and nextCursor ${JSON.stringify(page.nextCursor)}`);
  return page.nextCursor;
}

/**
 * The other sorts a cursor issued for `sort` may be reused with: every other value, and
 * none (left out) where that is another query, `sort` not being the default; for a cursor
 * issued with none, every value but the default. Each case tries them all: four values
 * leave few, and a target may check only some of them.
 */
const otherSorts = (sort: FunctionSort | undefined): (FunctionSort | undefined)[] =>
  sort === undefined ? FUNCTION_SORTS.filter((s) => s !== DEFAULT_FUNCTION_SORT) : [...FUNCTION_SORTS.filter((s) => s !== sort), ...(sort === DEFAULT_FUNCTION_SORT ? [] : [undefined])];
const sortWords = (sort: FunctionSort | undefined) => (sort === undefined ? `no sort (the default ${DEFAULT_FUNCTION_SORT})` : `sort=${sort}`);

/**
 * A page's cursor and a limit from 1 to 5 that leaves that page a next one: the shared
 * set has 10 functions at least, existing data 2 (a second page's cursor needs 3).
 */
const pagedCursorArb = (fixtures: Listing) =>
  fc.constantFrom<CursorPage>(...(fixtures.length >= 3 ? ([1, 2] as const) : ([1] as const))).chain((page) => fc.record({ page: fc.constant(page), limit: fc.integer({ min: 1, max: Math.min(5, Math.floor((fixtures.length - 1) / page)) }) }));

const cursorBoundToSort = rule('functions.cursor.bound-to-sort', sharesCursorSet, (t: Check) =>
  withCursorSet(t, (fixtures) =>
    t.property(fc.record({ issuedFor: fc.constantFrom(undefined, ...FUNCTION_SORTS), paged: pagedCursorArb(fixtures) }), async ({ issuedFor, paged: { page, limit } }) => {
      const cursor = await cursorOf(t, { sort: issuedFor, limit }, page);
      for (const reusedWith of otherSorts(issuedFor)) {
        const res = await listFunctions(t, { sort: reusedWith, limit, cursor });
        expectRefused(t, res, `the ${pageWord(page)} page's cursor of ${sortWords(issuedFor)} reused with ${sortWords(reusedWith)}`);
      }
    }),
  ),
);

const cursorBoundToQ = rule('functions.cursor.bound-to-q', sharesCursorSet, (t: Check) =>
  withCursorSet(t, async (fixtures) => {
    // The first query: none, or a piece of two names or more (so limit 1 leaves a next page).
    const [shared] = sharedNamePieces(fixtures);
    const firstArb = shared === undefined ? fc.constant(undefined) : fc.constantFrom(undefined, shared);
    const caseArb = firstArb.chain((first) =>
      fc.record({
        first: fc.constant(first),
        // Another q: one the server searches (2 characters or more) that differs from the first once normalised,
        // or none (left out) after a search.
        second: fc.oneof(
          fc.oneof(searchQueryArb(fixtures), unmatchedQueryArb).filter((q) => normaliseQuery(q) !== '' && normaliseQuery(q) !== normaliseQuery(first ?? '')),
          ...(first === undefined || normaliseQuery(first) === '' ? [] : [fc.constant(undefined)]),
        ),
      }),
    );
    await t.property(caseArb, async ({ first, second }) => {
      const cursor = await cursorOf(t, { q: first, limit: 1 });
      const res = await listFunctions(t, { q: second, limit: 1, cursor });
      expectRefused(t, res, `a cursor issued for q=${JSON.stringify(first ?? '(none)')} and reused with ${second === undefined ? 'no q' : `q=${JSON.stringify(second)}`}`);
    });
  }),
);

const cursorBoundToWorkspace = rule(
  'functions.cursor.bound-to-workspace',
  { ...sharesCursorSet, needs: [...FIXTURES.needs, 'otherWorkspace'], existing: ['otherWorkspace'] },
  (t: Check) =>
    withCursorSet(t, async (fixtures) => {
      const other = t.token('otherWorkspace');
      await t.property(fc.record({ sort: fc.constantFrom(...FUNCTION_SORTS), paged: pagedCursorArb(fixtures) }), async ({ sort, paged: { page, limit } }) => {
        const query = { sort, limit };
        const cursor = await cursorOf(t, query, page);
        const res = await listFunctions(t, { ...query, cursor }, { token: other });
        expectRefused(t, res, `the ${pageWord(page)} page's cursor of ${JSON.stringify(query)}, issued in one workspace and sent with the credential of another`);
      });
    }),
);

const cursorNeverIssuedRejected = rule('functions.cursor.never-issued-rejected', sharesCursorSet, (t: Check) =>
  withCursorSet(
    t,
    async () => {
      const issued = await issuedCursor(t, { limit: 2 });
      await t.property(forgedCursorArb(issued), async ({ kind, cursor }) => {
        const res = await listFunctions(t, { limit: 2, cursor });
        expectRefused(t, res, `a cursor the server never issued (${kind} from one it did)`);
      });
    },
    2,
  ),
);

const cursorExpiresAfter24h = rule('functions.cursor.expires-after-24h', { ...FIXTURES, resetsTarget: true }, (t: Check) =>
  t.withClock(async (clock) => {
    // It holds every group (it moves the clock), so it reads the cursor rules' kind of set beside none of them.
    await setFunctions(t, sampleFixtureSet(t.seed, SHARED_SETS.cursor.options));
    // One cursor per case: used once within 24 hours of when it was issued, then again after more than 24 hours.
    const use = async (ages: CursorAges, cursor: string, age: 'withinSeconds' | 'beyondSeconds') => {
      const which = `a cursor ${cursorKind(ages)}`;
      if (age === 'withinSeconds') await fetchPage(t, { limit: 1, cursor }, `${which} used ${ages.withinSeconds} s after it was issued (within 24 hours) must still be accepted`);
      else expectRefused(t, await listFunctions(t, { limit: 1, cursor }), `${which} used ${ages.beyondSeconds} s after it was issued (older than 24 hours)`);
    };
    const onTimeline = (cases: readonly CursorAges[]) => onOneTimeline(t, clock, cases, () => issuedCursor(t, { limit: 1 }), (_c, cursor) => issuedCursor(t, { limit: 1, cursor }), use);
    await t.property(cursorAgesArb, (ages) => onTimeline([ages]), { together: onTimeline });
  }),
);

export const checks = [cursorBoundToSort, cursorBoundToQ, cursorBoundToWorkspace, cursorNeverIssuedRejected, cursorExpiresAfter24h];
