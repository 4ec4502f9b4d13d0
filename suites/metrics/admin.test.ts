// Sections 4.1 and 7: `workspace=<name>` and any groupBy containing workspace are
// for account admins only; others get 403 with the message "Access denied". Every
// other query is served to any credential that may read metrics.
import fc from 'fast-check';
import { filtersArb, groupByArb, hoursWindowArb, oneEventPerWorkspace, resolvedWindowArb, WORKSPACES } from '../../generators/metrics-fixtures.ts';
import type { HttpResponse } from '../../harness/http.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { describe, expectPage, getMetrics, setUsage, type MetricsRequest } from './client.ts';
import { insertAt } from './scenario.ts';
import { withUsage } from './existing.ts';
import { expectRefused } from '../support/error-body.ts';

const ACCESS_DENIED = 'Access denied';
const withoutWorkspace = (t: Check) => t.config.profile.groupByDimensions.filter((d) => d !== 'workspace');

function expectAccessDenied(t: Check, res: HttpResponse, what: string): void {
  expectRefused(t, res, what, { status: 403 });
  const body = res.json as { message?: unknown };
  t.assert(body.message === ACCESS_DENIED, `${what}: the 403 message must be "${ACCESS_DENIED}" (section 7), got ${JSON.stringify(body.message)}`);
}

/** The member is refused with 403 "Access denied"; the account admin is served the same query. */
async function expectAdminOnly(t: Check, request: MetricsRequest): Promise<void> {
  const query = describe(request);
  expectAccessDenied(t, await getMetrics(t, request, t.token('member')), `${query} from a caller who is not account admin`);
  expectPage(t, await getMetrics(t, request), `${query} from the account admin`);
}

const adminWorkspaceFilter = rule(
  'metrics.admin.workspace-filter',
  { needs: ['accountId', 'member', 'control', 'writes'], states: ['usage'], existing: ['accountId', 'member'] },
  async (t: Check) => {
    const filtered = (workspaces: string[]) => {
      const input = fc.record({ window: hoursWindowArb, workspace: fc.constantFrom(...workspaces), groupBy: groupByArb(withoutWorkspace(t), 0, 2) });
      return t.property(input, ({ window, workspace, groupBy }) => expectAdminOnly(t, { window, workspace, groupBy }));
    };
    // On existing data, the workspaces the account's usage names (existing.ts).
    if (t.data === 'existing') return withUsage(t, (scenario) => filtered([...new Set(scenario.resources.map((r) => r.workspace))]));
    // Events in every workspace the filter names, so that the admin's filter names a workspace the account has.
    await setUsage(t, oneEventPerWorkspace);
    await filtered(WORKSPACES);
  },
);

const adminGroupByWorkspace = rule('metrics.admin.group-by-workspace', { needs: ['accountId', 'member'] }, async (t: Check) => {
  const input = fc.record({ window: hoursWindowArb, others: groupByArb(withoutWorkspace(t), 0, 2), at: fc.nat() });
  await t.property(input, ({ window, others, at }) => expectAdminOnly(t, { window, groupBy: insertAt(others, at, 'workspace') }));
});

const adminOtherQueriesAllowed = rule('metrics.admin.other-queries-allowed', { needs: ['accountId', 'member'] }, async (t: Check) => {
  const input = fc.record({
    resolved: resolvedWindowArb(t.config.profile),
    groupBy: groupByArb(withoutWorkspace(t), 0, 3),
    resourceType: filtersArb.map((f) => f.resourceType),
  });
  await t.property(input, async ({ resolved, groupBy, resourceType }) => {
    const request = { window: resolved.window, groupBy, resourceType, resolution: resolved.explicit ? resolved.resolution.name : undefined };
    const res = await getMetrics(t, request, t.token('member'));
    expectPage(t, res, `${describe(request)} (neither workspace= nor groupBy workspace) from a caller who may read metrics but is not account admin`);
  });
});

export const checks = [adminWorkspaceFilter, adminGroupByWorkspace, adminOtherQueriesAllowed];
