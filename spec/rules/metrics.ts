import type { RuleDefinition } from './rule.ts';

// Sections 2.7, 2.8, 4.1, 7 and 8: account usage metrics. Money is compared with
// the USD tolerance |actual - expected| <= 1e-6 + 1e-9·|expected|.
export const metricsRules = [
  {
    id: 'metrics.group-by.at-most-three',
    level: 'MUST',
    section: '4.1, 7, 8',
    title: 'groupBy accepts 1 to 3 distinct dimensions and rejects 4 or more with 400 and an Error body',
  },
  {
    id: 'metrics.group-by.unknown-rejected',
    level: 'MUST',
    section: '4.1',
    title: 'A groupBy value outside the group-by enum is rejected with a 4xx and an Error body',
  },
  {
    id: 'metrics.admin.workspace-filter',
    level: 'MUST',
    section: '4.1, 7',
    title: 'workspace=<name> is refused to a caller who is not account admin with 403 and the message "Access denied", and served to the account admin',
  },
  {
    id: 'metrics.admin.group-by-workspace',
    level: 'MUST',
    section: '4.1, 7',
    title: 'A groupBy containing workspace, in any position, is refused to a caller who is not account admin with 403 and the message "Access denied", and served to the account admin',
  },
  {
    id: 'metrics.admin.other-queries-allowed',
    level: 'MUST',
    section: '4.1, 5',
    title: 'A caller who may read metrics but is not account admin is served every query that neither filters nor groups by workspace',
  },
  {
    id: 'metrics.limit.default',
    level: 'MUST',
    section: '4.1, 8',
    title: 'Without limit a page holds 100 entries when there are more groups',
  },
  {
    id: 'metrics.limit.clamped',
    level: 'MUST',
    section: '4.1, 8',
    title: 'A limit above 100 is silently clamped: the answer is 200 with a page of 100 entries',
  },
  {
    id: 'metrics.pagination.complete',
    level: 'MUST',
    section: '2.8, 4.1',
    title: 'Following meta.nextCursor yields every group exactly once, no page holding more than limit entries',
  },
  {
    id: 'metrics.pagination.last-page',
    level: 'MUST',
    section: '2.8, 4.1',
    title: 'meta.hasMore is false exactly on the last page, and then meta.nextCursor is empty',
  },
  {
    id: 'metrics.cursor.bound-to-query',
    level: 'MUST',
    section: '4.1, 7',
    title: 'A cursor sent with another groupBy, window, filter or resolution is rejected with a 4xx and an Error body',
  },
  {
    id: 'metrics.cursor.lifetime',
    level: 'MUST',
    section: '7, 8',
    title: 'A cursor is accepted for 24 hours and rejected with a 4xx and an Error body once older than 24 hours',
  },
  {
    id: 'metrics.grouping.unique-combinations',
    level: 'MUST',
    section: '2.7, 4.1',
    title: 'There is one entry per unique combination of the requested dimensions, with the field of every requested dimension populated',
  },
  {
    id: 'metrics.grouping.resource-uuid-fills',
    level: 'MUST',
    section: '2.7',
    title: 'An entry grouped by resource_uuid also carries the workspace, resourceName and resourceType of its resource',
  },
  {
    id: 'metrics.grouping.none-single-entry',
    level: 'MUST',
    section: '2.7, 4.1',
    title: 'Without groupBy the events of the window are aggregated into a single entry',
  },
  {
    id: 'metrics.summary.total-cost',
    level: 'MUST',
    section: '2.7',
    title: 'summary.totalCost equals the cost of the events in [startTime, endTime) that match the filters (within 1e-6 + 1e-9·|expected| USD)',
  },
  {
    id: 'metrics.summary.entry-cost',
    level: 'MUST',
    section: '2.7',
    title: "Each entry's summary.cost equals the cost of its group's events in the window (within 1e-6 + 1e-9·|expected| USD)",
  },
  {
    id: 'metrics.usage.only-with-billing-dimension',
    level: 'MUST',
    section: '2.7',
    title: 'summary.totalUsage and the entries\' summary.usage are absent unless billing_dimension is a requested grouping',
  },
  {
    id: 'metrics.usage.with-billing-dimension',
    level: 'MUST',
    section: '2.7',
    title: "With billing_dimension grouped, summary.totalUsage and each entry's summary.usage equal the usage of the events in the window (within 1e-6 + 1e-9·|expected|)",
  },
  {
    id: 'metrics.timeseries.every-bucket',
    level: 'MUST',
    section: '2.7',
    title: 'Each timeseries has one point per resolution bucket over the whole window; buckets without activity have cost 0 (and usage 0)',
  },
  {
    id: 'metrics.timeseries.bucket-cost',
    level: 'MUST',
    section: '2.7',
    title: "Each timeseries point holds the cost of its group's events in its bucket, and the points sum to the entry's summary.cost (within 1e-6 + 1e-9·|expected| USD)",
  },
  {
    id: 'metrics.resolution.auto',
    level: 'MUST',
    section: '4.1',
    title: 'Without resolution the buckets follow the resolution the profile chooses for the window length',
  },
  {
    id: 'metrics.resolution.explicit-cap',
    level: 'MUST',
    section: '4.1, 7',
    title: 'An explicit resolution is served for a window up to its maximum and rejected with 400 for a longer window',
  },
  {
    id: 'metrics.enums.group-by',
    level: 'MUST',
    section: '4.1',
    title: 'The group-by enum lists every dimension the specification names, is the same for every caller, and each of its values is accepted as groupBy',
  },
  {
    id: 'metrics.enums.resource-types',
    level: 'MUST',
    section: '4.1',
    title: 'The resource-types enum lists exactly the resource types that have an event in [startTime, endTime)',
  },
  {
    id: 'metrics.enums.resource-types-window-required',
    level: 'MUST',
    section: '4.1',
    title: 'The resource-types enum rejects a missing or malformed startTime or endTime with a 4xx, never a 5xx',
  },
  {
    id: 'metrics.params.window-required',
    level: 'MUST',
    section: '4.1',
    title: 'The metrics endpoint rejects a missing or malformed startTime or endTime with a 4xx, never a 5xx',
  },
] as const satisfies readonly RuleDefinition[];
