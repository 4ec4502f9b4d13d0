import type { Reply, Route } from '../area.ts';
import type { FaultDefinition, Faults } from './registry.ts';

/** The control plane's reads by the part of their clauses' ids (spec/clauses.ts), and what a reader calls them. */
const CONTROL_READS = {
  functions: ['listFunctions', 'GET /functions'],
  sandbox: ['getSandbox', 'GET /sandboxes/{sandboxName}'],
  egressips: ['listEgressIps', 'GET /egressips'],
  customdomains: ['listCustomDomains', 'GET /customdomains'],
  metrics: ['getAccountMetrics', 'the metrics endpoint'],
  'group-by-enum': ['getMetricsGroupByEnum', 'the group-by enum'],
  'resource-types-enum': ['getMetricsResourceTypesEnum', 'the resource-types enum'],
} as const;
type ControlRead = keyof typeof CONTROL_READS;

const SANDBOX_CALLS = {
  'file-write': ['writeFile', 'PUT /filesystem/{path}'],
  'process-logs': ['getProcessLogs', 'GET /process/{identifier}/logs'],
  'monitor-stop': ['stopPortMonitoring', 'DELETE /network/process/{pid}/monitor'],
} as const;

/**
 * One operation alone served where every operation must refuse (or refused where every one
 * must serve): `auth-<kind>-on-<part>`. The faults that break every operation at once prove
 * that the rule reads some operation; these prove it reads each.
 */
function onEach<const K extends string, const P extends string, const R extends string>(
  kind: K,
  parts: Readonly<Record<P, readonly [string, string]>>,
  rule: (part: P) => R,
  description: (path: string) => string,
) {
  return (Object.keys(parts) as P[]).map((part) => ({ name: `auth-${kind}-on-${part}` as const, rule: rule(part), description: description(parts[part][1]) }));
}

/** Whether the reference was started with the fault `auth-<kind>-on-<part>` of this operation. */
export function brokenAlone(faults: Faults, kind: 'missing-accepted' | 'invalid-accepted' | 'no-scope-served' | 'admin-refused' | 'sandbox-address-open' | 'sandbox-address-any-token', operationId: string): boolean {
  if (faults.all.length === 0) return false;
  const part = PART_OF.get(operationId);
  return faults.all.some((fault) => fault.name === `auth-${kind}-on-${part}`);
}

/** The part of each operation's fault names, by its operationId: looked up on every request the server authenticates. */
const PART_OF = new Map([...Object.entries(CONTROL_READS), ...Object.entries(SANDBOX_CALLS)].map(([part, [operationId]]) => [operationId as string, part]));

const SCHEMA_RULE = {
  functions: 'schema.functions',
  sandbox: 'schema.sandbox',
  egressips: 'schema.egressips',
  customdomains: 'schema.customdomains',
  metrics: 'schema.metrics',
  'group-by-enum': 'schema.metrics-enums',
  'resource-types-enum': 'schema.metrics-enums',
} as const satisfies Record<ControlRead, string>;

/** Those the operation's own rule (GET /functions, GET /sandboxes/{sandboxName}) or another fault already proves. */
const { functions: _listing, sandbox: _sandbox, ...SCOPED_READS } = CONTROL_READS;

// Read by the server's authentication step (reference/server.ts).
export const authFaults = [
  ...onEach('missing-accepted', CONTROL_READS, () => 'auth.missing-credentials' as const, (path) => `${path} alone serves a request without Authorization as the admin`),
  ...onEach('invalid-accepted', CONTROL_READS, () => 'auth.invalid-token' as const, (path) => `${path} alone serves a request with an invalid credential as the admin`),
  ...onEach('no-scope-served', SCOPED_READS, () => 'auth.no-scope-forbidden' as const, (path) => `${path} alone serves a credential without scopes like the admin`),
  ...onEach('admin-refused', CONTROL_READS, (part) => SCHEMA_RULE[part], (path) => `${path} alone refuses the admin credential (403)`),
  ...onEach('sandbox-address-open', SANDBOX_CALLS, () => 'auth.sandbox-address-requires-token' as const, (path) => `${path} alone serves requests that carry no bearer token`),
  ...onEach('sandbox-address-any-token', SANDBOX_CALLS, () => 'auth.sandbox-address-invalid-token' as const, (path) => `${path} alone serves a request whatever bearer token it carries`),
  {
    name: 'auth-refusals-answered-as-text',
    rule: 'auth.missing-credentials',
    description: 'the control plane refuses credentials with a text body ("Unauthorized", text/plain), not a JSON Error',
    reshape: (reply: Reply, route: Route) =>
      route.surface === 'control' && (reply.status === 401 || reply.status === 403) ? { status: reply.status, body: undefined, contentType: 'text/plain', text: 'Unauthorized' } : reply,
  },
  {
    name: 'auth-token-scheme-accepted',
    rule: 'auth.invalid-token',
    description: 'the admin token is accepted under the Token scheme ("Token <key>"), not only as Bearer',
  },
  {
    name: 'auth-missing-functions-forbidden',
    rule: 'auth.missing-credentials',
    description: 'GET /functions without credentials is refused with 403 instead of 401',
  },
  {
    name: 'auth-missing-error-left-out',
    rule: 'auth.missing-credentials',
    description: 'the 401 for missing credentials leaves error out of its Error body',
  },
  {
    name: 'auth-invalid-token-code-mismatch',
    rule: 'auth.invalid-token',
    description: 'the 401 for an invalid credential carries code 403 in its Error body',
  },
  {
    name: 'auth-no-scope-code-mismatch',
    rule: 'auth.no-scope-forbidden',
    description: 'the 403 for a credential without scopes carries code 401 in its Error body',
  },
  {
    name: 'auth-missing-accepted',
    rule: 'auth.missing-credentials',
    description: 'a control-plane request without Authorization is served as the admin',
  },
  {
    name: 'auth-missing-code-mismatch',
    rule: 'auth.missing-credentials',
    description: 'the 401 for missing credentials carries code 400 in its Error body',
  },
  {
    name: 'auth-invalid-token-forbidden',
    rule: 'auth.invalid-token',
    description: 'an unknown bearer token is answered 403 instead of 401',
  },
  {
    name: 'auth-no-scope-reads-sandboxes',
    rule: 'auth.no-scope-forbidden',
    description: 'a credential without scopes is served GET /sandboxes/{sandboxName} (and answered 404 for a sandbox that is not there, as anyone is)',
  },
  {
    name: 'auth-no-scope-allowed',
    rule: 'auth.no-scope-forbidden',
    description: 'a credential without scopes is served like the admin',
  },
  {
    name: 'auth-sandbox-address-open',
    rule: 'auth.sandbox-address-requires-token',
    description: 'the sandbox address serves requests that carry no bearer token',
  },
  {
    name: 'auth-sandbox-address-any-token',
    rule: 'auth.sandbox-address-invalid-token',
    description: 'the sandbox address serves a request whatever bearer token it carries',
  },
  ...(['functions', 'sandbox'] as const).map((part) => ({
    name: `auth-${part}-401-empty` as const,
    rule: 'auth.missing-credentials' as const,
    description: `${CONTROL_READS[part][1]} refuses missing credentials with 401 and an empty body`,
    reshape: (reply: Reply, route: Route) => (route.operationId === CONTROL_READS[part][0] && reply.status === 401 ? { status: 401, body: undefined } : reply),
  })),
] as const satisfies readonly FaultDefinition[];
