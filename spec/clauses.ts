// The clauses of the specification's statements (spec/statements.ts): each value,
// bound, parameter, endpoint, version, role and page position a statement's words
// cover. A statement is checked along every path of its words only when every clause
// is: `cp-conformance coverage` counts clauses, and test/statements.test.ts holds each
// checked clause to its proof.
//
// A clause is one of:
//   checked       `fault` names a fault of the reference catalogue (reference/faults/)
//                 that breaks the clause and is caught by its rule (test/faults/): the
//                 fault is the proof that the rule reads the clause, and the clause's
//                 rule is the fault's (derived, never written here). A fault proves one
//                 clause. Where it also breaks other clauses its rule reads, they are
//                 named in `alsoBreaks`, and the catch shows the rule reads this clause
//                 only when each of those has a fault of its own that breaks it alone,
//                 or when `caughtHere` says why the check meets this clause first in
//                 every case (its first assertion): the self-test holds it to that.
//   notCheckable  no client of these endpoints can observe it: why.
//   notYet        observable, but no fault proves a rule reads it: what is missing (a
//                 fault, and where the check does not read it yet, the check).
//   sameAs        the same behaviour as other clauses, stated again in other words
//                 (section 8 repeats 4.1; section 1 sums up 2 to 4): it stands as they
//                 do (checked only when each of them is), and proves nothing twice.
//
// spec/ never imports reference/: faults are named here by their names; the self-test
// finds them in the catalogue.

interface ClauseBase {
  /** `<statement id>:<part>`, unique. */
  readonly id: string;
  /** Which part of the statement's words the clause is. */
  readonly covers: string;
}

/** Checked: a fault of the reference catalogue breaks it and is caught. */
export interface CheckedClause extends ClauseBase {
  /** A fault name of reference/faults/ (spec/ does not import the catalogue). */
  readonly fault: string;
  /** Other clauses the fault breaks that its rule reads too. */
  readonly alsoBreaks?: readonly string[];
  /** Why the rule's check meets this clause before those of `alsoBreaks` in every case, when they have no fault of their own. */
  readonly caughtHere?: string;
}

/** No client of these endpoints can observe it. */
export interface UncheckableClause extends ClauseBase {
  readonly notCheckable: string;
}

/** Observable, but no fault proves a rule reads it: what a rule would need. */
export interface UncheckedClause extends ClauseBase {
  readonly notYet: string;
}

/** The same behaviour as other clauses, in other words. */
export interface SameClause extends ClauseBase {
  readonly sameAs: readonly string[];
}

export type Clause = CheckedClause | UncheckableClause | UncheckedClause | SameClause;

export type ClauseKind = 'checked' | 'not-checkable' | 'not-yet';

type Draft = { readonly part: string; readonly covers: string } & (
  | { readonly fault: string; readonly alsoBreaks?: readonly string[]; readonly caughtHere?: string }
  | { readonly notCheckable: string }
  | { readonly notYet: string }
  | { readonly sameAs: readonly string[] }
);

const proof = (part: string, covers: string, fault: string, more: { alsoBreaks?: string[]; caughtHere?: string } = {}): Draft => ({ part, covers, fault, ...more });
const open = (part: string, covers: string, notCheckable: string): Draft => ({ part, covers, notCheckable });
const same = (part: string, covers: string, ...sameAs: string[]): Draft => ({ part, covers, sameAs });

// The reads of the control plane, as the clauses name them.
const F = 'GET /functions';
const S = 'GET /sandboxes/{sandboxName}';
const E = 'GET /egressips';
const D = 'GET /customdomains';
const M = 'the metrics endpoint';
const GE = 'the group-by enum';
const RE = 'the resource-types enum';
type Read = 'functions' | 'sandbox' | 'egressips' | 'customdomains';
const READ: Record<Read, string> = { functions: F, sandbox: S, egressips: E, customdomains: D };
/** How the faults of resources (reference/faults/resources.ts) name an item of each read. */
const ITEM: Record<Read, string> = { functions: 'function', sandbox: 'sandbox', egressips: 'egressip', customdomains: 'customdomain' };
/** One clause per read of `reads`. */
const per = (reads: readonly Read[], make: (read: Read, path: string) => Draft): Draft[] => reads.map((read) => make(read, READ[read]));
/** Every control-plane read, by operation, as the auth rules send them (suites/support/calls.ts). */
const OPERATIONS = {
  functions: F,
  sandbox: S,
  egressips: E,
  customdomains: D,
  metrics: M,
  'group-by-enum': GE,
  'resource-types-enum': RE,
} as const;
const eachOperation = (make: (part: string, path: string) => Draft): Draft[] => Object.entries(OPERATIONS).map(([part, path]) => make(part, path));
const SANDBOX_OPERATIONS = { 'file-write': 'PUT /filesystem/{path}', 'process-logs': 'GET /process/{identifier}/logs', 'monitor-stop': 'DELETE /network/process/{pid}/monitor' } as const;
const eachSandboxOperation = (make: (part: string, path: string) => Draft): Draft[] => Object.entries(SANDBOX_OPERATIONS).map(([part, path]) => make(part, path));

// Reasons and needs shared by several clauses, so each is worded once.
const NO_WRITES = 'no operation that creates or updates a resource is specified, so no client can try to write it';
const NOT_INVOKED = 'invoking a function or delivering its callbacks is not an operation of these endpoints';

const DRAFTS: Record<string, readonly Draft[]> = {
  // 1. What the service does
  'service.transport': [
    same('websocket', 'websocket: a function set with it is listed with it', 'function.runtime.transport:websocket'),
    same('http-stream', 'http-stream: a function set with it is listed with it', 'function.runtime.transport:http-stream'),
    same('no-other', 'no listed function has another transport', 'function.runtime.transport:no-other'),
  ],
  'service.sandbox-address-operations': [
    same('filesystem', 'filesystem operations: files and directories written, new or existing', 'filesystem.write:create-file', 'filesystem.write:update-file', 'filesystem.write:directory'),
    same('process', 'process operations: the logs of a process of the sandbox, by id and by name', 'process-logs.identifier:pid', 'process-logs.identifier:name'),
    same('network', 'network operations: the port monitor of a process of the sandbox stopped', 'monitor.responses:served'),
  ],
  'service.metrics': [
    same('cost', 'cost metrics: the total and each entry\'s cost over the window', 'metrics.response.total-cost:total-cost', 'metrics.entry.cost:cost'),
    same('usage', 'usage metrics: the total and each entry\'s usage with billing_dimension grouped', 'metrics.response.total-usage:value', 'metrics.entry.usage:value'),
    same('grouped', 'grouped by dimension: one entry per combination of the groupBy dimensions', 'metrics.group-by.combinations:one-dimension', 'metrics.group-by.combinations:several'),
    same('cursor-pagination', 'with cursor pagination: following nextCursor yields every group once', 'metrics.cursor.next:none-skipped', 'metrics.cursor.next:none-repeated'),
  ],
  'service.workspace-scope': [
    proof('functions-first-page', `${F}: the first page of another workspace's listing holds none of this one's functions`, 'functions-first-page-default-workspace'),
    proof('functions-continuation', `${F}: the pages after a cursor hold none either`, 'functions-later-pages-default-workspace'),
    proof('functions-legacy', `${F} in an older version: the bare array holds none either`, 'functions-legacy-every-workspace'),
    proof('sandbox', `${S}: another workspace's sandbox is not served`, 'resources-sandbox-any-workspace'),
    proof('egressips', `${E}: no other workspace's egress IP is listed`, 'resources-egressips-other-workspace-listed'),
    proof('customdomains', `${D}: no other workspace's custom domain is listed`, 'resources-customdomains-other-workspace-listed'),
  ],

  // 2.1 Shared metadata
  'metadata.name.required': per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
    proof(read, `${path}: metadata.name present, a string`, {
      functions: 'resources-function-name-left-out',
      sandbox: 'resources-sandbox-name-left-out',
      egressips: 'resources-egressip-name-left-out',
      customdomains: 'resources-customdomain-name-left-out',
    }[read]),
  ),
  'metadata.name.unique': [
    proof('functions', `${F}: no two functions of one name, on any page`, 'resources-function-listed-twice'),
    proof('egressips', `${E}: no two egress IPs of one name`, 'resources-egressip-listed-twice'),
    proof('customdomains', `${D}: no two custom domains of one name`, 'resources-customdomain-listed-twice'),
    open('sandbox', `${S}: sandboxes`, 'no specified operation lists sandboxes, and a sandbox is read by its name: two of one name cannot be seen'),
  ],
  'metadata.name.form': [
    ...per(['functions', 'sandbox', 'egressips'], (read, path) => proof(`lowercase-${read}`, `${path}: the name is lowercase`, `resources-${ITEM[read]}-name-capitalised`)),
    proof('alphabet-functions', `${F}: only alphanumerics and hyphens`, 'resources-function-name-underscored'),
    proof('alphabet-sandbox', `${S}: only alphanumerics and hyphens`, 'resources-sandbox-name-underscored'),
    proof('alphabet-egressips', `${E}: only alphanumerics and hyphens`, 'resources-egressip-name-underscored'),
    ...per(['functions', 'sandbox', 'egressips'], (read, path) => proof(`max-49-${read}`, `${path}: at most 49 characters`, `resources-${ITEM[read]}-name-over-49`)),
    open('customdomains', `${D}: custom domains`, 'section 2.5 names a custom domain by its domain, which holds dots: the form of 2.1 is not its own'),
  ],
  'metadata.display-name': [
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(`characters-${read}`, `${path}: spaces and special characters kept`, {
        functions: 'resources-function-display-name-stripped',
        sandbox: 'resources-sandbox-display-name-stripped',
        egressips: 'resources-egressip-display-name-stripped',
        customdomains: 'resources-customdomain-display-name-stripped',
      }[read]),
    ),
    proof('max-63-functions', `${F}: a displayName of up to 63 characters comes back whole`, 'resources-function-display-name-truncated'),
    proof('max-63-sandbox', `${S}: a displayName of up to 63 characters comes back whole`, 'resources-sandbox-display-name-truncated'),
    proof('max-63-egressips', `${E}: a displayName of up to 63 characters comes back whole`, 'resources-egressip-display-name-truncated'),
    proof('max-63-customdomains', `${D}: a displayName of up to 63 characters comes back whole`, 'resources-customdomain-display-name-truncated'),
  ],
  'metadata.external-id': [
    proof('functions', `${F}: externalId of alphanumerics and dash, at most 64, as set`, 'resources-function-external-id-underscored'),
    proof('sandbox', `${S}: externalId of alphanumerics and dash, at most 64, as set`, 'resources-sandbox-external-id-underscored'),
  ],
  'metadata.labels': [
    proof('functions', `${F}: labels a map of string to string, as set`, 'resources-function-labels-dropped'),
    proof('sandbox', `${S}: labels a map of string to string, as set`, 'resources-sandbox-labels-dropped'),
    proof('customdomains', `${D}: labels a map of string to string, as set`, 'resources-customdomain-labels-dropped'),
  ],
  'metadata.timestamps': [
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(`strings-${read}`, `${path}: createdAt and updatedAt are strings`, {
        functions: 'resources-function-created-at-number',
        sandbox: 'resources-sandbox-created-at-number',
        egressips: 'resources-egressip-created-at-number',
        customdomains: 'resources-customdomain-created-at-number',
      }[read]),
    ),
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(`timestamp-form-${read}`, `${path}: createdAt and updatedAt, when strings, are timestamps (any RFC 3339 or ISO 8601 date-time)`, {
        functions: 'resources-function-created-at-date-text',
        sandbox: 'resources-sandbox-created-at-date-text',
        egressips: 'resources-egressip-created-at-date-text',
        customdomains: 'resources-customdomain-created-at-date-text',
      }[read]),
    ),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'metadata.authors': [
    proof('created-by-functions', `${F}: createdBy a string`, 'resources-function-created-by-not-string'),
    proof('created-by-sandbox', `${S}: createdBy a string`, 'resources-sandbox-created-by-not-string'),
    proof('created-by-egressips', `${E}: createdBy a string`, 'resources-egressip-created-by-not-string'),
    proof('created-by-customdomains', `${D}: createdBy a string`, 'resources-customdomain-created-by-not-string'),
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(`updated-by-${read}`, `${path}: updatedBy a string`, {
        functions: 'resources-function-updated-by-not-string',
        sandbox: 'resources-sandbox-updated-by-not-string',
        egressips: 'resources-egressip-updated-by-not-string',
        customdomains: 'resources-customdomain-updated-by-not-string',
      }[read]),
    ),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'metadata.plan': [
    proof('functions', `${F}: plan a string`, 'resources-function-plan-not-string'),
    proof('sandbox', `${S}: plan a string`, 'resources-sandbox-plan-not-string'),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'metadata.url': [
    proof('string-functions', `${F}: url a string`, 'resources-function-url-not-string'),
    proof('string-sandbox', `${S}: url a string`, 'resources-sandbox-url-not-string'),
    proof('absolute-functions', `${F}: url an absolute URL, the endpoint of the resource`, 'resources-function-url-relative'),
    proof('absolute-sandbox', `${S}: url an absolute URL, the endpoint of the resource`, 'resources-sandbox-url-relative'),
    open('agents-models', 'agents and models', 'no operation reads an agent or a model'),
    open('auto-generated', 'read-only, auto-generated', NO_WRITES),
  ],
  'metadata.workspace': [
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(read, `${path}: workspace set, a string`, {
        functions: 'resources-function-workspace-missing',
        sandbox: 'resources-sandbox-workspace-missing',
        egressips: 'resources-egressip-workspace-missing',
        customdomains: 'resources-customdomain-workspace-missing',
      }[read]),
    ),
    proof('name', 'the name of the workspace the resource is in: the same for every resource of one workspace, whatever a request gave', 'resources-workspace-kept-as-given'),
  ],

  // 2.2 Function
  'function.fields': [
    proof('metadata', `${F}: every function has metadata`, 'schema-functions-metadata-left-out'),
    proof('spec', `${F}: every function has spec`, 'schema-functions-spec-left-out'),
    same('events', 'events: a read-only array of event records', 'events.array:functions'),
    proof('status', 'status: a deployment status', 'schema-function-status-outside-enum'),
  ],
  'function.enabled': [
    proof('default-true', 'a function set without enabled is enabled', 'functions-enabled-default-false'),
    open('false-serves-none', 'when false the function serves no requests', NOT_INVOKED),
  ],
  'function.public.default': [proof('default-false', 'a function set without public is not public', 'functions-public-default-true')],
  'function.revision': [
    ...(
      [
        ['active', 'functions-revision-active-dropped'],
        ['canary', 'functions-revision-canary-dropped'],
        ['canaryPercent', 'functions-revision-canary-percent-dropped'],
        ['stickySessionTtl', 'functions-revision-sticky-session-ttl-dropped'],
        ['traffic', 'functions-revision-traffic-dropped'],
      ] as const
    ).map(([field, fault]) => proof(field, `${field} as set, of its type`, fault)),
    open('sticky-zero', 'stickySessionTtl 0 means disabled', 'sticky sessions are a matter of invoking the function, not an operation of these endpoints'),
  ],
  'function.runtime.envs': [
    proof('as-set', 'the envs as set (secret values aside)', 'functions-envs-dropped'),
    open('injected', 'injected into the function', NOT_INVOKED),
  ],
  'function.runtime.scale': [
    proof('max-scale', 'maxScale, an integer, as set', 'functions-max-scale-dropped'),
    proof('min-scale', 'minScale, an integer, as set', 'functions-min-scale-dropped'),
    open('instances', 'the maximum of concurrent and the minimum of warm instances; 0 allows scale to zero', 'instances of a function are not observable through the specified endpoints'),
  ],
  'function.runtime.generation': [
    proof('mk2', 'mk2: a function set with it is listed with it', 'functions-generation-mk2-answered-otherwise'),
    proof('mk3', 'mk3: a function set with it is listed with it', 'functions-generation-mk3-answered-otherwise'),
    proof('no-other', 'no listed function has another generation', 'functions-generation-mk3-as-microvm-answered-otherwise'),
  ],
  'function.runtime.transport': [
    proof('websocket', 'websocket: a function set with it is listed with it', 'functions-transport-websocket-answered-otherwise'),
    proof('http-stream', 'http-stream: a function set with it is listed with it', 'functions-transport-http-stream-answered-otherwise'),
    proof('no-other', 'no listed function has another transport', 'functions-transport-http-stream-as-sse-answered-otherwise'),
  ],
  'function.env': [
    proof('name', 'name, a string, as set', 'functions-env-name-changed'),
    proof('value', 'value, a string, as set (not a secret)', 'functions-env-value-changed'),
    proof('secret', 'secret, a boolean, as set', 'functions-env-secret-flipped'),
  ],
  'function.port': [
    proof('target-functions', `${F}: target, an integer, required`, 'functions-port-target-as-text'),
    proof('target-sandbox', `${S}: target, an integer, required`, 'resources-sandbox-port-target-as-text'),
    proof('name-functions', `${F}: name, a string`, 'functions-port-name-changed'),
    proof('name-sandbox', `${S}: name, a string`, 'resources-sandbox-port-name-changed'),
    proof('protocol-functions', `${F}: protocol, each of HTTP, TCP, UDP, TLS`, 'functions-port-tls-as-tcp'),
    proof('protocol-sandbox', `${S}: protocol, each of HTTP, TCP, UDP, TLS`, 'resources-sandbox-port-tls-as-tcp'),
  ],
  'function.trigger.id': [
    proof('generated', 'a trigger set without an id gets one', 'functions-trigger-id-not-generated'),
    proof('generated-unique', 'generated ids are unique: two triggers without one get two', 'functions-generated-trigger-ids-same'),
    proof('disambiguated', 'two triggers of one function set with one id get two', 'functions-trigger-duplicate-ids-kept'),
  ],
  'function.trigger.type': [
    proof('values', 'each of http, http-async, cron, as set', 'functions-trigger-http-async-as-http'),
    proof('no-other', 'no listed trigger has another type', 'functions-trigger-cron-as-schedule'),
  ],
  'function.trigger.enabled': [proof('default-true', 'a trigger set without enabled is enabled', 'functions-trigger-enabled-default-false')],
  'function.trigger.callback': [
    proof('authentication-type', 'authenticationType, a string, as set', 'functions-trigger-authenticationtype-changed'),
    proof('callback-url', 'callbackUrl, a string, of an async trigger, as set', 'functions-trigger-callbackurl-changed'),
  ],
  'function.trigger.callback-secret': [
    proof('generated', 'auto-generated: never the value sent', 'functions-callback-secret-echoed'),
    proof('string', 'a string, when returned (non-empty)', 'functions-callback-secret-number'),
    open('stored-encrypted', 'stored encrypted', 'how the service stores it is not observable through these endpoints'),
    open('async-only', 'for async triggers', `what a target does with a callbackSecret on a synchronous trigger is not stated, and ${NO_WRITES}`),
  ],
  'function.trigger.schedule': (['path', 'retry', 'schedule', 'tasks'] as const).map((field) => proof(field, `${field} as set, of its type`, `functions-trigger-${field}-changed`)),
  'function.trigger.timeout': [
    proof('integer', 'an integer of seconds, as set', 'functions-trigger-timeout-as-text'),
    proof('max-900', 'at most 900', 'functions-trigger-timeout-in-milliseconds'),
    open('async-mk3-only', 'async triggers of generation mk3 only', `what a target does with a timeout on a synchronous trigger or a mk2 function (refuse, ignore, keep) is not stated, and ${NO_WRITES}`),
  ],

  // 2.3 Sandbox
  'sandbox.fields': [
    proof('metadata', `${S}: the sandbox has metadata`, 'schema-sandbox-metadata-left-out'),
    proof('spec', `${S}: the sandbox has its spec`, 'resources-sandbox-spec-dropped'),
    same('events', 'events (read-only)', 'events.array:sandbox'),
  ],
  'sandbox.expires-in': [
    proof('absent-without-lifecycle', 'absent when no lifecycle is configured (nor a TTL: runtime.ttl or runtime.expires, which "according to TTL and lifecycle policies" names beside it)', 'resources-expires-in-without-lifecycle'),
    proof('present-with-lifecycle', 'present when a lifecycle is configured (one whose expiration policy deletes: implied, a SHOULD)', 'resources-expires-in-never-answered'),
    proof('integer', 'an integer of seconds', 'resources-sandbox-expires-in-string'),
    proof('non-negative', 'seconds until deletion: never negative', 'resources-sandbox-expires-in-negative'),
    open('value', 'the seconds until deletion according to TTL and lifecycle policies', 'how the policies (a TTL on idle, a retention) combine into the seconds left is not stated'),
  ],
  'sandbox.last-used-at': [
    proof('string', 'a string', 'resources-sandbox-last-used-at-number'),
    open('system-managed', 'read-only, system managed', NO_WRITES),
  ],
  'sandbox.run-state': [
    open('present', 'the current-state field is there', 'not marked Required (CONTRACT 3), and no stated behaviour needs it observed: a sandbox may leave it out (variant sandbox-without-run-state), so its presence is no behaviour to check; present, its values are'),
    proof('values', 'its value is RUNNING or STANDBY', 'resources-sandbox-run-state-lowercase'),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'sandbox.status': [
    proof('value', 'the deployment status, one of section 3', 'schema-sandbox-status-lowercase'),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'sandbox.volumes': [
    proof('name', 'name, a string, as set', 'resources-sandbox-volume-name-dropped'),
    proof('mount-path', 'mountPath, a string, as set', 'resources-sandbox-volume-mount-path-dropped'),
    proof('read-only', 'readOnly, a boolean, as set', 'resources-sandbox-volume-read-only-dropped'),
  ],
  'sandbox.expiration-policies': [
    proof('type', 'type as set', 'resources-expiration-policy-type-dropped'),
    proof('value', 'value as set (a duration string)', 'resources-expiration-policy-value-dropped'),
    proof('action', 'action as set', 'resources-expiration-policy-action-dropped'),
  ],
  'sandbox.terminated-retention': [proof('as-set', 'a duration string, as set', 'resources-terminated-retention-dropped')],
  'sandbox.runtime.expires': [proof('as-set', 'a timestamp, as set', 'resources-runtime-expires-dropped')],
  'sandbox.runtime.ttl': [proof('as-set', 'a duration string, as set', 'resources-runtime-ttl-dropped')],
  'sandbox.network.domains': [
    proof('wildcards', 'allowedDomains patterns, a leading *. among them, as set', 'resources-allowed-domains-wildcard-dropped'),
    proof('string-list', 'allowedDomains returned as a string holding a list', 'resources-network-lists-as-arrays'),
  ],
  'sandbox.network.forbidden-domains': [
    proof('as-set', 'forbiddenDomains patterns, as set', 'resources-forbidden-domains-dropped'),
    proof('string-list', 'returned as a string holding a list', 'resources-forbidden-domains-as-array'),
  ],
  'sandbox.network.rulesets': [
    proof('as-set', 'firewall.rulesets, as set', 'resources-firewall-rulesets-dropped'),
    proof('string-list', 'returned as a string holding a list', 'resources-firewall-rulesets-as-array'),
  ],
  'sandbox.network.egress-policies': [
    proof('name', 'name as set', 'resources-egress-policy-name-dropped'),
    proof('mode', 'mode as set', 'resources-egress-policy-mode-dropped'),
    proof('destinations', 'destinations as set', 'resources-egress-policy-destinations-dropped'),
  ],
  'sandbox.network.routing': [
    proof('destinations', 'destinations, a list, as set', 'resources-route-destinations-dropped'),
    proof('headers', 'headers, a map, as set', 'resources-route-headers-dropped'),
    proof('body', 'body, a string, as set', 'resources-route-body-dropped'),
    proof('secret-names', 'secrets, a map whose names are as set (where the answer carries it)', 'resources-route-secrets-by-position'),
    same('secret-values', 'its values: shown only as section 2.3 says', 'sandbox.show-secrets:admin-asks', 'sandbox.secrets:admin-omitted', 'sandbox.secrets:admin-false', 'sandbox.secrets:member-asks', 'sandbox.secrets:member-unasked'),
  ],
  'sandbox.secrets': [
    proof('admin-omitted', 'a workspace admin who leaves the parameter out: no secret value (env, routing, nor a {{SECRET:...}} placeholder resolved)', 'resources-secret-shown-when-param-omitted'),
    proof('admin-false', 'a workspace admin who sends it false: no secret value', 'resources-secret-param-presence-asks'),
    proof('member-asks', 'a caller without the workspace admin role who asks: no secret value', 'resources-secret-shown-to-member'),
    proof('member-unasked', 'a caller without the role who does not ask: no secret value', 'resources-secret-shown-to-member-unasked'),
  ],

  // 2.4 Egress IP
  'egressip.metadata': [
    proof('gateway-name', 'gatewayName, a string, as set', 'resources-egress-gateway-name-dropped'),
    proof('vpc-name', 'vpcName, a string, as set', 'resources-egress-vpc-name-dropped'),
    same(
      'shared',
      'name, displayName, workspace, createdAt, updatedAt, createdBy, updatedBy: as section 2.1 says for egress IPs',
      'metadata.name.required:egressips',
      'metadata.display-name:characters-egressips',
      'metadata.display-name:max-63-egressips',
      'metadata.workspace:egressips',
      'metadata.timestamps:strings-egressips',
      'metadata.authors:created-by-egressips',
      'metadata.authors:updated-by-egressips',
    ),
  ],
  'egressip.ip-family': [proof('as-set', 'spec.ipFamily, a string, as set', 'resources-egress-ip-family-dropped')],
  'egressip.public-ip': [proof('as-set', 'spec.publicIp, the provisioned address, as set', 'resources-egress-public-ip-dropped')],
  'egressip.events': [same('array', 'events, an array of event records', 'events.array:egressips')],
  'egressip.status': [same('value', 'status, a deployment status', 'status.values:egressips')],

  // 2.5 Custom domain
  'customdomain.metadata': [
    proof('name-domain', 'name, the domain, as set', 'resources-customdomain-name-prefixed'),
    same('labels', 'labels', 'metadata.labels:customdomains'),
    same(
      'shared',
      'displayName, workspace, createdAt, updatedAt, createdBy, updatedBy: as section 2.1 says for custom domains',
      'metadata.display-name:characters-customdomains',
      'metadata.display-name:max-63-customdomains',
      'metadata.workspace:customdomains',
      'metadata.timestamps:strings-customdomains',
      'metadata.authors:created-by-customdomains',
      'metadata.authors:updated-by-customdomains',
    ),
  ],
  'customdomain.cname-records': [proof('as-set', 'a string, as set', 'resources-customdomain-cname-records-dropped')],
  'customdomain.txt-records': [proof('as-set', 'an object, as set', 'resources-customdomain-txt-records-dropped')],
  'customdomain.fallback-preview-id': [proof('as-set', 'a string, as set', 'resources-customdomain-fallback-preview-id-dropped')],
  'customdomain.last-verified-at': [proof('as-set', 'a string, as set', 'resources-customdomain-last-verified-at-dropped')],
  'customdomain.region': [proof('as-set', 'a string, as set', 'resources-customdomain-region-dropped')],
  'customdomain.status': [proof('as-set', 'a string, as set', 'resources-customdomain-status-dropped')],
  'customdomain.subject-alternative-names': [proof('as-set', 'an array, as set', 'resources-customdomain-alternative-names-dropped')],
  'customdomain.verification-error': [proof('as-set', 'a string, as set', 'resources-customdomain-verification-error-dropped')],

  // 2.6 Sandbox file and process payloads
  'payload.file-write-request': [
    proof('file', 'content (a string): a file is written', 'sandbox-address-content-refused'),
    same('directory', 'isDirectory (a boolean): a directory is written', 'filesystem.write:directory'),
    proof('permissions-octal', 'permissions: octal mode notation, other values refused', 'sandbox-address-bad-permissions-accepted'),
    open('content-kept', 'what content holds is what the file holds', 'no specified operation reads a file back'),
  ],
  'payload.file-write-response': [
    proof('message', 'message, a string', 'schema-file-write-message-object'),
    proof('path', 'path, a string', 'schema-file-write-path-not-string'),
  ],
  'payload.process-logs': [
    proof('stdout', 'stdout: what the process wrote to stdout, no more', 'sandbox-address-stderr-in-stdout'),
    proof('stderr', 'stderr: what it wrote to stderr, no more', 'sandbox-address-stdout-in-stderr'),
    proof('logs', 'logs: both streams', 'sandbox-address-logs-stdout-only'),
    proof('strings', 'all strings', 'schema-process-logs-as-lines'),
  ],
  'payload.monitor-stop': [proof('empty-object', 'an empty JSON object', 'sandbox-address-monitor-non-empty')],

  // 2.7 Usage metrics
  'metrics.response.total-cost': [
    proof('data', 'data: an array of entries', 'schema-metrics-data-keyed-by-group'),
    proof('meta', 'meta: the pagination meta', 'schema-metrics-meta-left-out'),
    proof('total-cost-number', 'summary.totalCost: a number (USD)', 'schema-metrics-total-cost-string'),
    proof('total-cost', 'summary.totalCost: the cost of the window\'s events', 'metrics-end-inclusive'),
    proof('total-cost-now', 'summary.totalCost: the cost of the events the usage holds now, the same query asked after the usage changed', 'metrics-answer-kept-across-usage'),
  ],
  'metrics.response.total-usage': [
    proof('absent-without', 'totalUsage absent unless billing_dimension is grouped', 'metrics-usage-without-billing-dimension', {
      alsoBreaks: ['metrics.entry.usage:absent-without'],
      caughtHere: 'metrics.usage.only-with-billing-dimension asserts summary.totalUsage of each page before the entries\' usage',
    }),
    proof('present-with', 'totalUsage present when billing_dimension is grouped', 'metrics-usage-missing-with-billing-dimension', {
      alsoBreaks: ['metrics.entry.usage:present-with'],
      caughtHere: 'metrics.usage.with-billing-dimension asserts summary.totalUsage of each page before the entries\' usage',
    }),
    proof('value', 'totalUsage: the usage of the window\'s events', 'metrics-total-usage-ignores-window'),
  ],
  'metrics.entry.cost': [proof('cost', 'summary.cost of each entry: its group\'s cost in the window (USD)', 'metrics-entry-cost-ignores-window')],
  'metrics.entry.usage': [
    proof('absent-without', 'summary.usage absent unless billing_dimension is grouped', 'metrics-entries-usage-always'),
    proof('present-with', 'summary.usage present when billing_dimension is grouped', 'metrics-entries-usage-left-out'),
    proof('value', 'summary.usage: its group\'s usage in the window', 'metrics-entry-usage-ignores-window'),
  ],
  'metrics.entry.timeseries': [
    proof('every-bucket', 'one point per resolution bucket over the whole window', 'metrics-sparse-timeseries'),
    proof('bucket-cost', 'each point the cost of its bucket', 'metrics-timeseries-cost-overwritten'),
    proof('empty-zero', 'buckets without activity have cost 0', 'metrics-idle-bucket-cost-carried'),
    proof('usage-carried', 'bucket usage follows the same rule: with billing_dimension grouped, every point carries usage (SHOULD)', 'metrics-timeseries-points-without-usage'),
    proof('usage-of-bucket', 'bucket usage follows the same rule: each point the usage of its bucket', 'metrics-timeseries-usage-overwritten'),
    proof('usage-idle-zero', 'bucket usage follows the same rule: 0 without activity', 'metrics-idle-bucket-usage-carried'),
  ],
  'metrics.entry.grouping-fields': [
    ...['resource_type', 'workspace', 'billing_dimension', 'resource_uuid'].map((dimension) =>
      proof(dimension, `grouped by ${dimension}: each entry carries its field`, `metrics-entry-${dimension.replace('_', '-')}-left-out`),
    ),
    proof('several', 'with several dimensions, the field of every one', 'metrics-entry-first-dimension-only'),
  ],
  'metrics.entry.resource-uuid-fills': [
    proof('workspace', 'grouped by resource_uuid: workspace filled', 'metrics-resource-uuid-without-workspace'),
    proof('resource-name', 'grouped by resource_uuid: resourceName filled', 'metrics-resource-uuid-without-name'),
    proof('resource-type', 'grouped by resource_uuid: resourceType filled', 'metrics-resource-uuid-without-type'),
  ],

  // 2.8 Pagination meta
  'pagination.has-more': [
    proof('functions-last-page', `${F}: hasMore false on the page that ends the listing`, 'functions-has-more-on-last-page', { alsoBreaks: ['pagination.has-more:functions-next-cursor'] }),
    proof('functions-filtered-last-page', `${F}: hasMore false on the last page of what q matches, though functions it does not match follow`, 'functions-has-more-counts-unmatched'),
    proof('functions-more-pages', `${F}: hasMore true on every page before it`, 'functions-has-more-false-when-filtered'),
    proof('functions-next-cursor', `${F}: nextCursor empty when there are no more pages`, 'functions-next-cursor-on-last-page'),
    proof('metrics-last-page', `${M}: hasMore false on the last page`, 'metrics-has-more-on-last-page'),
    proof('metrics-more-pages', `${M}: hasMore true on every page before it`, 'metrics-has-more-false-after-first-page'),
    same('metrics-next-cursor', `${M}: nextCursor empty when there are no more pages`, 'metrics.cursor.last-page:empty'),
  ],
  'pagination.total': [
    proof('not-narrowed', `${F}: total not narrowed by q`, 'functions-total-narrowed-by-q'),
    proof('workspace-total', `${F}: total, the number of functions in the workspace`, 'functions-total-counts-page'),
    open('metrics', `${M}: total`, 'what "total items in the workspace" counts for the account\'s metrics (groups, events, of which workspace) is not stated'),
  ],

  // 3. States and transitions
  'status.values': [
    proof('functions', `${F}: every function's status one of the ten`, 'resources-function-status-lowercase'),
    proof('sandbox', `${S}: the sandbox's status one of the ten`, 'resources-sandbox-status-outside-values'),
    proof('egressips', `${E}: every egress IP's status one of the ten`, 'resources-egress-status-lowercase'),
    open('read-only', 'read-only', NO_WRITES),
  ],

  // 4. Endpoints
  'endpoints.paths': [
    proof('control-plane', 'each control-plane path appended to {base_url}', 'schema-egressips-path-moved'),
    proof('sandbox-address', 'each sandbox-address path appended to {sandbox_url}', 'schema-file-write-path-moved'),
  ],
  'endpoints.json': [
    ...per(['functions', 'sandbox', 'egressips', 'customdomains'], (read, path) =>
      proof(read, `${path}: a JSON body`, `schema-${read}-answered-as-yaml`),
    ),
    proof('metrics', `${M}: a JSON body`, 'schema-metrics-answered-as-csv'),
    proof('enums', 'the enum endpoints: a JSON body', 'schema-group-by-enum-one-a-line'),
    proof('sandbox-address', 'the sandbox address: JSON bodies', 'schema-process-logs-answered-as-text'),
    proof('errors', 'error answers: a JSON body', 'auth-refusals-answered-as-text'),
  ],

  // 4.1 Control plane
  'functions.shapes': [
    proof('function-list', 'version 2026-04-28: a FunctionList, data and meta', 'schema-functions-meta-left-out'),
    proof('paged-at-2026-04-28', 'version 2026-04-28 itself: the paged shape', 'functions-boundary-date-legacy'),
    proof('paged-later', 'a later version date: the paged shape (or a 4xx for a date the target does not know)', 'functions-later-version-legacy'),
    proof('older-bare-array', 'an older version: a bare array', 'functions-older-version-paged', {
      alsoBreaks: ['functions.shapes:older-all-over-200', 'functions.shapes:older-all-whatever-limit', 'functions.shapes:older-all-whatever-cursor', 'version.legacy:ignores-sort', 'version.legacy:ignores-q'],
      caughtHere: 'functions.version.legacy-before-2026-04-28 reads the answer as a bare array (legacyItemsOf) before it reads its items',
    }),
    proof('older-all-over-200', 'an older version: all functions, more than 200 too', 'functions-legacy-capped-at-200'),
    proof('older-all-whatever-limit', 'an older version: all functions, whatever limit says', 'functions-legacy-honours-limit'),
    proof('older-all-whatever-cursor', 'an older version: all functions, whatever cursor says', 'functions-legacy-follows-cursor'),
    proof('older-every-date', 'every older version date: each one served is a bare array', 'functions-legacy-before-2026-only'),
    proof('no-header', 'no version header (which shape is not shown): a FunctionList page, or a bare array of all functions', 'functions-unversioned-array-page'),
  ],
  'functions.errors': [
    proof('401-body', '401 with an Error body', 'auth-functions-401-empty'),
    proof('403-body', '403 with an Error body', 'functions-403-empty'),
    open('500-body', '500 with an Error body', 'no request is known to make a target fail: a 500 cannot be caused on purpose (functions.responses.documented reads the body of any that comes)'),
  ],
  'sandbox.by-name': [
    proof('by-name', 'the sandbox the path names is the one answered', 'resources-sandbox-first-whatever-name'),
    proof('any-name', 'any unique sandbox name, percent-encoded in the path', 'resources-sandbox-long-name-not-found'),
  ],
  'sandbox.show-secrets': [
    proof('admin-asks', 'a workspace admin who asks is shown the secret values', 'resources-secret-hidden-from-admin'),
    same('requires-admin', 'requires the workspace admin role', 'sandbox.secrets:member-asks'),
    proof('optional', 'optional: without it the sandbox is answered', 'resources-show-secrets-required'),
  ],
  'sandbox.response': [
    proof('sandbox', '200: a Sandbox', 'schema-sandbox-wrapped'),
    proof('unknown-refused', 'an unknown name refused, not answered 200', 'resources-unknown-sandbox-200'),
    proof('unknown-error-body', 'that refusal with an Error body', 'resources-unknown-sandbox-bare-404'),
    proof('other-error-bodies', 'its other error responses (credentials missing, invalid, without scope) with an Error body', 'auth-sandbox-401-empty'),
  ],
  'egressips.listing': [
    proof('array', 'a bare array of Egress IP', 'schema-egressips-wrapped'),
    proof('all', 'every egress IP of the workspace', 'resources-egressips-incomplete'),
    proof('every-vpc-gateway', 'those of every VPC and gateway', 'resources-egressips-first-vpc-only', { alsoBreaks: ['egressips.listing:all'] }),
  ],
  'customdomains.listing': [
    proof('array', 'a bare array of Custom domain', 'schema-customdomains-keyed-by-name'),
    proof('all', 'every custom domain of the workspace', 'resources-customdomains-incomplete'),
  ],
  'metrics.enums.group-by': [
    proof('every-value', 'lists every valid value', 'metrics-group-by-enum-missing-dimension'),
    proof('values-accepted', 'each value it lists is accepted as groupBy', 'metrics-group-by-enum-lists-region'),
    proof('static', 'static: the same for every caller and every time', 'metrics-group-by-enum-per-caller'),
    proof('shape', 'the list, as the OpenAPI document shapes it ({values})', 'schema-groupby-enum-bare-array'),
    proof('others-refused', 'a groupBy value it does not list is refused', 'metrics-group-by-unknown-accepted'),
  ],
  'metrics.enums.resource-types-window': [
    proof('start-time', 'startTime required: missing or malformed refused', 'metrics-resource-types-start-optional'),
    proof('end-time', 'endTime required: missing or malformed refused', 'metrics-resource-types-end-optional'),
    proof('same-format', 'the same format as the main metrics endpoint', 'metrics-resource-types-utc-only'),
  ],
  'metrics.enums.resource-types': [
    proof('only-in-window', 'a type appears only when an event for it lies in the window', 'metrics-resource-types-ignore-window'),
    proof('every-in-window', 'every type with an event in the window appears', 'metrics-resource-types-last-hour-left-out'),
    proof('distinct', 'distinct: each type once', 'metrics-resource-types-once-per-event'),
  ],
  'functions.parameters-optional': [
    proof('each-omitted', 'each of cursor, limit, sort, q, anchor may be left out', 'functions-sort-required'),
  ],
  'functions.cursor.opaque': [
    proof('never-issued', 'a value the server never issued is rejected', 'functions-garbage-cursor-first-page'),
    same('from-next-cursor', 'a previous page\'s nextCursor continues that walk', 'version.paged:walk-none-skipped', 'version.paged:walk-none-repeated'),
  ],
  'functions.cursor.same-query': [
    proof('workspace', 'reused from another workspace: rejected', 'functions-cursor-not-bound-to-workspace'),
    open('filters', 'reused with other filters', 'GET /functions has no filter parameter besides q'),
    proof('sort-changed', 'reused with another sort: rejected', 'functions-cursor-not-bound-to-sort', { alsoBreaks: ['functions.cursor.same-query:sort-left-out'] }),
    proof('sort-left-out', 'a cursor of a sort other than the default reused with no sort: rejected', 'functions-cursor-sort-unchecked-when-omitted'),
    proof('sort-added', 'a cursor issued with no sort reused with a sort other than the default: rejected', 'functions-cursor-sort-unchecked-when-issued-without'),
    proof('q-changed', 'a cursor of a q reused with another q: rejected', 'functions-cursor-q-compared-by-presence'),
    proof('q-added', 'a cursor issued without q reused with one: rejected', 'functions-cursor-q-unchecked-when-issued-without'),
    proof('q-left-out', 'a cursor of a q reused without q: rejected', 'functions-cursor-q-unchecked-when-omitted'),
    proof('later-pages', 'the cursors of pages after the first are bound too', 'functions-cursor-later-pages-unbound'),
    proof('older-than-24h', 'a first page\'s cursor older than 24 hours: rejected', 'functions-cursor-first-page-lives-25h'),
    proof('older-than-24h-later-pages', 'a later page\'s cursor older than 24 hours: rejected', 'functions-cursor-later-pages-never-expire'),
  ],
  'functions.cursor.first-page': [
    proof('first-page', 'no cursor: the first page', 'functions-first-page-skips-first'),
  ],
  'functions.limit.bounds': [
    proof('default-50', 'default 50: a first page without limit', 'functions-default-limit-20'),
    proof('default-50-later-pages', 'default 50: a page after a cursor, without limit', 'functions-default-limit-first-page-only'),
    proof('minimum-1-served', 'minimum 1: a limit of 1 gives pages of one', 'functions-limit-one-as-default'),
    proof('under-1', 'minimum 1: a limit under 1 refused, or clamped to 1', 'functions-limit-zero-served'),
    proof('not-an-integer', 'a limit that is no integer refused', 'functions-limit-not-integer-served'),
    proof('maximum-200', 'maximum 200: limits up to 200 honoured', 'functions-limit-capped-at-100'),
    proof('honoured-later-pages', 'a limit honoured on the pages after a cursor too', 'functions-limit-first-page-only'),
  ],
  'functions.limit.clamped': [
    proof('first-page', 'a first page with a limit over 200 holds 200', 'functions-limit-not-clamped', { alsoBreaks: ['functions.limit.clamped:later-pages'] }),
    proof('later-pages', 'so does every page after a cursor', 'functions-limit-not-clamped-on-continuation'),
  ],
  'functions.sort.values': [
    proof('default', 'default createdAt:desc', 'functions-default-sort-asc'),
    proof('created-at-desc', 'createdAt:desc named', 'functions-created-at-desc-as-asc'),
    proof('created-at-asc', 'createdAt:asc', 'functions-created-at-asc-as-desc'),
    proof('name-asc', 'name:asc: names in the order of words where every collation agrees (lowercase letters alone)', 'functions-name-sort-from-last-letter'),
    proof('name-desc', 'name:desc: names descending', 'functions-name-desc-as-asc', { alsoBreaks: ['functions.sort.values:name-desc-reverse'] }),
    proof('name-desc-reverse', 'name:desc the reverse of name:asc\'s order', 'functions-name-desc-other-collation'),
    proof('later-pages', 'each order kept on the pages after a cursor', 'functions-sort-first-page-only'),
    proof('outside-enum', 'a value outside the enum refused', 'functions-unknown-sort-served'),
  ],
  'functions.sort.from-version': [
    same('later-versions', 'honoured in a version after 2026-04-28', 'version.paged:sort-later'),
    same('older-versions', 'ignored before 2026-04-28', 'version.legacy:ignores-sort'),
  ],
  'functions.search.max-length': [
    proof('over-200', 'a q of more than 200 characters refused, or searched as its first 200', 'functions-q-bound-ignored'),
    proof('at-200', 'a q of 200 characters searched whole', 'functions-q-of-200-refused'),
  ],
  'functions.search.fields': [
    proof('name', 'metadata.name searched', 'functions-search-skips-name'),
    proof('display-name', 'metadata.displayName searched', 'functions-search-skips-display-name'),
    proof('label-keys', 'label keys searched', 'functions-search-skips-label-keys'),
    proof('label-values', 'label values searched', 'functions-search-skips-label-values'),
    proof('substring', 'a substring anywhere, not only a prefix', 'functions-search-prefix-only'),
    proof('later-pages', 'the matches on every page of the walk', 'functions-search-later-pages-unfiltered'),
  ],
  'functions.search.normalized': [
    proof('trimmed', 'trimmed', 'functions-q-not-trimmed'),
    proof('lowercased', 'lowercased', 'functions-q-not-lowercased'),
    proof('lowercased-beyond-ascii', 'lowercased beyond A to Z ("É" as "é", "Ж" as "ж")', 'functions-search-ascii-case-folding'),
  ],
  'functions.search.short': [
    proof('one-character', 'a q of one character (spaces around it or not): the unfiltered listing', 'functions-one-char-q-filters'),
    proof('blank', 'an empty q, or one of spaces only: the unfiltered listing', 'functions-blank-q-matches-nothing'),
  ],
  'functions.search.from-version': [
    same('later-versions', 'honoured in a version after 2026-04-28', 'version.paged:q-later'),
    same('older-versions', 'ignored before 2026-04-28', 'version.legacy:ignores-q'),
  ],
  'functions.anchor': [
    proof('no-sort', 'anchor=end without sort: the tail of createdAt:desc', 'functions-anchor-without-sort-ascending'),
    proof('created-at-desc', 'anchor=end with createdAt:desc: its tail page', 'functions-anchor-end-first-page-when-desc'),
    proof('created-at-asc', 'anchor=end with createdAt:asc: its tail page', 'functions-anchor-end-first-page-when-asc'),
    proof('no-next-page', 'the tail page: hasMore false and no nextCursor', 'functions-anchor-end-next-cursor-set'),
    proof('with-q', 'with q: the tail of the functions q matches', 'functions-anchor-end-ignores-q'),
    proof('name-sorts', 'name sorts: not supported (refused, or the anchor left out)', 'functions-anchor-name-sort-500'),
    open('only-end', 'end its only value', 'what a target answers to an anchor outside the enum is not stated: it may refuse it or serve the listing as without the anchor (the variant undescribed-inputs-served serves it), so no answer to one breaks these words'),
  ],
  'metrics.window-required': [
    proof('start-missing', 'startTime missing: refused', 'metrics-start-time-optional'),
    proof('start-malformed', 'startTime malformed: refused, not failed', 'metrics-malformed-start-500'),
    proof('end-missing', 'endTime missing: refused', 'metrics-end-time-optional'),
    proof('end-malformed', 'endTime malformed: refused, not failed', 'metrics-end-time-rolled-over'),
  ],
  'metrics.optional-parameters': [
    proof('group-by-list', 'groupBy: a comma-separated list of dimensions', 'metrics-group-by-first-only'),
    proof('resource-type', 'resourceType: only the events of that type counted', 'metrics-resource-type-filter-ignored'),
    proof('workspace', 'workspace: only the events of that workspace counted', 'metrics-workspace-filter-ignored'),
    proof('each-omitted', 'each of them may be left out', 'metrics-group-by-required'),
  ],
  'metrics.group-by.values': [
    ...['resource_type', 'workspace', 'billing_dimension', 'resource_uuid'].map((dimension) =>
      proof(dimension, `${dimension} accepted as a dimension`, `metrics-group-by-${dimension.replace('_', '-')}-refused`),
    ),
    same('from-enum', 'the complete list comes from the group-by enum', 'metrics.enums.group-by:every-value'),
  ],
  'metrics.limit.bounds': [
    proof('default-100', 'default 100: a first page without limit', 'metrics-limit-default-50'),
    proof('default-100-later-pages', 'default 100: a page after a cursor, without limit', 'metrics-limit-default-first-page-only'),
    proof('maximum-100', 'maximum 100: limits up to 100 honoured', 'metrics-limit-capped-at-50'),
  ],
  'metrics.limit.clamped': [
    proof('first-page', 'a first page with a limit over 100 holds 100, silently (200)', 'metrics-limit-not-clamped', { alsoBreaks: ['metrics.limit.clamped:later-pages'] }),
    proof('later-pages', 'so does every page after a cursor', 'metrics-limit-not-clamped-on-continuation'),
  ],
  'metrics.cursor.next': [
    proof('none-skipped', 'the page after a cursor starts right after the previous page: no group skipped', 'metrics-page-boundary-entry-lost'),
    proof('none-repeated', 'and no group repeated', 'metrics-page-boundary-entry-repeated'),
  ],
  'metrics.cursor.last-page': [proof('empty', 'hasMore false: nextCursor empty', 'metrics-next-cursor-on-last-page')],
  'metrics.resolution.auto': [proof('by-length', 'omitted: the resolution the window length chooses', 'metrics-auto-resolution-kept-to-twice-the-maximum')],
  'metrics.resolution.cap': [
    proof('beyond-cap', 'a window beyond the explicit resolution\'s cap: 400', 'metrics-explicit-over-cap-accepted'),
    proof('at-cap', 'a window up to the cap: served', 'metrics-explicit-at-cap-rejected'),
    proof('unknown-value', 'a value outside the list of resolutions, which has no maximum window: a 4xx (SHOULD)', 'metrics-unknown-resolution-500'),
  ],
  'metrics.admin-only': [
    proof('workspace-filter-member', 'workspace=<name> from a caller who is not account admin: 403', 'metrics-member-workspace-filter-allowed'),
    proof('workspace-filter-admin', 'workspace=<name> from the account admin: served', 'metrics-admin-workspace-filter-refused'),
    proof('group-by-workspace-any-position', 'groupBy containing workspace after another dimension, from a non-admin: 403', 'metrics-member-group-by-workspace-not-first'),
    proof('group-by-workspace-first', 'groupBy starting with workspace (or only it), from a non-admin: 403', 'metrics-member-group-by-workspace-first-allowed'),
    proof('group-by-workspace-admin', 'groupBy containing workspace from the account admin: served', 'metrics-admin-group-by-workspace-refused'),
    proof('status-403', 'the refusal is 403', 'metrics-admin-refusal-401'),
    proof('others-allowed', 'every other query served to a non-admin caller who may read metrics', 'metrics-member-refused-resource-uuid'),
  ],
  'metrics.group-by.at-most-three': [
    proof('four-refused', '4 dimensions or more: 400', 'metrics-group-by-four-accepted'),
    proof('three-accepted', '1 to 3 dimensions: served', 'metrics-group-by-three-refused'),
  ],
  'metrics.group-by.combinations': [
    proof('one-dimension', 'one dimension: one entry per value', 'metrics-one-dimension-split-by-billing'),
    proof('several', 'several dimensions: one entry per unique combination', 'metrics-duplicate-groups'),
    proof('none', 'no dimension: one entry', 'metrics-no-group-by-per-workspace'),
  ],
  'metrics.response': [
    proof('account-metrics-response', '200: an AccountMetricsResponse', 'schema-metrics-wrapped'),
  ],

  // 4.2 Sandbox address
  'filesystem.write': [
    proof('create-file', 'creates a file', 'sandbox-address-file-create-refused'),
    proof('update-file', 'updates a file', 'sandbox-address-file-update-refused'),
    proof('directory', 'creates or updates a directory', 'sandbox-address-directory-write-refused'),
  ],
  'filesystem.responses': [
    same('message', '200: message', 'payload.file-write-response:message'),
    proof('path', '200: path names the written file or directory', 'sandbox-address-write-path-encoded'),
    same('error-body', 'its error responses with body error', 'error.sandbox-address:file-write'),
  ],
  'process-logs.identifier': [
    proof('pid', 'a process id', 'sandbox-address-logs-by-pid-missing'),
    proof('name', 'a process name', 'sandbox-address-logs-by-name-missing'),
  ],
  'process-logs.responses': [
    proof('fields', '200: logs, stderr, stdout (what the process wrote is in them)', 'sandbox-address-logs-dropped'),
    proof('unknown-refused', 'an unknown process refused', 'sandbox-address-unknown-process-200'),
    same('error-body', 'its error responses with body error', 'error.sandbox-address:process-logs'),
  ],
  'monitor.pid': [
    proof('not-a-pid', 'a pid that is no process id refused', 'sandbox-address-non-numeric-pid-accepted'),
    same('a-pid', 'a process id of the sandbox served', 'monitor.responses:served'),
  ],
  'monitor.responses': [
    proof('served', '200 for a process of the sandbox', 'sandbox-address-monitor-without-port-refused'),
    same('empty-object', '200: an empty object', 'payload.monitor-stop:empty-object'),
    same('error-body', 'its error responses with body error', 'error.sandbox-address:monitor-stop'),
  ],

  // 5. Authentication
  'auth.bearer': [
    ...eachOperation((part, path) =>
      proof(`missing-${part}`, `${path}: a request without credentials refused`, `auth-missing-accepted-on-${part}`),
    ),
    ...eachOperation((part, path) =>
      proof(`invalid-${part}`, `${path}: a request with an unknown token refused`, `auth-invalid-accepted-on-${part}`),
    ),
    proof('bearer-form', 'the Bearer form only', 'auth-token-scheme-accepted'),
    open('token-kinds', 'an OAuth 2.0 access token (JWT) or an API key', 'the suite is given its credentials without their kind, and obtaining a token is not shown'),
  ],
  'auth.sandbox-address': [
    ...eachSandboxOperation((part, path) =>
      proof(`missing-${part}`, `${path}: a request without the token refused`, `auth-sandbox-address-open-on-${part}`),
    ),
    ...eachSandboxOperation((part, path) =>
      proof(`invalid-${part}`, `${path}: a request with an unknown token refused`, `auth-sandbox-address-any-token-on-${part}`),
    ),
  ],
  'auth.admin-scope': eachOperation((part, path) => proof(part, `${path}: served to the admin`, `auth-admin-refused-on-${part}`)),
  'auth.default-requirement': [
    proof('sandbox', `${S}: a credential without scope refused`, 'auth-no-scope-reads-sandboxes'),
    ...eachOperation((part, path) =>
      proof(part, `${path}: a credential without scope refused`, `auth-no-scope-served-on-${part}`),
    ).filter((draft) => draft.part !== 'functions' && draft.part !== 'sandbox'),
    same('functions', `${F}: a credential without scope refused`, 'error.functions-403:no-scope'),
  ],
  'auth.list-functions': [
    proof('functions-list-scope', 'a credential with functions:list (not admin) is served the listing', 'functions-member-refused'),
    open('api-key', 'an API key is served the listing', 'the suite is given its credentials without their kind: which one is an API key is not known'),
  ],
  'auth.roles': [
    same('workspace-admin', 'workspace admin: needed to see secret values', 'sandbox.secrets:member-asks', 'sandbox.secrets:member-unasked'),
    same('account-admin', 'account admin: needed for the workspace-level metrics features', 'metrics.admin-only:workspace-filter-member', 'metrics.admin-only:group-by-workspace-any-position', 'metrics.admin-only:group-by-workspace-first'),
  ],

  // 6. Events
  'events.array': [
    proof('functions', `${F}: events an array`, 'resources-function-events-keyed-by-time'),
    proof('sandbox', `${S}: events an array`, 'resources-sandbox-events-keyed-by-time'),
    proof('egressips', `${E}: events an array`, 'resources-egressip-events-keyed-by-time'),
    open('read-only', 'read-only', NO_WRITES),
  ],
  'events.type-status': [
    proof('type-functions', `${F}: type a string`, 'resources-function-event-type-number'),
    proof('type-sandbox', `${S}: type a string`, 'resources-sandbox-event-type-number'),
    proof('type-egressips', `${E}: type a string`, 'resources-egressip-event-type-number'),
    proof('status-functions', `${F}: status a deployment status`, 'resources-function-event-status-unknown'),
    proof('status-sandbox', `${S}: status a deployment status`, 'resources-sandbox-event-status-lowercase'),
    proof('status-egressips', `${E}: status a deployment status`, 'resources-egressip-event-status-lowercase'),
  ],
  'events.message-revision': [
    proof('message-functions', `${F}: message a string`, 'resources-function-event-message-object'),
    proof('message-sandbox', `${S}: message a string`, 'resources-sandbox-event-message-object'),
    proof('message-egressips', `${E}: message a string`, 'resources-egressip-event-message-object'),
    proof('revision-functions', `${F}: revision a string`, 'resources-function-event-revision-number'),
    proof('revision-sandbox', `${S}: revision a string`, 'resources-sandbox-event-revision-number'),
    proof('revision-egressips', `${E}: revision a string`, 'resources-egressip-event-revision-number'),
  ],
  'events.canary-time': [
    proof('canary-revision-functions', `${F}: canaryRevision a string`, 'resources-function-event-canary-revision-number'),
    proof('canary-revision-sandbox', `${S}: canaryRevision a string`, 'resources-sandbox-event-canary-revision-number'),
    proof('canary-revision-egressips', `${E}: canaryRevision a string`, 'resources-egressip-event-canary-revision-number'),
    proof('time-functions', `${F}: time an ISO 8601 timestamp`, 'resources-function-event-time-not-iso'),
    proof('time-sandbox', `${S}: time an ISO 8601 timestamp`, 'resources-event-time-not-iso'),
    proof('time-egressips', `${E}: time an ISO 8601 timestamp`, 'resources-egressip-event-time-not-iso'),
  ],
  'events.callback-secret': [
    same('generated', 'a generated callbackSecret', 'function.trigger.callback-secret:generated'),
    open('stored', 'stored by the service', 'how the service stores it is not observable through these endpoints'),
  ],

  // 7. Errors
  'error.required': [
    proof('functions', `${F}: every Error body has error, a string`, 'functions-error-left-out'),
    proof('sandbox', `${S}: every Error body has error`, 'resources-sandbox-404-error-left-out'),
    proof('metrics', `${M}: every Error body has error`, 'metrics-400-error-left-out'),
    proof('auth', 'every read\'s refusal of credentials has error', 'auth-missing-error-left-out'),
  ],
  'error.code': [
    proof('missing-credentials', 'the 401 of missing credentials: code 401', 'auth-missing-code-mismatch'),
    proof('invalid-token', 'the 401 of an invalid token: code 401', 'auth-invalid-token-code-mismatch'),
    proof('no-scope', 'the 403 of a credential without scope: code 403', 'auth-no-scope-code-mismatch'),
    proof('functions-400', `${F}: its 400 answers: code 400`, 'functions-error-code-not-status'),
    proof('metrics-400', `${M}: its 400 answers: code 400`, 'metrics-400-code-422'),
    proof('sandbox-404', `${S}: its 404: code 404`, 'resources-sandbox-404-code-400'),
  ],
  'error.sandbox-address': eachSandboxOperation((part, path) =>
    proof(part, `${path}: an error body {error: string}`, `sandbox-address-${part}-error-as-message`),
  ),
  'error.functions-401': [
    proof('missing', 'credentials missing: 401', 'auth-missing-functions-forbidden'),
    proof('invalid', 'credentials invalid: 401', 'auth-invalid-token-forbidden'),
  ],
  'error.functions-403': [proof('no-scope', 'a credential without the permission to list: 403', 'functions-no-scope-listed')],
  'error.metrics-400': [
    same('resolution-cap', 'a window above the explicit resolution\'s cap: 400', 'metrics.resolution.cap:beyond-cap'),
    same('group-by', 'more than 3 groupBy dimensions: 400', 'metrics.group-by.at-most-three:four-refused'),
  ],
  'error.metrics-403': [
    same('workspace-filter', 'a non-admin caller uses workspace=: 403', 'metrics.admin-only:workspace-filter-member'),
    same('group-by-workspace', 'a non-admin caller groups by workspace: 403', 'metrics.admin-only:group-by-workspace-any-position', 'metrics.admin-only:group-by-workspace-first'),
    proof('access-denied', 'the message is Access denied', 'metrics-forbidden-message-wrong'),
  ],
  'error.cursor-rejected': [
    same('functions-query', `${F}: a cursor bound to another query rejected`, 'functions.cursor.same-query:workspace', 'functions.cursor.same-query:sort-changed', 'functions.cursor.same-query:sort-left-out', 'functions.cursor.same-query:sort-added', 'functions.cursor.same-query:q-changed', 'functions.cursor.same-query:q-added', 'functions.cursor.same-query:q-left-out', 'functions.cursor.same-query:later-pages'),
    same('functions-age', `${F}: a cursor older than 24 hours rejected`, 'functions.cursor.same-query:older-than-24h', 'functions.cursor.same-query:older-than-24h-later-pages'),
    proof('metrics-window', `${M}: reused with another window`, 'metrics-cursor-not-bound-to-window'),
    proof('metrics-groupBy-changed', `${M}: a cursor of one groupBy reused with another`, 'metrics-cursor-group-by-first-dimension-only'),
    proof('metrics-groupBy-left-out', `${M}: a cursor of a groupBy reused without groupBy`, 'metrics-cursor-group-by-unchecked-when-omitted'),
    open('metrics-groupBy-added', `${M}: a cursor issued without groupBy reused with one`, 'without groupBy the answer is a single entry (section 4.1: one per combination), so no page has a next one and no such cursor is issued'),
    ...(['resourceType', 'workspace'] as const).map((part) =>
      proof(`metrics-${part}-added`, `${M}: a cursor issued without ${part} reused with it`, `metrics-cursor-${part === 'resourceType' ? 'resource-type' : 'workspace'}-unchecked-when-issued-without`),
    ),
    ...(['resourceType', 'workspace'] as const).map((part) =>
      proof(`metrics-${part}-changed`, `${M}: a cursor of one ${part} reused with another`, `metrics-cursor-${part === 'resourceType' ? 'resource-type' : 'workspace'}-compared-by-presence`),
    ),
    proof('metrics-resourceType-left-out', `${M}: a cursor of a resourceType filter reused without it`, 'metrics-cursor-resource-type-unchecked-when-omitted'),
    proof('metrics-workspace-left-out', `${M}: a cursor of a workspace filter reused without it`, 'metrics-cursor-workspace-unchecked-when-omitted'),
    proof('metrics-resolution-changed', `${M}: a cursor of one explicit resolution reused with another`, 'metrics-cursor-resolution-compared-by-presence'),
    proof('metrics-resolution-left-out', `${M}: a cursor of an explicit resolution reused with the resolution left to the window`, 'metrics-cursor-resolution-unchecked-when-omitted'),
    proof('metrics-resolution-added', `${M}: a cursor of a resolution left to the window reused with another explicit one`, 'metrics-cursor-resolution-unchecked-when-issued-without'),
    proof('metrics-later-pages', `${M}: the cursors of pages after the first bound too`, 'metrics-cursor-later-pages-unbound'),
    proof('metrics-age', `${M}: a first page's cursor older than 24 hours rejected`, 'metrics-cursor-first-page-lives-25h'),
    proof('metrics-age-later-pages', `${M}: a later page's cursor older than 24 hours rejected`, 'metrics-cursor-later-pages-never-expire'),
  ],

  // 8. Limits
  'limits.functions-limit': [
    same('default-50', 'default 50', 'functions.limit.bounds:default-50', 'functions.limit.bounds:default-50-later-pages'),
    same('min-1', 'min 1', 'functions.limit.bounds:minimum-1-served', 'functions.limit.bounds:under-1'),
    same('max-200', 'max 200', 'functions.limit.bounds:maximum-200'),
    same('clamped', 'clamped', 'functions.limit.clamped:first-page', 'functions.limit.clamped:later-pages'),
  ],
  'limits.metrics-limit': [
    same('default-100', 'default 100', 'metrics.limit.bounds:default-100', 'metrics.limit.bounds:default-100-later-pages'),
    same('max-100', 'max 100', 'metrics.limit.bounds:maximum-100'),
    same('clamped', 'clamped', 'metrics.limit.clamped:first-page', 'metrics.limit.clamped:later-pages'),
  ],
  'limits.cursor-lifetime': [
    proof('functions-within', `${F}: a first page's cursor accepted until 24 hours old`, 'functions-cursor-expires-early', { alsoBreaks: ['limits.cursor-lifetime:functions-within-later-pages'] }),
    proof('functions-within-later-pages', `${F}: a later page's cursor accepted until 24 hours after its own page`, 'functions-cursor-age-from-first-page'),
    same('functions-beyond', `${F}: rejected after 24 hours`, 'functions.cursor.same-query:older-than-24h', 'functions.cursor.same-query:older-than-24h-later-pages'),
    proof('metrics-within', `${M}: a first page's cursor accepted until 24 hours old`, 'metrics-cursor-expires-at-23h', { alsoBreaks: ['limits.cursor-lifetime:metrics-within-later-pages'] }),
    proof('metrics-within-later-pages', `${M}: a later page's cursor accepted until 24 hours after its own page`, 'metrics-cursor-age-from-first-page'),
    same('metrics-beyond', `${M}: rejected after 24 hours`, 'error.cursor-rejected:metrics-age', 'error.cursor-rejected:metrics-age-later-pages'),
  ],
  'limits.q': [
    same('max-200', 'max 200 characters', 'functions.search.max-length:over-200', 'functions.search.max-length:at-200'),
    same('under-2', 'under 2 characters ignored', 'functions.search.short:one-character', 'functions.search.short:blank'),
  ],
  'limits.name': [same('max-49', 'metadata.name max 49', 'metadata.name.form:max-49-functions', 'metadata.name.form:max-49-sandbox', 'metadata.name.form:max-49-egressips')],
  'limits.display-name': [
    same('max-63', 'metadata.displayName max 63', 'metadata.display-name:max-63-functions', 'metadata.display-name:max-63-sandbox', 'metadata.display-name:max-63-egressips', 'metadata.display-name:max-63-customdomains'),
  ],
  'limits.external-id': [same('max-64', 'metadata.externalId max 64', 'metadata.external-id:functions', 'metadata.external-id:sandbox')],
  'limits.group-by': [same('max-3', 'groupBy dimensions max 3', 'metrics.group-by.at-most-three:four-refused', 'metrics.group-by.at-most-three:three-accepted')],
  'limits.trigger-timeout': [
    same('max-900', 'max 900 seconds', 'function.trigger.timeout:max-900'),
    same('mk3-only', 'generation mk3 only', 'function.trigger.timeout:async-mk3-only'),
  ],

  // 9. Versioning
  'version.header': [
    proof('selects', 'Service-Version selects the version', 'functions-version-from-api-version'),
    open('date-form', 'a date version', 'how a value that is no date is answered is not stated'),
  ],
  'version.paged': [
    same('data-meta', 'from 2026-04-28: {data, meta}', 'functions.shapes:paged-at-2026-04-28', 'functions.shapes:paged-later', 'functions.shapes:function-list'),
    proof('data-now', 'listings return the functions the workspace holds now, not an earlier set', 'functions-listing-a-state-behind'),
    proof('walk-none-skipped', 'cursor pagination: following nextCursor skips no function', 'functions-page-boundary-skip'),
    proof('walk-none-repeated', 'cursor pagination: following nextCursor repeats no function', 'functions-page-boundary-repeat'),
    proof('sort-later', 'sort honoured in a version after 2026-04-28', 'functions-later-version-ignores-sort'),
    proof('q-later', 'q honoured in a version after 2026-04-28', 'functions-later-version-ignores-q'),
  ],
  'version.legacy': [
    same('bare-array', 'older versions: a bare array', 'functions.shapes:older-bare-array'),
    same('all-items', 'with all items', 'functions.shapes:older-all-over-200', 'functions.shapes:older-all-whatever-limit', 'functions.shapes:older-all-whatever-cursor'),
    proof('ignores-sort', 'ignoring sort', 'functions-legacy-follows-sort'),
    proof('ignores-q', 'ignoring q', 'functions-legacy-honours-q'),
    same('every-older-date', 'every older version', 'functions.shapes:older-every-date'),
  ],
};

function build(statement: string, draft: Draft): Clause {
  const { part, ...rest } = draft;
  return { id: `${statement}:${part}`, ...rest } as Clause;
}

/** The clauses of each statement that is not wholly uncheckable, by statement id. */
export const clausesByStatement: ReadonlyMap<string, readonly Clause[]> = new Map(
  Object.entries(DRAFTS).map(([statement, drafts]) => [statement, drafts.map((draft) => build(statement, draft))]),
);

/** Every clause, in the order of the statements. */
export const clauses: readonly Clause[] = [...clausesByStatement.values()].flat();

const byId = new Map(clauses.map((clause) => [clause.id, clause]));

export function findClause(id: string): Clause {
  const found = byId.get(id);
  if (!found) throw new Error(`clause ${id} is not in spec/clauses.ts`);
  return found;
}

/** The clauses a `sameAs` clause stands for, followed through (a clause that is not one stands for itself). */
export function underlyingClauses(clause: Clause, seen: ReadonlySet<string> = new Set()): Clause[] {
  if (!('sameAs' in clause)) return [clause];
  if (seen.has(clause.id)) throw new Error(`clause ${clause.id} is the same as itself, through sameAs`);
  const next = new Set([...seen, clause.id]);
  return clause.sameAs.flatMap((id) => underlyingClauses(findClause(id), next));
}

/** Checked when every clause it stands for is checked or not checkable and one at least is checked; not yet when any is. */
export function clauseKind(clause: Clause): ClauseKind {
  const under = underlyingClauses(clause);
  if (under.some((c) => 'notYet' in c)) return 'not-yet';
  return under.some((c) => 'fault' in c) ? 'checked' : 'not-checkable';
}

/** The faults that prove a clause: its own, or those of the clauses it is the same as. */
export function proofsOf(clause: Clause): CheckedClause[] {
  return underlyingClauses(clause).filter((c): c is CheckedClause => 'fault' in c);
}

/** Why a clause is not checkable or not yet checked; for a sameAs clause, its clauses' reasons. */
export function clauseReason(clause: Clause): string | undefined {
  if ('notCheckable' in clause) return clause.notCheckable;
  if ('notYet' in clause) return clause.notYet;
  if (!('sameAs' in clause)) return undefined;
  const kind = clauseKind(clause);
  if (kind === 'checked') return undefined;
  const wanting = underlyingClauses(clause).filter((c) => (kind === 'not-yet' ? 'notYet' in c : 'notCheckable' in c));
  return wanting.map((c) => `${c.id}: ${clauseReason(c)}`).join('; ');
}
