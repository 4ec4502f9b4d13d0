// Sections 4.1 and 7: whatever the request, the answer is one the OpenAPI document
// describes, and an error carries the Error body with the HTTP status as its code.
import fc from 'fast-check';
import { stringMatching } from '../../generators/string-matching.ts';
import { dateArb, invalidLimitArb, searchQueryArb, unknownSortArb } from '../../generators/functions-fixtures.ts';
import type { CredentialName } from '../../harness/config.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { responseErrors } from '../../harness/validator.ts';
import { FIXTURES_OR_EXISTING, listFunctions, SHARED_SETS, withFunctions } from './client.ts';
import { PAGED_VERSION } from '../support/versions.ts';
import { describeBody } from '../support/json.ts';
import { errorBodyProblem } from '../support/error-body.ts';
import { FUNCTION_SORTS } from '../../spec/facts.ts';

const responsesDocumented = rule('functions.responses.documented', { ...FIXTURES_OR_EXISTING, shares: SHARED_SETS.small.name }, (t: Check) =>
  withFunctions(t, async (fixtures) => {
    const credentials = (['admin', 'member', 'noScope'] as const).filter((name) => t.config.credentials[name] !== undefined);
    // Valid and invalid values of every input, mixed: the answer must be documented either way.
    const requestArb = fc.record({
      credential: fc.constantFrom<CredentialName>(...credentials),
      version: fc.oneof(
        fc.constant(null),
        dateArb(PAGED_VERSION, '2099-12-31'),
        dateArb('2000-01-01', '2026-04-27'),
        fc.constantFrom('latest', '2026-4-28', '28-04-2026'),
      ),
      query: fc.record(
        {
          limit: fc.oneof(fc.integer({ min: 1, max: 400 }).map(String), invalidLimitArb),
          sort: fc.oneof(fc.constantFrom(...FUNCTION_SORTS), unknownSortArb),
          q: fc.oneof(searchQueryArb(fixtures), stringMatching(/^[a-z]{201,240}$/)),
          anchor: fc.constantFrom('end', 'start'),
          cursor: stringMatching(/^[A-Za-z0-9_-]{1,60}$/),
        },
        { requiredKeys: [] },
      ),
    });
    await t.property(requestArb, async ({ credential, version, query }) => {
      const res = await listFunctions(t, query, { token: t.token(credential), version });
      t.assert(res.isJson, `every answer of GET /functions has a JSON body; got ${res.status} with ${describeBody(res)}`);
      const schemaProblems = responseErrors('controlPlane', 'listFunctions', res.status, res.json);
      t.assert(schemaProblems.length === 0, `the ${res.status} answer does not match the OpenAPI document: ${schemaProblems.slice(0, 5).join('; ')}`);
      if (res.status >= 400) {
        const problem = errorBodyProblem(res);
        t.assert(!problem, `the ${res.status} answer must carry the Error body of section 7: ${problem}`);
      }
    });
  }),
);

export const checks = [responsesDocumented];
