// Section 4.1, 7, 8: groupBy takes at most 3 dimensions, each from the group-by enum.
import fc from 'fast-check';
import { stringMatching } from '../../generators/string-matching.ts';
import { groupByArb, hoursWindowArb } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { expectPage, getMetrics, metricsPath } from './client.ts';
import { insertAt } from './scenario.ts';
import { expectRefused } from '../support/error-body.ts';
import { MAX_GROUP_BY } from '../../spec/facts.ts';


const groupByAtMostThree = rule('metrics.group-by.at-most-three', { needs: ['accountId'] }, async (t: Check) => {
  const dimensions = t.config.profile.groupByDimensions;
  const groupBy =
    dimensions.length > MAX_GROUP_BY
      ? fc.oneof(groupByArb(dimensions, 1, MAX_GROUP_BY), groupByArb(dimensions, MAX_GROUP_BY + 1, dimensions.length))
      : groupByArb(dimensions, 1, MAX_GROUP_BY);
  await t.property(fc.record({ window: hoursWindowArb, groupBy }), async ({ window, groupBy }) => {
    const res = await getMetrics(t, { window, groupBy });
    const what = `groupBy=${groupBy.join(',')} (${groupBy.length} distinct dimensions) from the account admin`;
    if (groupBy.length <= MAX_GROUP_BY) expectPage(t, res, what);
    else expectRefused(t, res, `${what}, above the maximum of ${MAX_GROUP_BY},`, { status: 400 });
  });
});

const groupByUnknownRejected = rule('metrics.group-by.unknown-rejected', { needs: ['accountId'] }, async (t: Check) => {
  // The valid values: the profile's, and whatever the target's enum adds.
  const known = new Set(t.config.profile.groupByDimensions);
  const res = await t.api(metricsPath(t, '/enums/group-by'), { token: t.config.credentials.admin });
  const listed = (res.json as Record<string, unknown> | undefined)?.[t.config.profile.enumValuesKey];
  if (res.status === 200 && Array.isArray(listed)) for (const v of listed) known.add(String(v));
  const unknown = fc
    .oneof(fc.constantFrom('region', 'cost', 'account', 'resource', 'project', 'time'), stringMatching(/^[a-z][a-z_]{0,15}$/))
    .filter((v) => !known.has(v));
  const valid = t.config.profile.groupByDimensions;
  const input = fc.record({ window: hoursWindowArb, others: groupByArb(valid, 0, 2), unknown, at: fc.nat() });
  await t.property(input, async ({ window, others, unknown, at }) => {
    const groupBy = insertAt(others, at, unknown);
    const res = await getMetrics(t, { window, groupBy });
    expectRefused(t, res, `groupBy=${groupBy.join(',')}, where "${unknown}" is not in the group-by enum,`);
  });
});

export const checks = [groupByAtMostThree, groupByUnknownRejected];
