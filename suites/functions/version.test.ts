// Section 9: Service-Version selects the listing's shape.
import fc from 'fast-check';
import { dateArb, fixtureSetArb, sampleFixtureSet, searchQueryArb } from '../../generators/functions-fixtures.ts';
import { rule, type Check } from '../../harness/check.ts';
import { fetchPage, FIXTURE_NEEDS, legacyNamesOf, listFunctions, PAGED_VERSION, readLegacy, readPage, setFunctions } from './listing.ts';
import { resolveNames, SORTS, wholeSetProblem } from './oracle.ts';
import { describeBody } from '../support/json.ts';

const LAST_LEGACY_DATE = '2026-04-27';
/** Dates from the boundary on: near it, and far into the future. */
const pagedDateArb = fc.oneof(dateArb(PAGED_VERSION, '2030-12-31'), dateArb('2031-01-01', '9999-12-31'));
const legacyDateArb = fc.oneof(fc.constant(LAST_LEGACY_DATE), dateArb('2000-01-01', LAST_LEGACY_DATE));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

rule('functions.version.paged-from-2026-04-28', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const fixtures = sampleFixtureSet(t.seed, { minSize: 1, maxSize: 10 });
  await setFunctions(t, fixtures);
  const check = async (version: string) => {
    const page = await fetchPage(t, {}, `Service-Version: ${version} (on or after ${PAGED_VERSION})`, { version });
    const resolved = resolveNames(page.names, fixtures);
    t.assert(!('problem' in resolved), `Service-Version: ${version}: data must hold the workspace's functions: ${'problem' in resolved ? resolved.problem : ''}`);
  };
  await check(PAGED_VERSION);
  await t.property(pagedDateArb, check);
});

rule('functions.version.legacy-before-2026-04-28', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  // sort, q, limit and cursor are sent with valid values: an old version ignores them.
  const caseArb = fixtureSetArb({ minSize: 0, maxSize: 30 }).chain((fixtures) =>
    fc.record({
      fixtures: fc.constant(fixtures),
      version: legacyDateArb,
      sort: optional(fc.constantFrom(...SORTS)),
      q: optional(searchQueryArb(fixtures)),
      limit: optional(fc.integer({ min: 1, max: 30 })),
      withCursor: fc.boolean(),
    }),
  );
  await t.property(caseArb, async ({ fixtures, version, withCursor, ...query }) => {
    await setFunctions(t, fixtures);
    // A cursor the paged listing issued for this workspace, when it gives one (from 2 functions on).
    const cursor = withCursor && fixtures.length >= 2 ? readPage(await listFunctions(t, { limit: 1 }))?.nextCursor : undefined;
    const res = await listFunctions(t, { ...query, ...(cursor ? { cursor } : {}) }, { version });
    const problem = wholeSetProblem(legacyNamesOf(t, res, `Service-Version: ${version}`), fixtures);
    t.assert(!problem, `Service-Version: ${version} (before ${PAGED_VERSION}) must list every function whatever sort, q, limit and cursor say: ${problem}`);
  });
});

rule('functions.version.unversioned-either-shape', { needs: FIXTURE_NEEDS }, async (t: Check) => {
  const pinned = t.config.profile.unversionedListing;
  const caseArb = fc.record({
    fixtures: fixtureSetArb({ minSize: 0, maxSize: 40 }),
    sort: optional(fc.constantFrom(...SORTS)),
    // Always given: the default limit is another rule's.
    limit: fc.integer({ min: 1, max: 40 }),
  });
  await t.property(caseArb, async ({ fixtures, ...query }) => {
    await setFunctions(t, fixtures);
    const res = await listFunctions(t, query, { version: null });
    const page = readPage(res);
    const legacy = readLegacy(res);
    if (page && pinned !== 'legacy') {
      const count = Math.min(query.limit, fixtures.length);
      const resolved = resolveNames(page.names, fixtures);
      const problem = 'problem' in resolved ? resolved.problem : page.names.length === count ? undefined : `it holds ${page.names.length}`;
      t.assert(!problem, `without Service-Version the answer is a FunctionList, so it must be a page of ${count} of the ${fixtures.length} functions: ${problem}`);
    } else if (legacy && pinned !== 'paged') {
      const problem = wholeSetProblem(legacy, fixtures);
      t.assert(!problem, `without Service-Version the answer is a bare array, so it must hold every function: ${problem}`);
    } else {
      const accepted = pinned === null ? 'a FunctionList {data, meta} or a bare array of every function' : `the ${pinned} shape (pinned by the profile)`;
      t.fail(`without Service-Version the listing must be 200 with ${accepted}; got ${res.status} with ${describeBody(res)}`);
    }
  });
});
