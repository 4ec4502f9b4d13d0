// Section 4.1: startTime and endTime are required; a request without them, or with
// a value that is no date-time, is refused (4xx), never failed (5xx).
import fc from 'fast-check';
import { badWindowArb, groupByArb, hoursWindowArb } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { metricsPath } from './client.ts';
import { badWindowQuery, expectEachBadBoundRefused } from './params.ts';
import { expectRefused } from '../support/error-body.ts';

const paramsWindowRequired = rule('metrics.params.window-required', { needs: ['accountId'] }, async (t: Check) => {
  await expectEachBadBoundRefused(t, 'the metrics endpoint', (query) => t.api(metricsPath(t), { token: t.config.credentials.admin, query }));
  const input = fc.record({ window: hoursWindowArb, bad: badWindowArb, groupBy: groupByArb(t.config.profile.groupByDimensions, 0, 3) });
  await t.property(input, async ({ window, bad, groupBy }) => {
    const { query, what } = badWindowQuery(window, bad);
    const res = await t.api(metricsPath(t), { token: t.config.credentials.admin, query: { ...query, groupBy: groupBy.join(',') || undefined } });
    expectRefused(t, res, `the metrics endpoint with ${what}`);
  });
});

export const checks = [paramsWindowRequired];
