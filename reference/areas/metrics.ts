// Account usage metrics (sections 2.7, 2.8, 4.1, 7, 8): the main endpoint and its
// two enums, over the events of the `usage` provider state. Details the
// specification does not show come from the default profile (CONTRACT section 3).
import { defaultProfile } from '../../spec/profile.ts';
import { apiError, type Area, type AreaEnv, type Reply, type Route, type RouteRequest } from '../area.ts';
import { CURSOR_LIFETIME_MS, cursorRejectionStatus, LaterPageCursors, type Binding, type CursorRejection } from '../cursors.ts';
import type { Principal } from '../identities.ts';
import { parseMetricsQuery, parseWindow, type MetricsQuery, type QueryChoices } from './metrics/query.ts';
import { groupWindow, metricsPage, type Grouping, type GroupingChoices } from './metrics/report.ts';
import { UsageStore } from './metrics/store.ts';

const profile = defaultProfile;
/** `/accounts/{accountId}/metrics` as a route template. */
const metricsPath = profile.metricsPath.replace('{accountId}', ':accountId');
const HOUR_MS = 3_600_000;
/** What a cursor's resolution is bound to under the faults that do not bind its name: one named, or one left to the window. */
const RESOLUTION_NAMED = '(named)';
const RESOLUTION_LEFT_OUT = '(left out)';

export function metricsArea(env: AreaEnv): Area {
  const store = new UsageStore(env.variants.has('event-amounts-truncated') ? 'truncated' : 'exact');
  const { faults } = env;
  /**
   * The last query's grouping: the pages of one query share it, so a walk over N pages groups
   * the window's events once instead of N times (200,000 events take about 0.2 s to group).
   */
  let lastGrouping: { key: string; grouping: Grouping } | undefined;
  /** Every query's grouping, whatever the usage became since (fault metrics-answer-kept-across-usage). */
  const keptAcrossUsage = new Map<string, Grouping>();

  const groupingChoices: GroupingChoices = {
    entryWithoutEvents: !env.variants.has('empty-window-no-entry'),
    order: env.variants.has('metrics-orders-otherwise') ? -1 : 1,
    buckets: env.variants.has('buckets-from-window-start') ? 'window' : env.variants.has('weeks-start-sunday') ? 'sunday' : 'monday',
  };

  function groupingOf(query: MetricsQuery): Grouping {
    const ofQuery = JSON.stringify([query.start, query.end, query.resourceType, query.workspace, query.groupBy]);
    if (faults.has('metrics-answer-kept-across-usage')) {
      if (!keptAcrossUsage.has(ofQuery)) keptAcrossUsage.set(ofQuery, groupWindow(store.window(query.start, query.end), query, faults));
      return keptAcrossUsage.get(ofQuery)!;
    }
    const key = `${store.version} ${ofQuery}`;
    if (lastGrouping?.key !== key) {
      const events = store.window(query.start, query.end, faults.has('metrics-end-inclusive'));
      lastGrouping = { key, grouping: groupWindow(events, query, faults, groupingChoices) };
    }
    return lastGrouping.grouping;
  }

  /** Any credential with a scope may read metrics; the workspace features are checked per query. */
  const route = (path: string, operationId: string, handle: (request: RouteRequest) => Reply): Route => ({
    method: 'GET',
    surface: 'control',
    path,
    operationId,
    scopes: 'any',
    handle: (request) => {
      if (request.params.accountId === env.accountId) return handle(request);
      // No answer is stated for another account: 404, or 403 (undescribed-inputs-refused-otherwise).
      return env.variants.has('undescribed-inputs-refused-otherwise')
        ? apiError(403, 'Forbidden', `account ${request.params.accountId} is not the caller's`)
        : apiError(404, 'NotFound', `no account ${request.params.accountId}`);
    },
  });

  /** The variants' choices of how a query is read, both endpoints' windows among them. */
  const queryChoices: QueryChoices = {
    lenientEnums: env.variants.has('lenient-enum-values'),
    autoResolutionInclusive: env.variants.has('auto-resolution-inclusive'),
    autoResolutionInWholeDays: env.variants.has('auto-resolution-in-whole-days'),
    capInWholeHours: env.variants.has('resolution-cap-in-whole-hours'),
    windowUtcOnly: env.variants.has('window-bounds-utc-only'),
    servesUndescribed: env.variants.has('undescribed-inputs-served'),
  };

  function metrics({ query: params, principal }: RouteRequest): Reply {
    const parsed = parseMetricsQuery(params, profile, faults, queryChoices);
    if (!parsed.ok) return parsed.reply;
    if (!mayUse(parsed.value, principal)) return apiError(403, 'Forbidden', faults.has('metrics-forbidden-message-wrong') ? 'Forbidden' : 'Access denied');
    // The faults that ignore a filter the caller may use.
    const query: MetricsQuery = {
      ...parsed.value,
      ...(faults.has('metrics-resource-type-filter-ignored') ? { resourceType: undefined } : {}),
      ...(faults.has('metrics-workspace-filter-ignored') ? { workspace: undefined } : {}),
    };
    const binding: Binding = {
      groupBy: faults.has('metrics-cursor-group-by-first-dimension-only') && query.groupBy.length > 0 ? query.groupBy.slice(0, 1) : query.groupBy,
      ...(faults.has('metrics-cursor-not-bound-to-window') ? {} : { start: query.start, end: query.end }),
      // A filter compared by whether it is given, under a fault, not by its value.
      resourceType: faults.has('metrics-cursor-resource-type-compared-by-presence') ? query.resourceType !== undefined : (query.resourceType ?? null),
      workspace: faults.has('metrics-cursor-workspace-compared-by-presence') ? query.workspace !== undefined : (query.workspace ?? null),
      resolution: resolutionBinding(query, params),
    };
    let after: string[] | undefined;
    let issuedAt: number | undefined;
    if (query.cursor !== undefined) {
      const issuedWithout = {
        ...(faults.has('metrics-cursor-resource-type-unchecked-when-issued-without') ? { resourceType: null } : {}),
        ...(faults.has('metrics-cursor-workspace-unchecked-when-issued-without') ? { workspace: null } : {}),
        ...(faults.has('metrics-cursor-resolution-unchecked-when-issued-without') ? { resolution: RESOLUTION_LEFT_OUT } : {}),
      };
      const unchecked = [...uncheckedParts(params), ...laterPageCursors.unchecked(query.cursor, binding)];
      const verdict = env.cursors.open<string[]>(query.cursor, binding, laterPageCursors.lifetimeOf(query.cursor, cursorLifetimeMs()), unchecked, issuedWithout);
      if (!verdict.ok) return apiError(cursorRejectionStatus(verdict.reason, env.variants), 'InvalidCursor', cursorRejection[verdict.reason]);
      after = verdict.position;
      // A continuation cursor dated from the first page's (fault metrics-cursor-age-from-first-page).
      if (faults.has('metrics-cursor-age-from-first-page')) issuedAt = verdict.issuedAt;
    }
    const body = metricsPage({
      grouping: groupingOf(query),
      allEvents: store.all(),
      query,
      after,
      issueCursor: (lastKey) => {
        const cursor = env.cursors.issue(binding, lastKey, issuedAt);
        laterPageCursors.note(cursor, query.cursor !== undefined);
        return cursor;
      },
      faults,
    });
    return { status: 200, body };
  }

  /**
   * The resolution a cursor is bound to: its name, or under a fault, whether one was
   * named (`resolution-compared-by-presence`) or left to the window (`unchecked-when-issued-without`).
   */
  function resolutionBinding(query: MetricsQuery, params: URLSearchParams): string {
    const named = params.has('resolution');
    if (faults.has('metrics-cursor-resolution-compared-by-presence')) return named ? RESOLUTION_NAMED : query.resolution.name;
    if (faults.has('metrics-cursor-resolution-unchecked-when-issued-without') && !named) return RESOLUTION_LEFT_OUT;
    return query.resolution.name;
  }

  const laterPageCursors = new LaterPageCursors({
    unbound: faults.has('metrics-cursor-later-pages-unbound'),
    neverExpire: faults.has('metrics-cursor-later-pages-never-expire'),
    firstPageLives25h: faults.has('metrics-cursor-first-page-lives-25h'),
  });

  /** The parts of the binding a fault leaves unchecked when the request leaves their parameter out. */
  function uncheckedParts(params: URLSearchParams): string[] {
    // Each parameter names the part of the binding it fills.
    const omittable = [
      ['groupBy', 'metrics-cursor-group-by-unchecked-when-omitted'],
      ['resolution', 'metrics-cursor-resolution-unchecked-when-omitted'],
      ['resourceType', 'metrics-cursor-resource-type-unchecked-when-omitted'],
      ['workspace', 'metrics-cursor-workspace-unchecked-when-omitted'],
    ] as const;
    return omittable.filter(([param, fault]) => !params.has(param) && faults.has(fault)).map(([param]) => param);
  }

  /** Section 4.1: `workspace=` and any groupBy containing workspace are for account admins only. */
  function mayUse(query: MetricsQuery, principal: Principal): boolean {
    if (principal.accountAdmin)
      return !(faults.has('metrics-admin-workspace-filter-refused') && query.workspace !== undefined) && !(faults.has('metrics-admin-group-by-workspace-refused') && query.groupBy.includes('workspace'));
    const groupsByWorkspace = faults.has('metrics-member-group-by-workspace-not-first')
      ? query.groupBy[0] === 'workspace'
      : faults.has('metrics-member-group-by-workspace-first-allowed')
        ? query.groupBy.indexOf('workspace') > 0
        : query.groupBy.includes('workspace');
    const filtersWorkspace = query.workspace !== undefined && !faults.has('metrics-member-workspace-filter-allowed');
    const groupsByResource = query.groupBy.includes('resource_uuid') && faults.has('metrics-member-refused-resource-uuid');
    return !groupsByWorkspace && !filtersWorkspace && !groupsByResource;
  }

  function cursorLifetimeMs(): number {
    if (faults.has('metrics-cursor-never-expires')) return Number.POSITIVE_INFINITY;
    if (faults.has('metrics-cursor-expires-at-23h')) return (CURSOR_LIFETIME_MS * 23) / 24;
    return faults.has('metrics-cursor-expires-early') ? HOUR_MS : CURSOR_LIFETIME_MS;
  }

  function groupByEnum({ principal }: RouteRequest): Reply {
    const values = profile.groupByDimensions.filter(
      (d) => !(d === 'billing_dimension' && faults.has('metrics-group-by-enum-missing-dimension')) && !(d === 'workspace' && !principal.accountAdmin && faults.has('metrics-group-by-enum-per-caller')),
    );
    return { status: 200, body: { [profile.enumValuesKey]: values } };
  }

  /** The distinct resource types of the events in [startTime, endTime). */
  function resourceTypesEnum({ query: params }: RouteRequest): Reply {
    const window = parseWindow(params, faults, 'resource-types', faults.has('metrics-resource-types-utc-only') ? { ...queryChoices, windowUtcOnly: true } : queryChoices);
    if (!window.ok && !faults.has('metrics-resource-types-window-optional')) return window.reply;
    // That fault reads a window it cannot parse as unbounded.
    const { start, end } = window.ok ? window.value : { start: -Infinity, end: Infinity };
    const events = faults.has('metrics-resource-types-ignore-window') ? store.all() : store.window(start, faults.has('metrics-resource-types-last-hour-left-out') ? end - HOUR_MS : end);
    const types = events.map((e) => e.resourceType);
    const values = (faults.has('metrics-resource-types-once-per-event') ? types : [...new Set(types)]).sort();
    if (env.variants.has('metrics-orders-otherwise')) values.reverse();
    return { status: 200, body: { [profile.enumValuesKey]: values } };
  }

  return {
    routes: [
      route(metricsPath, 'getAccountMetrics', metrics),
      route(`${metricsPath}/enums/group-by`, 'getMetricsGroupByEnum', groupByEnum),
      route(`${metricsPath}/enums/resource-types`, 'getMetricsResourceTypesEnum', resourceTypesEnum),
    ],
    // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
    states: { usage: (params) => store.replace(params) },
    reset: () => store.clear(),
  };
}

const cursorRejection: Record<CursorRejection, string> = {
  malformed: 'the cursor is not one this server issued',
  'other-query': 'the cursor belongs to another query',
  expired: 'the cursor is older than 24 hours',
};
