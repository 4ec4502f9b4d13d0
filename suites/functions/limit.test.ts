// Sections 4.1 and 8: limit defaults to 50, is honoured from 1 to 200 and clamped above.
import fc from 'fast-check';
import { fixtureSetArb, invalidLimitArb, sampleFixtureSet, type FunctionFixture } from '../../generators/functions-fixtures.ts';
import { rule, type Check } from '../../harness/check.ts';
import { expectRefused } from '../support/error-body.ts';
import { expectSlice, fetchPage, FIXTURE_NEEDS, listFunctions, pageOf, setFunctions } from './listing.ts';
import { DEFAULT_LIMIT, MAX_LIMIT, SORTS, type Sort } from './oracle.ts';

// A sort is always given: the default sort is another rule's.
const sortArb = fc.constantFrom(...SORTS);

/** The first page for `limit` (and `sort`) must be the first `count` functions of the listing. */
async function expectFirstPage(t: Check, fixtures: readonly FunctionFixture[], query: { limit?: number; sort: Sort }, count: number) {
  const what = `limit=${query.limit ?? '(none)'} sort=${query.sort} over ${fixtures.length} functions`;
  const page = await fetchPage(t, query, what);
  expectSlice(t, page, fixtures, { sort: query.sort, offset: 0, count }, what);
}

rule('functions.limit.default-50', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const caseArb = fc.record({ fixtures: fixtureSetArb({ minSize: 40, maxSize: 130 }), sort: sortArb });
  await t.property(caseArb, async ({ fixtures, sort }) => {
    await setFunctions(t, fixtures);
    await expectFirstPage(t, fixtures, { sort }, Math.min(DEFAULT_LIMIT, fixtures.length));
  });
});

rule('functions.limit.honoured', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  // More functions than the largest limit, so every limit fills its page.
  const fixtures = sampleFixtureSet(t.seed, { minSize: MAX_LIMIT + 1, maxSize: 240 });
  await setFunctions(t, fixtures);
  const check = ({ limit, sort }: { limit: number; sort: Sort }) => expectFirstPage(t, fixtures, { limit, sort }, limit);
  await check({ limit: 1, sort: 'name:asc' });
  await check({ limit: MAX_LIMIT, sort: 'createdAt:desc' });
  await t.property(fc.record({ limit: fc.integer({ min: 1, max: MAX_LIMIT }), sort: sortArb }), check);
});

rule('functions.limit.clamped-to-200', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const fixtures = sampleFixtureSet(t.seed, { minSize: MAX_LIMIT + 1, maxSize: 600 });
  await setFunctions(t, fixtures);
  const check = ({ limit, sort }: { limit: number; sort: Sort }) => expectFirstPage(t, fixtures, { limit, sort }, MAX_LIMIT);
  await check({ limit: MAX_LIMIT + 1, sort: 'name:desc' });
  const limitArb = fc.oneof(fc.integer({ min: MAX_LIMIT + 1, max: 1000 }), fc.integer({ min: 1001, max: 2 ** 31 - 1 }));
  await t.property(fc.record({ limit: limitArb, sort: sortArb }), check);
});

rule('functions.limit.invalid-not-served', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  // Two functions at least: a page of the default size is then not a page of one.
  const fixtures = sampleFixtureSet(t.seed, { minSize: 2, maxSize: 5 });
  await setFunctions(t, fixtures);
  const check = async (limit: string) => {
    const sort = 'name:asc';
    const res = await listFunctions(t, { limit, sort });
    const what = `limit=${limit} (the specification allows 1 to 200, larger values clamped)`;
    // CONTRACT 3: an integer under the minimum is refused with a 4xx, or clamped to the minimum; both are legal.
    if (/^-?\d+$/.test(limit) && res.status === 200) {
      const page = pageOf(t, res, `${what}, served`);
      return expectSlice(t, page, fixtures, { sort, offset: 0, count: 1 }, `${what} is under 1: served, it must be clamped to 1`);
    }
    t.assert(res.status < 500, `${what} is the client's error and must not be answered with a 5xx; got ${res.status}`);
    expectRefused(t, res, `${what}, ${/^-?\d+$/.test(limit) ? 'under 1 and not clamped to 1,' : 'not an integer,'}`);
  };
  await check('0');
  await t.property(invalidLimitArb, check);
});
