// Section 5: listing functions accepts the functions:list scope (or an API key); a
// credential without it is refused with 403 (section 7). The 401s are the auth suite's.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectOnListing, fetchPage, FIXTURES, listFunctions, SHARED_SETS, withFunctions } from './client.ts';
import { pageOfProblem } from './oracle.ts';
import { PAGED_VERSION } from '../support/versions.ts';
import { errorBodyProblem } from '../support/error-body.ts';
import { FUNCTION_SORTS } from '../../spec/facts.ts';

const queryArb = fc.record({
  sort: fc.constantFrom(...FUNCTION_SORTS),
  limit: fc.integer({ min: 1, max: 60 }),
});

const authListScopeAccepted = rule(
  'functions.auth.list-scope-accepted',
  { ...FIXTURES, needs: [...FIXTURES.needs, 'member'], existing: ['member'], shares: SHARED_SETS.small.name },
  (t: Check) =>
    withFunctions(t, async (fixtures) => {
      const member = t.token('member');
      await t.property(queryArb, async (query) => {
        const what = `the member credential (functions:list scope) listing ${JSON.stringify(query)}`;
        const page = await fetchPage(t, query, what, { token: member });
        await expectOnListing(t, fixtures, (listing) => pageOfProblem(page.items, listing, query.limit), (problem) => `${what} must get a page of the workspace's functions: ${problem}`, { exchange: page.exchange });
      });
    }),
);

// Needs no fixtures: the refusal comes before any listing.
const authNoScopeForbidden = rule('functions.auth.no-scope-forbidden', { needs: ['noScope'] }, async (t: Check) => {
  const noScope = t.token('noScope');
  // Only the version every target knows, and none: an unknown date may be refused before the credential is read.
  const caseArb = fc.record({ query: queryArb, version: fc.constantFrom<string | null>(null, PAGED_VERSION) });
  await t.property(caseArb, async ({ query, version }) => {
    const res = await listFunctions(t, query, { token: noScope, version });
    t.assert(res.status === 403, `a credential without the functions:list scope must be refused with 403; got ${res.status}`);
    const problem = errorBodyProblem(res);
    t.assert(!problem, `the 403 must carry an Error body: ${problem}`);
  });
});

export const checks = [authListScopeAccepted, authNoScopeForbidden];
