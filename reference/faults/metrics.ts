import { errorBodyChanged, withoutError, type FaultDefinition } from './registry.ts';
import { timeseriesPointsWithoutUsage } from '../variants/reshape.ts';

// Read by the metrics area (reference/areas/metrics.ts and metrics/*.ts).
export const metricsFaults = [
  { name: 'metrics-group-by-four-accepted', rule: 'metrics.group-by.at-most-three', description: 'groupBy accepts 4 dimensions' },
  {
    name: 'metrics-group-by-unknown-accepted',
    rule: 'metrics.group-by.unknown-rejected',
    description: 'groupBy values outside the enum are ignored instead of rejected',
  },
  {
    name: 'metrics-member-workspace-filter-allowed',
    rule: 'metrics.admin.workspace-filter',
    description: 'a caller who is not account admin is served workspace=<name>',
  },
  {
    name: 'metrics-admin-workspace-filter-refused',
    rule: 'metrics.admin.workspace-filter',
    description: 'the account admin is refused workspace=<name> with 403',
  },
  {
    name: 'metrics-member-group-by-workspace-not-first',
    rule: 'metrics.admin.group-by-workspace',
    description: 'a caller who is not account admin is refused groupBy=workspace only when workspace is the first dimension',
  },
  {
    name: 'metrics-forbidden-message-wrong',
    rule: 'metrics.admin.group-by-workspace',
    description: 'the 403 of the admin-only features carries the message "Forbidden" instead of "Access denied"',
  },
  {
    name: 'metrics-member-refused-resource-uuid',
    rule: 'metrics.admin.other-queries-allowed',
    description: 'a caller who is not account admin is refused groupBy containing resource_uuid',
  },
  { name: 'metrics-limit-default-50', rule: 'metrics.limit.default', description: 'the default limit is 50 instead of 100' },
  {
    name: 'metrics-resource-types-utc-only',
    rule: 'metrics.enums.resource-types-window-format',
    description: 'the resource-types enum refuses startTime and endTime written with a numeric offset or a fraction of a second, which the main metrics endpoint serves',
  },
  { name: 'metrics-resource-types-once-per-event', rule: 'metrics.enums.resource-types', description: 'the resource-types enum lists a type once per event in the window' },
  { name: 'metrics-limit-capped-at-50', rule: 'metrics.limit.honoured', description: 'a limit from 51 to 100 gives pages of 50' },
  { name: 'metrics-limit-default-first-page-only', rule: 'metrics.limit.default', description: 'the default limit of 100 holds on first pages only: a page after a cursor, without limit, holds 50' },
  { name: 'metrics-limit-not-clamped', rule: 'metrics.limit.clamped', description: 'a limit above 100 is rejected with 400 instead of clamped' },
  {
    name: 'metrics-page-boundary-entry-lost',
    rule: 'metrics.pagination.complete',
    description: 'the page after a cursor skips the first group that follows it',
  },
  {
    name: 'metrics-has-more-on-last-page',
    rule: 'metrics.pagination.last-page',
    description: 'hasMore is true whenever the page is full, also on a full last page',
  },
  {
    name: 'metrics-next-cursor-on-last-page',
    rule: 'metrics.pagination.last-page',
    description: 'the last page carries a non-empty nextCursor',
  },
  {
    name: 'metrics-cursor-not-bound-to-window',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is accepted with another startTime/endTime',
  },
  { name: 'metrics-cursor-never-expires', rule: 'metrics.cursor.lifetime', description: 'a cursor is accepted however old it is' },
  { name: 'metrics-cursor-expires-early', rule: 'metrics.cursor.lifetime', description: 'a cursor expires after 1 hour instead of 24' },
  { name: 'metrics-cursor-expires-at-23h', rule: 'metrics.cursor.lifetime', description: 'a cursor expires after 23 hours (the edge case, 23 hours and 50 minutes, catches it)' },
  {
    name: 'metrics-answer-kept-across-usage',
    rule: 'metrics.summary.total-cost',
    description: 'the grouping of a query is kept across changes of the usage (a cache the new events do not reach): the same query answers as before',
  },
  {
    name: 'metrics-duplicate-groups',
    rule: 'metrics.grouping.unique-combinations',
    description: 'with two or more dimensions, groups are also split by billing dimension when it is not requested',
  },
  {
    name: 'metrics-resource-uuid-without-name',
    rule: 'metrics.grouping.resource-uuid-fills',
    description: 'grouping by resource_uuid does not fill resourceName',
  },
  {
    name: 'metrics-no-group-by-per-workspace',
    rule: 'metrics.grouping.none-single-entry',
    description: 'without groupBy there is one entry per workspace',
  },
  {
    name: 'metrics-end-inclusive',
    rule: 'metrics.summary.total-cost',
    description: 'events exactly at endTime are counted (the window is end-inclusive)',
  },
  {
    name: 'metrics-entry-usage-ignores-window',
    rule: 'metrics.usage.with-billing-dimension',
    description: "an entry's summary.usage counts its group's events outside the window too (totalUsage right)",
  },
  {
    name: 'metrics-total-usage-ignores-window',
    rule: 'metrics.usage.with-billing-dimension',
    description: 'summary.totalUsage counts the events outside the window too (the entries right)',
  },
  {
    name: 'metrics-entries-usage-always',
    rule: 'metrics.usage.only-with-billing-dimension',
    description: 'the entries carry summary.usage whatever the grouping (totalUsage right)',
  },
  {
    name: 'metrics-entries-usage-left-out',
    rule: 'metrics.usage.with-billing-dimension',
    description: 'grouped by billing_dimension, the entries leave summary.usage out (totalUsage right)',
  },
  {
    name: 'metrics-idle-bucket-cost-carried',
    rule: 'metrics.timeseries.every-bucket',
    description: 'a bucket without activity carries the cost of the bucket before it',
  },
  {
    name: 'metrics-entry-cost-ignores-window',
    rule: 'metrics.summary.entry-cost',
    description: "an entry's summary.cost counts its group's events outside the window too",
  },
  {
    name: 'metrics-usage-without-billing-dimension',
    rule: 'metrics.usage.only-with-billing-dimension',
    description: 'totalUsage and summary.usage are present whatever the grouping',
  },
  {
    name: 'metrics-usage-missing-with-billing-dimension',
    rule: 'metrics.usage.with-billing-dimension',
    description: 'totalUsage and summary.usage are missing when billing_dimension is grouped',
  },
  {
    name: 'metrics-sparse-timeseries',
    rule: 'metrics.timeseries.every-bucket',
    description: 'buckets without activity are left out of the timeseries',
  },
  {
    name: 'metrics-timeseries-cost-overwritten',
    rule: 'metrics.timeseries.bucket-cost',
    description: "each event's cost overwrites its bucket's instead of adding to it: a point carries the cost of its bucket's last event (the summaries right)",
  },
  { name: 'metrics-resource-uuid-without-workspace', rule: 'metrics.grouping.resource-uuid-fills', description: 'grouped by resource_uuid, the entries leave workspace out' },
  { name: 'metrics-resource-uuid-without-type', rule: 'metrics.grouping.resource-uuid-fills', description: 'grouped by resource_uuid, the entries leave resourceType out' },
  {
    name: 'metrics-timeseries-points-without-usage',
    rule: 'metrics.timeseries.bucket-usage',
    description: 'no timeseries point carries usage, with billing_dimension grouped too (the entries\' summaries do)',
    reshape: timeseriesPointsWithoutUsage,
  },
  {
    name: 'metrics-idle-bucket-usage-carried',
    rule: 'metrics.timeseries.every-bucket',
    description: 'a bucket without activity carries the usage of the bucket before it (its cost is 0)',
  },
  {
    name: 'metrics-timeseries-usage-overwritten',
    rule: 'metrics.usage.with-billing-dimension',
    description: "each event's usage overwrites its bucket's instead of adding to it: a point carries the usage of its bucket's last event (the summaries right)",
  },
  {
    name: 'metrics-auto-resolution-kept-to-twice-the-maximum',
    rule: 'metrics.resolution.auto',
    description: 'an omitted resolution keeps each finer resolution for windows up to twice its maximum (hourly up to 14 days, daily up to 180)',
  },
  {
    name: 'metrics-unknown-resolution-500',
    rule: 'metrics.resolution.unknown-rejected',
    description: 'a resolution outside the list is answered with a 500 (looked up and used unchecked)',
  },
  {
    name: 'metrics-explicit-over-cap-accepted',
    rule: 'metrics.resolution.explicit-cap',
    description: 'an explicit resolution is served for a window above its maximum',
  },
  {
    name: 'metrics-explicit-at-cap-rejected',
    rule: 'metrics.resolution.explicit-cap',
    description: 'an explicit resolution is rejected for a window exactly at its maximum',
  },
  {
    name: 'metrics-group-by-enum-missing-dimension',
    rule: 'metrics.enums.group-by',
    description: 'the group-by enum leaves out billing_dimension',
  },
  {
    name: 'metrics-resource-types-ignore-window',
    rule: 'metrics.enums.resource-types',
    description: 'the resource-types enum lists the types of every event, also outside the window',
  },
  {
    name: 'metrics-resource-types-window-optional',
    rule: 'metrics.enums.resource-types-window-required',
    description: 'the resource-types enum serves a request without startTime or endTime',
  },
  {
    name: 'metrics-malformed-start-500',
    rule: 'metrics.params.window-required',
    description: 'a malformed startTime is answered 500',
  },
  {
    name: 'metrics-start-time-optional',
    rule: 'metrics.params.window-required',
    description: 'the metrics endpoint serves a request without startTime, as the day before endTime',
  },
  {
    name: 'metrics-end-time-optional',
    rule: 'metrics.params.window-required',
    description: 'the metrics endpoint serves a request without endTime, as the day after startTime',
  },
  {
    name: 'metrics-resource-types-start-optional',
    rule: 'metrics.enums.resource-types-window-required',
    description: 'the resource-types enum serves a request without startTime, as the day before endTime (endTime still required)',
  },
  {
    name: 'metrics-resource-types-end-optional',
    rule: 'metrics.enums.resource-types-window-required',
    description: 'the resource-types enum serves a request without endTime, as the day after startTime (startTime still required)',
  },
  {
    name: 'metrics-end-time-rolled-over',
    rule: 'metrics.params.window-required',
    description: 'endTime is read leniently: a date-time found anywhere in the text, its fields out of range rolled over (2025-13-01 is 2026-01-01), and served',
  },
  {
    name: 'metrics-limit-not-clamped-on-continuation',
    rule: 'metrics.limit.clamped',
    description: 'a limit above 100 is clamped on the first page only: the pages after a cursor hold up to the limit asked',
  },
  {
    name: 'metrics-cursor-group-by-unchecked-when-omitted',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is checked against groupBy only when the request names one: a cursor of groupBy=resource_uuid is accepted with no groupBy',
  },
  {
    name: 'metrics-cursor-resolution-unchecked-when-omitted',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor of an explicit resolution is accepted when the request leaves the resolution to the window',
  },
  {
    name: 'metrics-cursor-resource-type-unchecked-when-omitted',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor of a resourceType filter is accepted without the filter',
  },
  {
    name: 'metrics-cursor-workspace-unchecked-when-omitted',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor of a workspace filter is accepted without the filter',
  },
  {
    name: 'metrics-cursor-age-from-first-page',
    rule: 'metrics.cursor.lifetime',
    description: "a continuation page's cursor carries the issue time of the cursor it was asked with: a walk's cursors all expire 24 hours after its first page",
  },
  {
    name: 'metrics-400-error-left-out',
    rule: 'metrics.group-by.at-most-three',
    description: 'the 400 answers of the metrics endpoint leave error out of their Error body',
    reshape: errorBodyChanged('getAccountMetrics', withoutError, 400),
  },
  {
    name: 'metrics-400-code-422',
    rule: 'metrics.group-by.at-most-three',
    description: 'the 400 answers of the metrics endpoint carry code 422 in their Error body',
    reshape: errorBodyChanged('getAccountMetrics', (body) => ({ ...body, code: 422 }), 400),
  },
  {
    name: 'metrics-admin-refusal-401',
    rule: 'metrics.admin.workspace-filter',
    description: 'the metrics endpoint refuses a caller who is not account admin with 401, not 403',
    reshape: (reply, route) => (route.operationId === 'getAccountMetrics' && reply.status === 403 ? { status: 401, body: { ...(reply.body as object), code: 401 } } : reply),
  },
  {
    name: 'metrics-group-by-enum-lists-region',
    rule: 'metrics.enums.group-by',
    description: 'the group-by enum lists "region", which the metrics endpoint refuses as groupBy',
    reshape: (reply, route) => (route.operationId === 'getMetricsGroupByEnum' && reply.status === 200 ? { ...reply, body: { ...(reply.body as object), values: [...((reply.body as { values: string[] }).values), 'region'] } } : reply),
  },
  {
    name: 'metrics-group-by-workspace-refused',
    rule: 'metrics.enums.group-by',
    description: 'groupBy=workspace is refused with 400, to the account admin too',
  },
  {
    name: 'metrics-group-by-billing-dimension-refused',
    rule: 'metrics.enums.group-by',
    description: 'groupBy=billing_dimension is refused with 400',
  },
  {
    name: 'metrics-group-by-resource-type-refused',
    rule: 'metrics.enums.group-by',
    description: 'groupBy=resource_type is refused with 400',
  },
  {
    name: 'metrics-group-by-resource-uuid-refused',
    rule: 'metrics.enums.group-by',
    description: 'groupBy=resource_uuid is refused with 400',
  },
  {
    name: 'metrics-group-by-three-refused',
    rule: 'metrics.group-by.at-most-three',
    description: 'three groupBy dimensions are refused with 400 (the bound compared with <)',
  },
  {
    name: 'metrics-admin-group-by-workspace-refused',
    rule: 'metrics.admin.group-by-workspace',
    description: 'the account admin is refused (403) a groupBy containing workspace',
  },
  {
    name: 'metrics-member-group-by-workspace-first-allowed',
    rule: 'metrics.admin.group-by-workspace',
    description: 'a caller who is not account admin is refused groupBy containing workspace only when another dimension comes first',
  },
  {
    name: 'metrics-group-by-required',
    rule: 'metrics.grouping.none-single-entry',
    description: 'a request without groupBy is refused with 400',
  },
  {
    name: 'metrics-group-by-first-only',
    rule: 'metrics.grouping.unique-combinations',
    description: 'groupBy is read up to its first comma: only its first dimension groups',
  },
  {
    name: 'metrics-resource-type-filter-ignored',
    rule: 'metrics.summary.total-cost',
    description: 'resourceType is ignored: the events of every type are counted',
  },
  {
    name: 'metrics-workspace-filter-ignored',
    rule: 'metrics.summary.total-cost',
    description: "workspace= is ignored: the account admin is served every workspace's events",
  },
  {
    name: 'metrics-group-by-enum-per-caller',
    rule: 'metrics.enums.group-by',
    description: 'the group-by enum leaves workspace out for a caller who is not account admin',
  },
  {
    name: 'metrics-resource-types-last-hour-left-out',
    rule: 'metrics.enums.resource-types',
    description: "the resource-types enum leaves out the types of the events in the window's last hour",
  },
  {
    name: 'metrics-page-boundary-entry-repeated',
    rule: 'metrics.pagination.complete',
    description: "the page after a cursor starts with the previous page's last group",
  },
  {
    name: 'metrics-has-more-false-after-first-page',
    rule: 'metrics.pagination.last-page',
    description: 'hasMore is false on every page after the first, though more follow',
  },
  {
    name: 'metrics-one-dimension-split-by-billing',
    rule: 'metrics.grouping.unique-combinations',
    description: 'a groupBy of one dimension (not billing_dimension) is also split by billing dimension',
  },
  {
    name: 'metrics-entry-workspace-left-out',
    rule: 'metrics.grouping.unique-combinations',
    description: "entries grouped by workspace leave its field out",
  },
  {
    name: 'metrics-entry-resource-type-left-out',
    rule: 'metrics.grouping.unique-combinations',
    description: "entries grouped by resource_type leave its field out",
  },
  {
    name: 'metrics-entry-resource-uuid-left-out',
    rule: 'metrics.grouping.unique-combinations',
    description: "entries grouped by resource_uuid leave its field out",
  },
  {
    name: 'metrics-entry-billing-dimension-left-out',
    rule: 'metrics.grouping.unique-combinations',
    description: "entries grouped by billing_dimension leave its field out",
  },
  {
    name: 'metrics-entry-first-dimension-only',
    rule: 'metrics.grouping.unique-combinations',
    description: "with several groupBy dimensions, entries carry the first one's field only",
  },
  {
    name: 'metrics-cursor-resource-type-unchecked-when-issued-without',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor issued without resourceType is accepted with one',
  },
  {
    name: 'metrics-cursor-workspace-unchecked-when-issued-without',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor issued without workspace is accepted with one',
  },
  {
    name: 'metrics-cursor-resolution-unchecked-when-issued-without',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor issued with the resolution left to the window is accepted with any explicit resolution',
  },
  {
    name: 'metrics-cursor-resource-type-compared-by-presence',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is checked only for whether resourceType is given: a cursor of one type is accepted with another',
  },
  {
    name: 'metrics-cursor-workspace-compared-by-presence',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is checked only for whether workspace is given: a cursor of one workspace is accepted with another',
  },
  {
    name: 'metrics-cursor-resolution-compared-by-presence',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is checked only for whether the resolution is named: a cursor of one explicit resolution is accepted with another (left to the window, still refused)',
  },
  {
    name: 'metrics-cursor-later-pages-unbound',
    rule: 'metrics.cursor.bound-to-query',
    description: "a page after a cursor issues a cursor bound to nothing: it is accepted with another query (a first page's cursor is bound)",
  },
  { name: 'metrics-cursor-later-pages-never-expire', rule: 'metrics.cursor.lifetime', description: "the cursors of pages after a cursor never expire (a first page's cursor lives 24 hours)" },
  { name: 'metrics-cursor-first-page-lives-25h', rule: 'metrics.cursor.lifetime', description: "a first page's cursor is accepted until 25 hours old (a later page's cursor lives 24 hours)" },
  {
    name: 'metrics-cursor-group-by-first-dimension-only',
    rule: 'metrics.cursor.bound-to-query',
    description: 'a cursor is bound to the first dimension of groupBy only: another groupBy with the same first dimension is accepted',
  },
] as const satisfies readonly FaultDefinition[];
