// The specification's statements of behaviour, each with the rules that read it or
// the reason no client can observe it: the map `cp-conformance coverage` prints and the
// HTML report marks with this run's outcomes. `words` are verbatim (whitespace aside)
// and found once in spec/api-specification.md; test/statements.test.ts holds every
// sentence of a behavioural kind to a statement, so new words cannot go unmapped.
// Whether a statement is checked is its clauses' (spec/clauses.ts): each value, bound,
// parameter, endpoint, version, role and page position of its words, checked only with
// a fault of the reference that breaks it and is caught.
import { clauseKind, clausesByStatement } from './clauses.ts';
import type { RuleId } from './rules/index.ts';

interface StatementBase {
  /** Stable: the HTML report and results.json key on it. */
  readonly id: string;
  /** The section of the specification the words are in. */
  readonly section: string;
  readonly words: string;
}

/**
 * Read by rules: those whose checks read its words, so that their outcome in a run is the
 * statement's (the rules of its clauses' faults are added to them: runner/coverage.ts).
 * Its clauses say how far they are proven to.
 */
export interface ReadStatement extends StatementBase {
  readonly rules: readonly RuleId[];
}

/** No client of these endpoints can observe the behaviour: why. */
export interface UncheckableStatement extends StatementBase {
  readonly notCheckable: string;
}

export type Statement = ReadStatement | UncheckableStatement;

const read = (id: string, section: string, words: string, ...rules: RuleId[]): ReadStatement => ({ id, section, words, rules });
const notCheckable = (id: string, section: string, words: string, reason: string): UncheckableStatement => ({ id, section, words, notCheckable: reason });

// Reasons shared by several statements, so each is worded once.
const NOT_SHOWN = 'the specification leaves it open ("not shown"): every reasonable answer is accepted, or the choice is read from the profile';
const NO_WRITES = 'no operation that creates or updates a resource is specified ("Other operations ... not shown"), so no client of these endpoints can try it';
const NOT_INVOKED = 'invoking a function or delivering its callbacks is not an operation of these endpoints';
const NO_STANDBY = 'no specified operation or provider state puts a sandbox in standby or times its resume, and a resume time measured over the network is the network\'s too';
const ADMIN_READS: RuleId[] = ['schema.functions', 'schema.sandbox', 'schema.egressips', 'schema.customdomains'];
const EVERY_BODY: RuleId[] = [...ADMIN_READS, 'schema.metrics', 'schema.metrics-enums', 'schema.sandbox-address'];
const FUNCTION_CURSOR: RuleId[] = ['functions.cursor.bound-to-sort', 'functions.cursor.bound-to-q', 'functions.cursor.bound-to-workspace', 'functions.cursor.expires-after-24h'];
const FUNCTION_LIMIT: RuleId[] = ['functions.limit.default-50', 'functions.limit.honoured', 'functions.limit.clamped-to-200', 'functions.limit.invalid-not-served'];
const METADATA: RuleId = 'resources.metadata.fields';
const READ_ONLY: RuleId = 'resources.metadata.read-only';
const EVENTS: RuleId = 'resources.events';
const SANDBOX_SPEC: RuleId[] = ['schema.sandbox', 'resources.sandbox.spec'];
const DOMAIN_SPEC: RuleId[] = ['schema.customdomains', 'resources.customdomains.spec'];

export const statements: readonly Statement[] = [
  // 1. What the service does
  read('service.transport', '1', 'Its transport is `websocket` or `http-stream`.', 'schema.functions', 'functions.round-trip'),
  notCheckable('service.sandbox-standby', '1', 'It resumes from standby in under 25 ms and scales to zero after inactivity, and it keeps memory state (running processes and filesystem) while in standby.', NO_STANDBY),
  notCheckable('service.sandbox-address-form', '1', 'Each sandbox has its own address {sandbox_url}, of the form `sbx-{sandbox_id}-{workspace_id}.{region}.<sandbox_domain>`.', 'the suite is given the sandbox address (--sandbox-url); no specified response carries it, and a test deployment need not serve it under the production domain'),
  read('service.sandbox-address-operations', '1', 'It serves filesystem, process and network operations for that sandbox.', 'schema.sandbox-address', 'sandbox-address.filesystem.write', 'sandbox-address.process-logs.content', 'sandbox-address.monitor.stop'),
  read('service.metrics', '1', 'The service reports account usage and cost metrics grouped by dimension, with cursor pagination.', 'metrics.grouping.unique-combinations', 'metrics.pagination.complete'),
  read('service.workspace-scope', '1', 'Resources are scoped to a workspace.', 'functions.workspace-only', 'resources.sandbox.workspace-scoped', 'resources.egressips.workspace-only', 'resources.customdomains.workspace-only'),

  // 2.1 Shared metadata
  read('metadata.name.required', '2.1', 'metadata.name | string | Required.', ...ADMIN_READS),
  read('metadata.name.unique', '2.1', 'Unique in the workspace.', 'resources.metadata.name-unique'),
  read('metadata.name.form', '2.1', 'Lowercase alphanumeric and hyphens, max 49 characters.', METADATA),
  notCheckable('metadata.name.immutable', '2.1', 'Immutable after creation.', NO_WRITES),
  read('metadata.display-name', '2.1', 'Spaces and special characters allowed. Max 63 characters.', METADATA),
  read('metadata.external-id', '2.1', 'Max 64 characters, alphanumeric and dash.', METADATA),
  read('metadata.labels', '2.1', 'Map of string to string.', METADATA),
  read('metadata.timestamps', '2.1', 'metadata.createdAt, metadata.updatedAt | string | Read-only timestamps.', READ_ONLY),
  read('metadata.authors', '2.1', 'metadata.createdBy, metadata.updatedBy | string | Read-only.', READ_ONLY),
  read('metadata.plan', '2.1', 'metadata.plan | string | Read-only.', READ_ONLY),
  read('metadata.url', '2.1', 'metadata.url | string | Read-only. Auto-generated endpoint URL of the resource (agents, functions, models, sandboxes).', READ_ONLY),
  read('metadata.workspace', '2.1', 'metadata.workspace | string | Read-only. Workspace name, set automatically.', READ_ONLY, 'resources.metadata.workspace-name'),

  // 2.2 Function
  read('function.fields', '2.2', '`metadata` (required), `spec` (required), `events` (read-only array of event records, see section 6), `status` (read-only, deployment status, see section 3).', 'schema.functions', EVENTS, 'resources.deployment-status'),
  // One statement: its first sentence, "Default true.", is also the trigger's, so the words take the second.
  read('function.enabled', '2.2', 'Default true. When false the function serves no requests.', 'functions.defaults.enabled'),
  read('function.public.default', '2.2', 'public | boolean | Default false.', 'functions.defaults.public'),
  notCheckable('function.public.unauthenticated', '2.2', 'When true the function is reachable without authentication.', NOT_INVOKED),
  notCheckable('function.public.mk3', '2.2', 'Only available for generation mk3.', 'what a target does with public on a generation mk2 function (refuse it, ignore it, keep it) is not stated, and no operation that creates or updates a function is specified'),
  notCheckable('function.region.default', '2.2', 'When omitted, the region is chosen from policy locations.', 'policy locations are not readable through the specified endpoints, so the chosen region has no oracle'),
  read('function.revision', '2.2', '`active` (string, active revision id), `canary` (string, canary revision id), `canaryPercent` (integer), `stickySessionTtl` (integer seconds, 0 means disabled), `traffic` (integer percentage).', 'schema.functions', 'functions.round-trip'),
  read('function.runtime.envs', '2.2', 'Environment variables injected into the function.', 'schema.functions', 'functions.round-trip'),
  read('function.runtime.generation', '2.2', 'Enum `mk2` (containers) or `mk3` (microVMs).', 'schema.functions'),
  notCheckable('function.runtime.image', '2.2', 'Set automatically on deployment.', 'deployment is not an operation of these endpoints'),
  read('function.runtime.scale', '2.2', 'Maximum concurrent instances. | | minScale | integer | Minimum warm instances. 0 allows scale to zero.', 'functions.round-trip'),
  notCheckable('function.runtime.memory', '2.2', 'CPU cores equal memory in MB divided by 2048.', 'no specified field or endpoint shows a function\'s CPU cores'),
  read('function.runtime.transport', '2.2', 'Enum `websocket`, `http-stream`.', 'schema.functions'),
  read('function.env', '2.2', '`name` (string), `value` (string), `secret` (boolean, whether the value is a secret).', 'schema.functions', 'functions.round-trip'),
  read('function.port', '2.2', '`target` (integer, required), `name` (string), `protocol` (enum `HTTP`, `TCP`, `UDP`, `TLS`).', 'schema.functions', 'schema.sandbox'),
  read('function.trigger.id', '2.2', 'Optional. When omitted the server generates a unique id. Duplicates inside one resource are disambiguated by the server.', 'functions.triggers.ids'),
  read('function.trigger.type', '2.2', 'Enum `http`, `http-async`, `cron`.', 'schema.functions'),
  read('function.trigger.enabled', '2.2', '| enabled | boolean | Default true. |', 'functions.defaults.trigger-enabled'),
  read('function.trigger.callback', '2.2', '`authenticationType` (string), `callbackUrl` (string, optional, for async triggers)', 'schema.functions', 'functions.round-trip'),
  read('function.trigger.callback-secret', '2.2', '`callbackSecret` (string, read-only, auto-generated and stored encrypted, for async triggers)', 'functions.triggers.callback-secret'),
  read('function.trigger.schedule', '2.2', '`path` (string), `retry` (integer), `schedule` (string, cron expression with five fields), `tasks` (array of task objects for a cron job)', 'schema.functions', 'functions.round-trip'),
  read('function.trigger.timeout', '2.2', '`timeout` (integer seconds, async triggers, max 900, generation mk3 only)', 'schema.functions'),
  notCheckable('function.trigger.tasks', '2.2', 'Fields of a task object: not shown.', NOT_SHOWN),

  // 2.3 Sandbox
  read('sandbox.fields', '2.3', '`metadata`, `spec`, `events` (read-only),', 'schema.sandbox', EVENTS),
  read('sandbox.expires-in', '2.3', '`expiresIn` (integer, seconds until automatic deletion according to TTL and lifecycle policies; present only when lifecycle is configured)', 'resources.sandbox.expires-in', 'resources.sandbox.expires-in-with-lifecycle'),
  read('sandbox.last-used-at', '2.3', '`lastUsedAt` (string, read-only, system managed)', 'schema.sandbox'),
  read('sandbox.run-state', '2.3', 'a read-only current-state field with values `RUNNING` or `STANDBY`', 'resources.sandbox.run-state'),
  read('sandbox.status', '2.3', 'and a read-only deployment `status`.', 'resources.deployment-status'),
  notCheckable('sandbox.run-state-name', '2.3', 'Name of the sandbox field holding RUNNING or STANDBY: not shown.', `${NOT_SHOWN} (profile key runStateField, default \`state\`)`),
  read('sandbox.volumes', '2.3', 'Items: `name` (string), `mountPath` (string), `readOnly` (boolean).', ...SANDBOX_SPEC),
  read('sandbox.expiration-policies', '2.3', 'Items: `type` (for example a TTL-on-idle type), `value` (duration string), `action` (for example delete).', ...SANDBOX_SPEC),
  read('sandbox.terminated-retention', '2.3', 'lifecycle.terminatedRetention | string | Duration string.', ...SANDBOX_SPEC),
  read('sandbox.runtime.expires', '2.3', 'runtime.expires | string | Timestamp.', ...SANDBOX_SPEC),
  read('sandbox.runtime.ttl', '2.3', 'runtime.ttl | string | Duration string.', ...SANDBOX_SPEC),
  read('sandbox.network.domains', '2.3', 'Wildcards such as a leading `*.` are used. Returned as a string holding a list.', ...SANDBOX_SPEC),
  read('sandbox.network.forbidden-domains', '2.3', 'network.forbiddenDomains | list of domain patterns | Same representation.', ...SANDBOX_SPEC),
  read('sandbox.network.rulesets', '2.3', 'network.firewall.rulesets | list of strings | Same representation.', ...SANDBOX_SPEC),
  read('sandbox.network.egress-policies', '2.3', 'Items: `name` (string), `mode` (string), `destinations` (list of domain patterns).', ...SANDBOX_SPEC),
  read('sandbox.network.routing', '2.3', 'Items: `destinations` (list), `headers` (map), `body` (string), `secrets` (map of name to secret value).', ...SANDBOX_SPEC, 'resources.secrets.shown-to-admin-who-asks'),
  notCheckable('sandbox.network.secret-placeholder', '2.3', 'Secrets are referenced inside headers and body with a `{{SECRET:<secret_name>}}` placeholder.', 'the placeholder is resolved when the sandbox sends a request through its proxy, which no specified endpoint shows'),
  read('sandbox.secrets', '2.3', 'Secret values in a sandbox response are shown only when the caller asks for them and holds the workspace admin role (see section 4).', 'resources.secrets.hidden-unless-asked', 'resources.secrets.member-never-sees', 'resources.secrets.shown-to-admin-who-asks'),

  // 2.4 Egress IP
  read('egressip.metadata', '2.4', '| metadata | name, displayName, gatewayName, vpcName, workspace, createdAt, updatedAt, createdBy, updatedBy (all strings) |', 'schema.egressips', 'resources.egressips.spec', READ_ONLY),
  read('egressip.ip-family', '2.4', '| spec.ipFamily | string |', 'schema.egressips', 'resources.egressips.spec'),
  read('egressip.public-ip', '2.4', '| spec.publicIp | string, the provisioned address |', 'schema.egressips', 'resources.egressips.spec'),
  read('egressip.events', '2.4', '| events | array of event records |', EVENTS),
  read('egressip.status', '2.4', '| status | deployment status |', 'resources.deployment-status'),
  notCheckable('egressip.ip-family-values', '2.4', 'Allowed values of ipFamily: not shown.', `${NOT_SHOWN} (profile key egressIpFamilies)`),

  // 2.5 Custom domain
  read('customdomain.metadata', '2.5', '| metadata | name (the domain), displayName, labels, workspace, createdAt, updatedAt, createdBy, updatedBy |', 'schema.customdomains', METADATA, READ_ONLY),
  read('customdomain.cname-records', '2.5', '| spec.cnameRecords | string |', ...DOMAIN_SPEC),
  read('customdomain.txt-records', '2.5', '| spec.txtRecords | object |', ...DOMAIN_SPEC),
  read('customdomain.fallback-preview-id', '2.5', '| spec.fallbackPreviewId | string |', ...DOMAIN_SPEC),
  read('customdomain.last-verified-at', '2.5', '| spec.lastVerifiedAt | string |', ...DOMAIN_SPEC),
  read('customdomain.region', '2.5', '| spec.region | string |', ...DOMAIN_SPEC),
  read('customdomain.status', '2.5', '| spec.status | string |', ...DOMAIN_SPEC),
  read('customdomain.subject-alternative-names', '2.5', '| spec.subjectAlternativeNames | array |', ...DOMAIN_SPEC),
  read('customdomain.verification-error', '2.5', '| spec.verificationError | string |', ...DOMAIN_SPEC),
  notCheckable('customdomain.status-values', '2.5', 'Allowed values of spec.status: not shown.', `${NOT_SHOWN} (profile key customDomainStatuses)`),

  // 2.6 Sandbox file and process payloads
  read('payload.file-write-request', '2.6', 'File write request: `content` (string), `isDirectory` (boolean), `permissions` (string in octal mode notation).', 'sandbox-address.filesystem.write', 'sandbox-address.filesystem.bad-permissions'),
  read('payload.file-write-response', '2.6', 'File write response: `message` (string), `path` (string).', 'schema.sandbox-address', 'sandbox-address.filesystem.write'),
  read('payload.process-logs', '2.6', 'Process logs response: `logs`, `stderr`, `stdout` (all strings).', 'schema.sandbox-address', 'sandbox-address.process-logs.content'),
  read('payload.monitor-stop', '2.6', 'Monitor stop response: empty JSON object.', 'schema.sandbox-address', 'sandbox-address.monitor.stop'),

  // 2.7 Usage metrics
  read('metrics.response.total-cost', '2.7', 'AccountMetricsResponse has `data` (array of AccountMetricsDataEntry), `meta` (pagination meta), and a top-level `summary` with `totalCost` (USD)', 'schema.metrics', 'metrics.summary.total-cost'),
  read('metrics.response.total-usage', '2.7', 'and, only when billing_dimension is a requested grouping, `totalUsage`.', 'metrics.usage.only-with-billing-dimension', 'metrics.usage.with-billing-dimension'),
  read('metrics.entry.cost', '2.7', 'Each AccountMetricsDataEntry has `summary.cost` (USD),', 'metrics.summary.entry-cost'),
  read('metrics.entry.usage', '2.7', '`summary.usage` (only when billing_dimension is grouped),', 'metrics.usage.only-with-billing-dimension', 'metrics.usage.with-billing-dimension'),
  read('metrics.entry.timeseries', '2.7', 'and `timeseries` (one entry per resolution bucket over the whole window; buckets without activity have cost 0; bucket usage follows the same rule).', 'metrics.timeseries.every-bucket', 'metrics.timeseries.bucket-cost'),
  read('metrics.entry.grouping-fields', '2.7', 'Grouping fields populated per entry depend on the groupBy dimensions requested. With several dimensions, the fields of every dimension are populated.', 'metrics.grouping.unique-combinations'),
  read('metrics.entry.resource-uuid-fills', '2.7', 'Grouping by resource_uuid also fills `workspace`, `resourceName` and `resourceType`.', 'metrics.grouping.resource-uuid-fills'),
  notCheckable('metrics.billing-dimension-units', '2.7', 'Each has one unit: `gbs` (GB-seconds), `count` (discrete events), `hours` (active hours).', 'no field of the specified responses carries a billing dimension\'s unit, and these unit names are not said to be the dimension\'s values'),
  notCheckable('metrics.field-list', '2.7', 'Full field list of the entry and of the top-level response: not shown.', `${NOT_SHOWN} (the entry fields of resource_uuid and billing_dimension are found in the answers or read from the profile)`),

  // 2.8 Pagination meta
  read('pagination.has-more', '2.8', '`hasMore` (boolean), `nextCursor` (string, empty when there are no more pages)', 'functions.pagination.has-more-and-next-cursor', 'metrics.pagination.last-page'),
  read('pagination.total', '2.8', '`total` (integer, total items in the workspace, not narrowed by the search parameter `q`)', 'functions.pagination.total-not-narrowed'),

  // 3. States and transitions
  read('status.values', '3', 'Deployment status (read-only) of functions, sandboxes and egress IPs. Allowed values: `DELETING`, `TERMINATED`, `FAILED`, `DEACTIVATED`, `DEACTIVATING`, `UPLOADING`, `BUILDING`, `DEPLOYING`, `DEPLOYED`, `BUILT`.', 'resources.deployment-status'),
  notCheckable('status.transitions', '3', 'Transitions between deployment status values: not shown.', NOT_SHOWN),
  notCheckable('run-state.to-standby', '3', '| RUNNING | automatic scale to zero | inactivity | STANDBY | memory state, processes and filesystem are kept |', NO_STANDBY),
  notCheckable('run-state.resume', '3', '| STANDBY | resume | the sandbox is used | RUNNING | resume takes under 25 ms |', NO_STANDBY),
  notCheckable('status.custom-domain-transitions', '3', 'Transitions of the custom domain status: not shown.', NOT_SHOWN),

  // 4. Endpoints
  read('endpoints.paths', '4', 'The path of each control-plane endpoint is appended to {base_url}. The path of each sandbox endpoint is appended to {sandbox_url}.', 'schema.functions', 'schema.sandbox-address'),
  read('endpoints.json', '4', 'All bodies are JSON.', ...EVERY_BODY),

  // 4.1 Control plane
  read('functions.shapes', '4.1', '200: FunctionList (`data` and `meta`) from version 2026-04-28, a bare array of Function with all functions for older versions.', 'functions.version.paged-from-2026-04-28', 'functions.version.legacy-before-2026-04-28', 'functions.version.unversioned-either-shape', 'schema.functions', 'functions.round-trip'),
  read('functions.errors', '4.1', 'Errors 401, 403, 500 with an Error body.', 'functions.responses.documented', 'auth.missing-credentials', 'functions.auth.no-scope-forbidden'),
  read('sandbox.by-name', '4.1', 'Path `sandboxName` (string, unique sandbox name).', 'schema.sandbox', 'resources.sandbox.not-found'),
  read('sandbox.show-secrets', '4.1', 'One optional boolean query parameter asks for secret values to be shown (requires the workspace admin role).', 'resources.secrets.shown-to-admin-who-asks', 'resources.secrets.member-never-sees'),
  read('sandbox.response', '4.1', '200: Sandbox. Four error responses with an Error body.', 'schema.sandbox', 'resources.sandbox.spec', 'resources.sandbox.not-found'),
  read('egressips.listing', '4.1', '200: array of Egress IP, covering all VPCs and gateways in the workspace.', 'schema.egressips', 'resources.egressips.spec', 'resources.egressips.whole-workspace'),
  read('customdomains.listing', '4.1', '200: array of Custom domain, all domains in the workspace.', 'schema.customdomains', 'resources.customdomains.spec', 'resources.customdomains.whole-workspace'),
  read('metrics.enums.group-by', '4.1', 'All valid values of the groupBy parameter. The list is static.', 'metrics.enums.group-by', 'schema.metrics-enums', 'metrics.group-by.unknown-rejected'),
  read('metrics.enums.resource-types-window', '4.1', 'Required query `startTime`, `endTime` (same format as the main metrics endpoint)', 'metrics.enums.resource-types-window-required', 'metrics.enums.resource-types-window-format'),
  read('metrics.enums.resource-types', '4.1', 'The distinct resource_type values observed for the account in that window. The list is dynamic: a type appears only when at least one metric event for it lies in the window.', 'metrics.enums.resource-types', 'schema.metrics-enums'),
  read('functions.parameters-optional', '4.1', 'List functions query parameters (all optional):', 'functions.limit.default-50', 'functions.sort.default-created-at-desc', 'functions.pagination.every-item-once'),
  notCheckable('sandbox.show-secrets-name', '4.1', 'The query parameter name for showing secrets on GET /sandboxes: not shown.', `${NOT_SHOWN} (profile key showSecretsParam, default \`show_secrets\`)`),
  read('functions.cursor.opaque', '4.1', 'Opaque value from a previous `meta.nextCursor`.', 'functions.cursor.never-issued-rejected', 'functions.pagination.every-item-once'),
  read('functions.cursor.same-query', '4.1', 'Valid only for the same query (workspace, filters, sort, q). A cursor bound to another query, or older than 24 hours, is rejected.', ...FUNCTION_CURSOR),
  read('functions.cursor.first-page', '4.1', 'Omitted for the first page.', 'functions.pagination.every-item-once'),
  read('functions.limit.bounds', '4.1', 'Default 50, minimum 1, maximum 200.', 'functions.limit.default-50', 'functions.limit.honoured', 'functions.limit.invalid-not-served'),
  read('functions.limit.clamped', '4.1', 'A larger value is clamped to 200.', 'functions.limit.clamped-to-200'),
  read('functions.sort.values', '4.1', 'Enum `createdAt:desc` (default), `createdAt:asc`, `name:asc`, `name:desc`.', 'functions.sort.default-created-at-desc', 'functions.sort.orders', 'functions.sort.unknown-rejected'),
  read('functions.sort.from-version', '4.1', '`name:desc`. Honoured only from version 2026-04-28.', 'functions.sort.orders', 'functions.version.legacy-before-2026-04-28'),
  read('functions.search.max-length', '4.1', '| q | string | Max 200 characters.', 'functions.search.max-length'),
  read('functions.search.fields', '4.1', 'Substring search over metadata.name, metadata.displayName and labels (keys and values).', 'functions.search.fields'),
  read('functions.search.normalized', '4.1', 'Trimmed and lowercased by the server.', 'functions.search.trimmed-lowercased'),
  read('functions.search.short', '4.1', 'Fewer than 2 characters means the unfiltered listing.', 'functions.search.short-query-unfiltered'),
  read('functions.search.from-version', '4.1', 'means the unfiltered listing. Honoured only from version 2026-04-28.', 'functions.search.fields', 'functions.version.legacy-before-2026-04-28'),
  read('functions.anchor', '4.1', 'Enum `end`. Supported only for createdAt sorts (asc or desc). Returns the tail page directly.', 'functions.anchor.end-tail-page', 'functions.anchor.name-sorts-unsupported'),
  notCheckable('metrics.path', '4.1', 'The path of the main usage-metrics endpoint under /accounts/{accountId}: not shown.', `${NOT_SHOWN} (profile key metricsPath, default \`/accounts/{accountId}/metrics\`)`),
  read('metrics.window-required', '4.1', 'Required query parameters: `startTime`, `endTime`.', 'metrics.params.window-required'),
  read('metrics.optional-parameters', '4.1', 'Optional query parameters: `groupBy` (comma-separated list of dimensions), `resourceType`, `workspace`, `resolution`, `cursor`, `limit`.', 'metrics.summary.total-cost', 'metrics.grouping.unique-combinations'),
  read('metrics.group-by.values', '4.1', '`groupBy` dimension values seen: `resource_type`, `workspace`, `billing_dimension`, `resource_uuid`. The complete list comes from the group-by enum endpoint.', 'metrics.enums.group-by'),
  read('metrics.limit.bounds', '4.1', '`limit`: default 100, maximum 100.', 'metrics.limit.default', 'metrics.limit.honoured'),
  read('metrics.limit.clamped', '4.1', 'A larger value is silently clamped.', 'metrics.limit.clamped'),
  read('metrics.cursor.next', '4.1', '`cursor`: the `meta.nextCursor` of the previous page.', 'metrics.pagination.complete'),
  read('metrics.cursor.last-page', '4.1', 'When `meta.hasMore` is false, `nextCursor` is empty.', 'metrics.pagination.last-page'),
  read('metrics.resolution.auto', '4.1', '`resolution`: when omitted, chosen from the window length.', 'metrics.resolution.auto'),
  read('metrics.resolution.cap', '4.1', 'An explicit value has a maximum window; a window beyond the cap returns 400.', 'metrics.resolution.explicit-cap', 'metrics.resolution.unknown-rejected'),
  read('metrics.admin-only', '4.1', 'Admin-only: `workspace=<name>` and any `groupBy` containing `workspace`. Non-admin callers get 403.', 'metrics.admin.workspace-filter', 'metrics.admin.group-by-workspace', 'metrics.admin.other-queries-allowed'),
  read('metrics.group-by.at-most-three', '4.1', '`groupBy` accepts at most 3 dimensions; more returns 400.', 'metrics.group-by.at-most-three'),
  read('metrics.group-by.combinations', '4.1', 'Several dimensions return one entry per unique combination.', 'metrics.grouping.unique-combinations', 'metrics.grouping.none-single-entry'),
  read('metrics.response', '4.1', 'Response 200: AccountMetricsResponse.', 'schema.metrics'),
  notCheckable('metrics.time-format', '4.1', 'Exact type and format of startTime and endTime and the list of resolution values: not shown.', `${NOT_SHOWN} (RFC 3339 UTC and the resolutions hourly, daily, weekly, monthly by default; profile key resolutions)`),

  // 4.2 Sandbox address
  read('filesystem.write', '4.2', 'Creates or updates a file or directory.', 'sandbox-address.filesystem.write'),
  read('filesystem.responses', '4.2', '200: `message`, `path`. Three error responses with body `error`.', 'schema.sandbox-address', 'sandbox-address.filesystem.write', 'sandbox-address.filesystem.bad-permissions'),
  read('process-logs.identifier', '4.2', 'Path `identifier`: process id or process name.', 'sandbox-address.process-logs.by-name', 'sandbox-address.process-logs.content'),
  read('process-logs.responses', '4.2', '200: `logs`, `stderr`, `stdout`. Three error responses with body `error`.', 'sandbox-address.process-logs.content', 'sandbox-address.process-logs.unknown'),
  read('monitor.pid', '4.2', 'Path `pid`: process id.', 'sandbox-address.monitor.bad-pid'),
  notCheckable('monitor.effect', '4.2', 'Stops monitoring for new ports opened by that process.', 'what port monitoring does, and so its stopping, is not observable through the specified endpoints'),
  read('monitor.responses', '4.2', '200: empty object. Three error responses with body `error`.', 'schema.sandbox-address', 'sandbox-address.monitor.stop', 'sandbox-address.monitor.bad-pid'),
  notCheckable('endpoints.other-operations', '4.2', 'Other operations of the control plane (create, update, delete of each resource) and of the sandbox address: not shown.', NOT_SHOWN),

  // 5. Authentication
  read('auth.bearer', '5', 'Every request carries the header `Authorization: Bearer <token>`. The token is an OAuth 2.0 access token (JWT) or a long-lived API key (`<API_KEY>`), sent in the same header form.', 'auth.missing-credentials', 'auth.invalid-token'),
  notCheckable('auth.schemes', '5', 'The control plane accepts either of two schemes: OAuth 2.0 (flows authorization code and client credentials; paths `/oauth/authorize` and `/oauth/token` on {auth_url}) or an API key as HTTP bearer.', 'the suite is given its credentials without their scheme, and obtaining a token is not shown, so it cannot hold one of each'),
  read('auth.sandbox-address', '5', 'The sandbox address takes the bearer token in the same header.', 'auth.sandbox-address-requires-token', 'auth.sandbox-address-invalid-token'),
  notCheckable('auth.public-function', '5', 'A function with `spec.public` true (generation mk3) is served without authentication.', NOT_INVOKED),
  read('auth.admin-scope', '5', 'OAuth scopes: `admin` grants administrative access.', ...ADMIN_READS),
  read('auth.default-requirement', '5', 'The default requirement of the control plane is `admin` or an API key.', 'auth.no-scope-forbidden'),
  read('auth.list-functions', '5', 'Listing functions accepts the scope `functions:list` or an API key.', 'functions.auth.list-scope-accepted', 'functions.auth.no-scope-forbidden'),
  notCheckable('auth.scope-names', '5', 'Scope names defined (each named `<resource>:<action>`):', 'the suite is given credentials, not made them (obtaining a token is not shown), and the scope each endpoint needs is not shown apart from listing functions'),
  read('auth.roles', '5', 'Two roles exist: workspace admin (needed to see secret values) and account admin (needed for the workspace-level metrics features).', 'resources.secrets.member-never-sees', 'metrics.admin.workspace-filter', 'metrics.admin.group-by-workspace'),
  notCheckable('auth.obtaining-a-token', '5', 'Obtaining a token (request and response format): not shown.', NOT_SHOWN),
  notCheckable('auth.endpoint-scopes', '5', 'Scope required by each endpoint other than listing functions: not shown.', `${NOT_SHOWN}; the default requirement is checked (auth.no-scope-forbidden)`),

  // 6. Events
  read('events.array', '6', 'Resources deployed on the service (functions, sandboxes, egress IPs) carry a read-only `events` array.', EVENTS),
  read('events.type-status', '6', '| type | string | | status | string (a deployment status) |', EVENTS),
  read('events.message-revision', '6', '| message | string | | revision | string, revision id linked to the event |', EVENTS),
  read('events.canary-time', '6', '| canaryRevision | string, canary revision id linked to the event | | time | string, ISO 8601 timestamp |', EVENTS),
  notCheckable('events.callback-delivery', '6', 'Async triggers deliver results to `callbackUrl`,', NOT_INVOKED),
  read('events.callback-secret', '6', 'with a generated `callbackSecret` stored by the service.', 'functions.triggers.callback-secret'),
  notCheckable('events.type-values', '6', 'Allowed values of the event `type`: not shown.', NOT_SHOWN),
  notCheckable('events.push', '6', 'Push delivery of events to subscribers (webhooks or streams), and the payload of callbacks: not shown.', NOT_SHOWN),

  // 7. Errors
  read('error.required', '7', 'error | string | Required. Kind of error.', 'functions.responses.documented', 'auth.missing-credentials', 'metrics.group-by.at-most-three'),
  read('error.code', '7', '| code | integer | HTTP status code. |', 'functions.responses.documented', 'auth.missing-credentials'),
  read('error.sandbox-address', '7', 'Sandbox-address error body: an object with `error` (string).', 'auth.sandbox-address-requires-token', 'sandbox-address.filesystem.bad-permissions', 'sandbox-address.process-logs.unknown', 'sandbox-address.monitor.bad-pid'),
  read('error.functions-401', '7', '| GET /functions | 401 | Credentials invalid or missing. |', 'auth.missing-credentials', 'auth.invalid-token'),
  read('error.functions-403', '7', '| GET /functions | 403 | Insufficient permissions to list functions. |', 'functions.auth.no-scope-forbidden', 'auth.no-scope-forbidden'),
  notCheckable('error.functions-500', '7', '| GET /functions | 500 | Internal error. |', 'no request is known to make a target fail: a 500 cannot be caused on purpose (functions.responses.documented reads the Error body of any that comes)'),
  read('error.metrics-400', '7', '| Metrics | 400 | Resolution window above the cap for the explicit resolution; more than 3 groupBy dimensions. |', 'metrics.resolution.explicit-cap', 'metrics.group-by.at-most-three'),
  read('error.metrics-403', '7', '| Metrics | 403 | Non-admin caller uses `workspace=` or groups by workspace; the message is Access denied. |', 'metrics.admin.workspace-filter', 'metrics.admin.group-by-workspace'),
  read('error.cursor-rejected', '7', 'A cursor bound to another query or older than 24 hours is rejected. The status code is not shown.', 'metrics.cursor.bound-to-query', 'metrics.cursor.lifetime', ...FUNCTION_CURSOR),
  notCheckable('error.other-statuses', '7', 'Status codes of the four error responses of GET /sandboxes/{sandboxName} and of the three error responses of each sandbox-address endpoint: not shown.', `${NOT_SHOWN} (profile keys sandboxErrorStatuses and sandboxAddressErrorStatuses)`),
  notCheckable('error.values', '7', 'Complete list of `error` values: not shown.', NOT_SHOWN),

  // 8. Limits
  read('limits.functions-limit', '8', '| List functions `limit` | default 50, min 1, max 200 (clamped) |', ...FUNCTION_LIMIT),
  read('limits.metrics-limit', '8', '| Metrics `limit` | default 100, max 100 (clamped) |', 'metrics.limit.default', 'metrics.limit.honoured', 'metrics.limit.clamped'),
  read('limits.cursor-lifetime', '8', '| Pagination cursor lifetime | 24 hours |', 'functions.cursor.expires-after-24h', 'metrics.cursor.lifetime'),
  read('limits.q', '8', '| `q` search | max 200 characters; under 2 characters is ignored |', 'functions.search.max-length', 'functions.search.short-query-unfiltered'),
  read('limits.name', '8', '| metadata.name | max 49 characters |', METADATA),
  read('limits.display-name', '8', '| metadata.displayName | max 63 characters |', METADATA),
  read('limits.external-id', '8', '| metadata.externalId | max 64 characters |', METADATA),
  read('limits.group-by', '8', '| groupBy dimensions | max 3 |', 'metrics.group-by.at-most-three'),
  read('limits.trigger-timeout', '8', '| Async trigger timeout | max 900 seconds, generation mk3 only |', 'schema.functions'),
  notCheckable('limits.standby', '8', '| Sandbox start from standby | under 25 ms |', NO_STANDBY),
  notCheckable('limits.rate', '8', 'Rate limits: not shown.', NOT_SHOWN),
  notCheckable('limits.resolution-window', '8', 'Maximum window per explicit metrics resolution: not shown.', `${NOT_SHOWN} (profile key resolutions)`),

  // 9. Versioning
  notCheckable('version.prefix', '9', 'The control-plane path prefix is `/v0`.', 'the suite is given the base URL with its prefix (--base-url); a deployment behind a proxy may serve the same API under another path'),
  read('version.header', '9', 'A request header `Service-Version` carries a date version. It is the header that selects the API version.', 'functions.version.paged-from-2026-04-28', 'functions.version.legacy-before-2026-04-28'),
  read('version.paged', '9', 'From version 2026-04-28: listings return `{data, meta}` with cursor pagination, and `sort` and `q` are honoured.', 'functions.version.paged-from-2026-04-28', 'functions.pagination.every-item-once', 'functions.sort.orders', 'functions.search.fields'),
  read('version.legacy', '9', 'For older versions, listings return a bare array with all items and ignore `sort` and `q`.', 'functions.version.legacy-before-2026-04-28'),
  notCheckable('version.others', '9', 'Other version dates, and what the default is when the header is omitted: not shown.', `${NOT_SHOWN}; without the header either listing shape is accepted (functions.version.unversioned-either-shape)`),
];

/**
 * How a statement stands in the map, by its clauses: checked (every clause checked or not
 * checkable, one at least checked), partly checked (some checked, some not yet), not yet
 * checked (none checked, some not yet), or not checkable (as a whole, or every clause).
 */
export type StatementKind = 'checked' | 'partly-checked' | 'not-checkable' | 'not-yet';

export function statementKind(statement: Statement): StatementKind {
  if ('notCheckable' in statement) return 'not-checkable';
  const kinds = (clausesByStatement.get(statement.id) ?? []).map(clauseKind);
  if (kinds.length === 0) return 'not-yet';
  const checked = kinds.includes('checked');
  if (kinds.includes('not-yet')) return checked ? 'partly-checked' : 'not-yet';
  return checked ? 'checked' : 'not-checkable';
}

/** Why no client can observe a statement, for one not checkable as a whole. */
export function statementReason(statement: Statement): string | undefined {
  return 'notCheckable' in statement ? statement.notCheckable : undefined;
}
