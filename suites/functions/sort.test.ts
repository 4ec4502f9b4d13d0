// Section 4.1: the sort enum, its default, and unknown values.
import fc from 'fast-check';
import { unknownSortArb } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectFirstPage, expectOnListing, fetchPage, FIXTURES_OR_EXISTING, LISTING_ROUNDS, listFunctions, overListingRounds, sharedFixtureSet, SHARED_SETS, withNameOrder } from './client.ts';
import { nameOrderExchange, nameOrderProblem } from './oracle.ts';
import { expectRefused } from '../support/error-body.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTION_SORTS } from '../../spec/facts.ts';

/** A limit for a round of the listing (with createdAt ties); always given: the default limit is another rule's. */
const firstPageParams = fc.record({ limit: fc.integer({ min: 1, max: 60 }) });

const sortDefaultCreatedAtDesc = rule('functions.sort.default-created-at-desc', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  await overListingRounds(t, firstPageParams, async ({ fixtures, limit }) => {
    const what = `no sort, limit=${limit} over ${fixtures.length} functions (the default is ${DEFAULT_FUNCTION_SORT})`;
    const page = await fetchPage(t, { limit }, what);
    await expectFirstPage(t, page, fixtures, { sort: DEFAULT_FUNCTION_SORT, limit }, what);
  });
});

const sortOrders = rule('functions.sort.orders', { ...FIXTURES_OR_EXISTING, shares: LISTING_ROUNDS }, async (t: Check) => {
  await overListingRounds(t, firstPageParams, async ({ fixtures, limit }) => {
    // Each name sort's page follows the target's order of names, name:desc its exact reverse (oracle.ts orderingsOf).
    await t.atOnce(
      FUNCTION_SORTS.map((sort) => async () => {
        const what = `sort=${sort} limit=${limit} over ${fixtures.length} functions`;
        await expectFirstPage(t, await fetchPage(t, { sort, limit }, what), fixtures, { sort, limit }, what);
      }),
    );
    // That order is one every collation could give: names of lowercase letters alone in the order of words.
    const ordered = await withNameOrder(t, fixtures);
    await expectOnListing(t, ordered, nameOrderProblem, (problem) => `sort=name:asc must order the names: ${problem}`, { exchange: nameOrderExchange(ordered) });
  });
});

const sortUnknownRejected = rule('functions.sort.unknown-rejected', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.small.name }, async (t: Check) => {
  // The refusal depends on no data: on existing data whatever the workspace holds will do.
  if (t.data === 'set') await sharedFixtureSet(t);
  await t.property(unknownSortArb, async (sort) => {
    expectRefused(t, await listFunctions(t, { sort }), `sort=${JSON.stringify(sort)} (not one of ${FUNCTION_SORTS.join(', ')})`);
  });
});

export const checks = [sortDefaultCreatedAtDesc, sortOrders, sortUnknownRejected];
