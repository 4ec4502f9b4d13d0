// Faults of sandboxes, egress IPs and custom domains. Those without `reshape` are
// read by reference/areas/resources/ through `faults.has`.
import type { Reply, Route } from '../area.ts';
import { isListing, mapFunctions } from './functions.ts';
import { errorBodyChanged, withoutError, type FaultDefinition } from './registry.ts';

type Body = Record<string, any>;

/** A reshape applied to the successful answers of one operation only. */
function onSuccess(operationId: string, change: (body: any) => unknown): (reply: Reply, route: Route) => Reply {
  return (reply, route) =>
    route.operationId === operationId && reply.status === 200 ? { ...reply, body: change(structuredClone(reply.body)) } : reply;
}

/** The same change on every item of a listing. */
const eachItem = (change: (item: Body) => void) => (items: Body[]) => (items.forEach(change), items);

/** A change on every function GET /functions lists: the shared rules of sections 2.1, 3 and 6 cover functions too. */
const onListedFunctions = (change: (fn: Body) => void) => (reply: Reply, route: Route) =>
  isListing(route) && reply.status === 200 ? mapFunctions(reply, (fn) => { const copy = structuredClone(fn); change(copy); return copy; }) : reply;

/** A change on every resource one read answers: the functions listed, the sandbox, each egress IP or custom domain. */
function onEvery(read: 'function' | 'sandbox' | 'egressip' | 'customdomain', change: (item: Body) => void): (reply: Reply, route: Route) => Reply {
  if (read === 'function') return onListedFunctions(change);
  if (read === 'sandbox') return onSuccess('getSandbox', (s: Body) => (change(s), s));
  return onSuccess(read === 'egressip' ? 'listEgressIps' : 'listCustomDomains', eachItem(change));
}

/** A change on every event record of every resource one read answers (section 6). */
const onEvents = (read: 'function' | 'sandbox' | 'egressip', change: (event: Body) => void) =>
  onEvery(read, (item) => (Array.isArray(item.events) ? item.events.forEach(change) : undefined));

/** A change on the spec of the sandbox GET /sandboxes/{name} answers. */
const onSandboxSpec = (change: (spec: Body) => void) => onSuccess('getSandbox', (s: Body) => (s.spec && change(s.spec), s));

/** A change on each item of a list of the sandbox spec (volumes, expiration policies, egress policies, routes). */
const eachOf = (list: (spec: Body) => unknown, change: (item: Body) => void) =>
  onSandboxSpec((spec) => {
    const items = list(spec);
    if (Array.isArray(items)) items.forEach((item) => item && typeof item === 'object' && change(item));
  });

/** How each read is named in a fault's name and description. */
const READS = { function: 'GET /functions', sandbox: 'GET /sandboxes/{name}', egressip: 'GET /egressips', customdomain: 'GET /customdomains' } as const;

/** The same change of a field, one fault per read: `resources-<read>-<what>`, each breaking the field for that read alone. */
function onEachRead<const R extends keyof typeof READS, const W extends string, const Rule extends string>(reads: readonly R[], what: W, rule: Rule, description: string, change: (item: Body) => unknown) {
  return reads.map((read) => ({ name: `resources-${read}-${what}` as const, rule, description: `${READS[read]} ${description}`, reshape: onEvery(read, (item) => void change(item)) }));
}

/** One fault per field of a custom domain's spec (section 2.5): GET /customdomains leaves that field out. */
function customDomainSpecDropped<const N extends string>(fields: ReadonlyArray<readonly [N, string]>) {
  return fields.map(([name, field]) => ({
    name: `resources-customdomain-${name}-dropped` as const,
    rule: 'resources.customdomains.spec' as const,
    description: `GET /customdomains leaves spec.${field} out`,
    reshape: onEvery('customdomain', (d) => void delete d.spec?.[field]),
  }));
}

/** A name of another character: its last one an underscore. */
const underscored = (name: string) => `${name.slice(0, -1)}_`;
/** A name of more than 49 characters, still lowercase alphanumerics and hyphens. */
const overlong = (name: string) => `${name}-${'0'.repeat(Math.max(1, 49 - name.length))}`;
/** The display name without its spaces and special characters. */
const stripped = (displayName: unknown) => (typeof displayName === 'string' ? displayName.replace(/[^A-Za-z0-9]/g, '') : displayName);
/** The first letter of a name in capitals. */
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export const resourcesFaults = [
  {
    name: 'resources-function-display-name-truncated',
    rule: 'resources.metadata.fields',
    description: 'GET /functions cuts metadata.displayName to 40 characters',
    reshape: onListedFunctions((fn) => (fn.metadata.displayName = fn.metadata.displayName?.slice(0, 40))),
  },
  {
    name: 'resources-function-created-by-not-string',
    rule: 'resources.metadata.read-only',
    description: 'GET /functions gives the read-only metadata.createdBy of a function as an object',
    reshape: onListedFunctions((fn) => (fn.metadata.createdBy = { id: fn.metadata.createdBy })),
  },
  {
    name: 'resources-function-url-relative',
    rule: 'resources.metadata.url-absolute',
    description: 'GET /functions gives metadata.url as a path on the control plane (/functions/NAME), not an absolute URL',
    reshape: onListedFunctions((fn) => (fn.metadata.url = `/functions/${fn.metadata.name}`)),
  },
  {
    name: 'resources-function-status-lowercase',
    rule: 'resources.deployment-status',
    description: 'GET /functions gives the deployment status of a function in lower case',
    reshape: onListedFunctions((fn) => (fn.status = String(fn.status).toLowerCase())),
  },
  {
    name: 'resources-function-event-status-unknown',
    rule: 'resources.events',
    description: 'GET /functions gives the events of a function a status outside the ten of section 3',
    reshape: onListedFunctions((fn) => fn.events?.forEach((event: Body) => (event.status = 'RUNNING'))),
  },
  {
    name: 'resources-sandbox-display-name-truncated',
    rule: 'resources.metadata.fields',
    description: 'GET /sandboxes/{name} cuts metadata.displayName to 40 characters',
    reshape: onSuccess('getSandbox', (s: Body) => ((s.metadata.displayName = s.metadata.displayName?.slice(0, 40)), s)),
  },
  {
    name: 'resources-customdomain-labels-dropped',
    rule: 'resources.metadata.fields',
    description: 'GET /customdomains leaves metadata.labels out',
    reshape: onSuccess('listCustomDomains', eachItem((d) => delete d.metadata.labels)),
  },
  {
    name: 'resources-customdomain-listed-twice',
    rule: 'resources.metadata.name-unique',
    description: 'GET /customdomains lists its first custom domain twice',
    reshape: onSuccess('listCustomDomains', (items: Body[]) => (items.length > 0 ? [...items, items[0]] : items)),
  },
  {
    name: 'resources-sandbox-created-by-not-string',
    rule: 'resources.metadata.read-only',
    description: 'GET /sandboxes/{name} gives the read-only metadata.createdBy as an object, not a string',
    reshape: onSuccess('getSandbox', (s: Body) => ((s.metadata.createdBy = { id: s.metadata.createdBy }), s)),
  },
  {
    name: 'resources-network-lists-as-arrays',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} returns network.allowedDomains as a JSON array, not the string holding a list that section 2.3 names',
    reshape: onSuccess('getSandbox', (s: Body) => {
      const network = s.spec?.network;
      if (typeof network?.allowedDomains === 'string') network.allowedDomains = JSON.parse(network.allowedDomains);
      return s;
    }),
  },
  {
    name: 'resources-sandbox-volume-read-only-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops readOnly from spec.volumes',
    reshape: onSuccess('getSandbox', (s: Body) => (s.spec?.volumes?.forEach((v: Body) => delete v.readOnly), s)),
  },
  {
    name: 'resources-egress-public-ip-dropped',
    rule: 'resources.egressips.spec',
    description: 'GET /egressips leaves spec.publicIp out',
    reshape: onSuccess('listEgressIps', eachItem((e) => delete e.spec?.publicIp)),
  },
  {
    name: 'resources-customdomain-txt-records-dropped',
    rule: 'resources.customdomains.spec',
    description: 'GET /customdomains leaves spec.txtRecords out',
    reshape: onSuccess('listCustomDomains', eachItem((d) => delete d.spec?.txtRecords)),
  },
  {
    name: 'resources-sandbox-status-outside-values',
    rule: 'resources.deployment-status',
    description: 'GET /sandboxes/{name} answers the deployment status READY, which section 3 does not allow',
    reshape: onSuccess('getSandbox', (s: Body) => ({ ...s, status: 'READY' })),
  },
  {
    name: 'resources-egress-status-lowercase',
    rule: 'resources.deployment-status',
    description: 'GET /egressips answers the deployment status in lowercase',
    reshape: onSuccess('listEgressIps', eachItem((e) => (e.status = String(e.status).toLowerCase()))),
  },
  {
    name: 'resources-sandbox-run-state-lowercase',
    rule: 'resources.sandbox.run-state',
    description: 'GET /sandboxes/{name} answers the run state in lowercase (running)',
    reshape: onSuccess('getSandbox', (s: Body) => ({ ...s, state: String(s.state).toLowerCase() })),
  },
  {
    name: 'resources-event-time-not-iso',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} writes event times as Date.toString() text, not ISO 8601',
    reshape: onSuccess('getSandbox', (s: Body) => (s.events?.forEach((e: Body) => (e.time = new Date(Date.parse(e.time) || 0).toString())), s)),
  },
  {
    name: 'resources-workspace-kept-as-given',
    rule: 'resources.metadata.workspace-name',
    description: 'metadata.workspace, read-only, is kept as the request gave it: each resource names the workspace its fixture said, not the one it is in',
  },
  {
    name: 'resources-expires-in-never-answered',
    rule: 'resources.sandbox.expires-in-with-lifecycle',
    description: 'GET /sandboxes/{name} never answers expiresIn, a lifecycle that deletes the sandbox or not',
    reshape: onSuccess('getSandbox', ({ expiresIn: _left, ...s }: Body) => s),
  },
  {
    name: 'resources-expires-in-without-lifecycle',
    rule: 'resources.sandbox.expires-in',
    description: 'GET /sandboxes/{name} answers expiresIn for every sandbox, with or without a lifecycle',
    reshape: onSuccess('getSandbox', (s: Body) => ({ expiresIn: 3600, ...s })),
  },
  {
    name: 'resources-secret-shown-unasked',
    rule: 'resources.secrets.hidden-unless-asked',
    description: 'secret values are shown to a workspace admin who did not ask for them',
  },
  {
    name: 'resources-routing-secret-in-header',
    rule: 'resources.secrets.hidden-unless-asked',
    description: 'the masked answer resolves the {{SECRET:name}} placeholders of network.proxy.routing headers into the secret values',
  },
  {
    name: 'resources-secret-shown-to-member',
    rule: 'resources.secrets.member-never-sees',
    description: 'secret values are shown to any caller who asks, workspace admin or not',
  },
  {
    name: 'resources-secret-hidden-from-admin',
    rule: 'resources.secrets.shown-to-admin-who-asks',
    description: 'secret values stay masked even for a workspace admin who asks for them',
  },
  {
    name: 'resources-unknown-sandbox-200',
    rule: 'resources.sandbox.not-found',
    description: 'an unknown sandbox name is answered 200 with an empty object',
    reshape: (reply, route) => (route.operationId === 'getSandbox' && reply.status === 404 ? { status: 200, body: {} } : reply),
  },
  {
    name: 'resources-unknown-sandbox-bare-404',
    rule: 'resources.sandbox.not-found',
    description: 'an unknown sandbox name is answered 404 with an empty body instead of an Error body',
    reshape: (reply, route) => (route.operationId === 'getSandbox' && reply.status === 404 ? { status: 404, body: undefined } : reply),
  },
  {
    name: 'resources-sandbox-any-workspace',
    rule: 'resources.sandbox.workspace-scoped',
    description: 'GET /sandboxes/{name} finds the sandbox in any workspace of the account',
  },
  {
    name: 'resources-egressips-incomplete',
    rule: 'resources.egressips.whole-workspace',
    description: 'GET /egressips leaves the last egress IP of the workspace out',
    reshape: onSuccess('listEgressIps', (items: Body[]) => items.slice(0, -1)),
  },
  {
    name: 'resources-customdomains-wrapped-in-data',
    rule: 'resources.customdomains.whole-workspace',
    description: 'GET /customdomains answers {data: [...]} instead of a bare array',
    reshape: onSuccess('listCustomDomains', (items: Body[]) => ({ data: items })),
  },
  {
    name: 'resources-egressips-other-workspace-listed',
    rule: 'resources.egressips.workspace-only',
    description: 'GET /egressips lists the egress IPs of every workspace of the account',
  },
  {
    name: 'resources-customdomains-other-workspace-listed',
    rule: 'resources.customdomains.workspace-only',
    description: 'GET /customdomains lists the custom domains of every workspace of the account',
  },
  // Section 2.1: each field of the shared metadata, broken for one read.
  {
    name: 'resources-function-listed-twice',
    rule: 'resources.metadata.name-unique',
    description: 'GET /functions lists the first function of its last page again at the end of that page',
    reshape: (reply, route) => {
      const body = reply.body as Body;
      if (!isListing(route) || reply.status !== 200 || !Array.isArray(body?.data) || body.data.length === 0 || body.meta?.hasMore !== false) return reply;
      return { ...reply, body: { ...body, data: [...body.data, body.data[0]] } };
    },
  },
  {
    name: 'resources-egressip-listed-twice',
    rule: 'resources.metadata.name-unique',
    description: 'GET /egressips lists its first egress IP twice',
    reshape: onSuccess('listEgressIps', (items: Body[]) => (items.length > 0 ? [...items, items[0]] : items)),
  },
  {
    name: 'resources-sandbox-name-capitalised',
    rule: 'resources.metadata.fields',
    description: 'GET /sandboxes/{name} answers metadata.name with its first letter in capitals',
    reshape: onEvery('sandbox', (s) => (s.metadata.name = capitalised(s.metadata.name))),
  },
  {
    name: 'resources-sandbox-name-over-49',
    rule: 'resources.metadata.fields',
    description: 'GET /sandboxes/{name} answers a metadata.name of more than 49 characters (zeros appended)',
    reshape: onEvery('sandbox', (s) => (s.metadata.name = overlong(s.metadata.name))),
  },
  ...onEachRead(['function', 'sandbox', 'egressip', 'customdomain'] as const, 'display-name-stripped', 'resources.metadata.fields', 'strips the spaces and special characters of metadata.displayName', (item) => (item.metadata.displayName = stripped(item.metadata.displayName))),
  ...onEachRead(['egressip', 'customdomain'] as const, 'display-name-truncated', 'resources.metadata.fields', 'cuts metadata.displayName to 40 characters', (item) => (item.metadata.displayName = item.metadata.displayName?.slice(0, 40))),
  // A store that renames what it was given: the rule that reads it fails, and no check takes it for another run's doing (test/misdiagnosis.test.ts).
  ...onEachRead(['function', 'sandbox', 'egressip'] as const, 'name-underscored', 'resources.metadata.fields', 'answers metadata.name with an underscore for its last character', (item) => (item.metadata.name = underscored(item.metadata.name))),
  // A domain name may hold an underscore: what shows the rename is the domain set missing from the listing.
  ...onEachRead(['customdomain'] as const, 'name-underscored', 'resources.customdomains.whole-workspace', 'answers metadata.name with an underscore for its last character', (item) => (item.metadata.name = underscored(item.metadata.name))),
  ...onEachRead(['function', 'sandbox'] as const, 'external-id-underscored', 'resources.metadata.fields', 'answers metadata.externalId with an underscore for its last character', (item) => typeof item.metadata.externalId === 'string' && (item.metadata.externalId = underscored(item.metadata.externalId))),
  ...onEachRead(['function', 'sandbox'] as const, 'labels-dropped', 'resources.metadata.fields', 'leaves metadata.labels out', (item) => delete item.metadata.labels),
  ...onEachRead(['function', 'sandbox', 'egressip', 'customdomain'] as const, 'created-at-number', 'resources.metadata.read-only', 'answers metadata.createdAt as a number (epoch milliseconds)', (item) => (item.metadata.createdAt = Date.parse(item.metadata.createdAt) || 0)),
  ...onEachRead(['function'] as const, 'name-left-out', 'schema.functions', 'leaves metadata.name out', (item) => delete item.metadata.name),
  ...onEachRead(['sandbox'] as const, 'name-left-out', 'schema.sandbox', 'leaves metadata.name out', (item) => delete item.metadata.name),
  ...onEachRead(['egressip'] as const, 'name-left-out', 'schema.egressips', 'leaves metadata.name out', (item) => delete item.metadata.name),
  ...onEachRead(['customdomain'] as const, 'name-left-out', 'schema.customdomains', 'leaves metadata.name out', (item) => delete item.metadata.name),
  ...onEachRead(['function', 'sandbox', 'egressip', 'customdomain'] as const, 'created-at-date-text', 'resources.metadata.read-only', "answers metadata.createdAt as JavaScript's Date text (\"Fri Nov 27 2026 23:42:35 GMT+0000 (Coordinated Universal Time)\"), a string but no timestamp", (item) => (item.metadata.createdAt = new Date(item.metadata.createdAt).toString())),
  ...onEachRead(['egressip', 'customdomain'] as const, 'created-by-not-string', 'resources.metadata.read-only', 'gives the read-only metadata.createdBy as an object', (item) => (item.metadata.createdBy = { id: item.metadata.createdBy })),
  ...onEachRead(['function', 'sandbox', 'egressip', 'customdomain'] as const, 'updated-by-not-string', 'resources.metadata.read-only', 'gives the read-only metadata.updatedBy as an object', (item) => (item.metadata.updatedBy = { id: item.metadata.updatedBy })),
  ...onEachRead(['function', 'sandbox'] as const, 'plan-not-string', 'resources.metadata.read-only', 'gives the read-only metadata.plan as an object', (item) => (item.metadata.plan = { name: item.metadata.plan })),
  ...onEachRead(['function', 'sandbox'] as const, 'url-not-string', 'resources.metadata.read-only', 'gives the read-only metadata.url as an object', (item) => (item.metadata.url = { href: item.metadata.url })),
  {
    name: 'resources-sandbox-url-relative',
    rule: 'resources.metadata.url-absolute',
    description: 'GET /sandboxes/{name} gives metadata.url as a path on the control plane (/sandboxes/NAME), not an absolute URL',
    reshape: onEvery('sandbox', (s) => (s.metadata.url = `/sandboxes/${s.metadata.name}`)),
  },
  ...onEachRead(['function', 'sandbox', 'egressip', 'customdomain'] as const, 'workspace-missing', 'resources.metadata.read-only', 'leaves metadata.workspace out', (item) => delete item.metadata.workspace),
  // Section 2.3: the sandbox's own fields, and each field of its spec as set.
  {
    name: 'resources-sandbox-expires-in-string',
    rule: 'resources.sandbox.expires-in',
    description: 'GET /sandboxes/{name} answers expiresIn as a duration string ("3600s"), not an integer',
    reshape: onEvery('sandbox', (s) => s.expiresIn !== undefined && (s.expiresIn = `${s.expiresIn}s`)),
  },
  {
    name: 'resources-sandbox-expires-in-negative',
    rule: 'resources.sandbox.expires-in',
    description: 'GET /sandboxes/{name} counts expiresIn past the deletion: the seconds left, negated and one less (never 0 or more)',
    reshape: onEvery('sandbox', (s) => typeof s.expiresIn === 'number' && (s.expiresIn = -1 - s.expiresIn)),
  },
  {
    name: 'resources-sandbox-last-used-at-number',
    rule: 'resources.metadata.read-only',
    description: 'GET /sandboxes/{name} answers lastUsedAt as a number (epoch milliseconds)',
    reshape: onEvery('sandbox', (s) => (s.lastUsedAt = Date.parse(s.lastUsedAt) || 0)),
  },
  {
    name: 'resources-sandbox-volume-name-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops name from spec.volumes',
    reshape: eachOf((spec) => spec.volumes, (v) => delete v.name),
  },
  {
    name: 'resources-sandbox-volume-mount-path-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops mountPath from spec.volumes',
    reshape: eachOf((spec) => spec.volumes, (v) => delete v.mountPath),
  },
  {
    name: 'resources-expiration-policy-type-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops type from spec.lifecycle.expirationPolicies',
    reshape: eachOf((spec) => spec.lifecycle?.expirationPolicies, (p) => delete p.type),
  },
  {
    name: 'resources-expiration-policy-value-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops value from spec.lifecycle.expirationPolicies',
    reshape: eachOf((spec) => spec.lifecycle?.expirationPolicies, (p) => delete p.value),
  },
  {
    name: 'resources-expiration-policy-action-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops action from spec.lifecycle.expirationPolicies',
    reshape: eachOf((spec) => spec.lifecycle?.expirationPolicies, (p) => delete p.action),
  },
  {
    name: 'resources-terminated-retention-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves spec.lifecycle.terminatedRetention out',
    reshape: onSandboxSpec((spec) => delete spec.lifecycle?.terminatedRetention),
  },
  {
    name: 'resources-runtime-expires-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves spec.runtime.expires out',
    reshape: onSandboxSpec((spec) => delete spec.runtime?.expires),
  },
  {
    name: 'resources-runtime-ttl-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves spec.runtime.ttl out',
    reshape: onSandboxSpec((spec) => delete spec.runtime?.ttl),
  },
  {
    name: 'resources-allowed-domains-wildcard-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops the leading *. of the network.allowedDomains patterns',
    reshape: onSandboxSpec((spec) => {
      const network = spec.network;
      if (typeof network?.allowedDomains === 'string') network.allowedDomains = network.allowedDomains.replaceAll('*.', '');
      else if (Array.isArray(network?.allowedDomains)) network.allowedDomains = network.allowedDomains.map((d: unknown) => (typeof d === 'string' ? d.replace(/^\*\./, '') : d));
    }),
  },
  {
    name: 'resources-forbidden-domains-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves network.forbiddenDomains out',
    reshape: onSandboxSpec((spec) => delete spec.network?.forbiddenDomains),
  },
  {
    name: 'resources-forbidden-domains-as-array',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} returns network.forbiddenDomains as a JSON array, not the string holding a list that section 2.3 names',
    reshape: onSandboxSpec((spec) => {
      const network = spec.network;
      if (typeof network?.forbiddenDomains === 'string') network.forbiddenDomains = JSON.parse(network.forbiddenDomains);
    }),
  },
  {
    name: 'resources-firewall-rulesets-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves network.firewall.rulesets out',
    reshape: onSandboxSpec((spec) => delete spec.network?.firewall?.rulesets),
  },
  {
    name: 'resources-firewall-rulesets-as-array',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} returns network.firewall.rulesets as a JSON array, not the string holding a list that section 2.3 names',
    reshape: onSandboxSpec((spec) => {
      const firewall = spec.network?.firewall;
      if (typeof firewall?.rulesets === 'string') firewall.rulesets = JSON.parse(firewall.rulesets);
    }),
  },
  {
    name: 'resources-egress-policy-name-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops name from network.egress.policies',
    reshape: eachOf((spec) => spec.network?.egress?.policies, (p) => delete p.name),
  },
  {
    name: 'resources-egress-policy-mode-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops mode from network.egress.policies',
    reshape: eachOf((spec) => spec.network?.egress?.policies, (p) => delete p.mode),
  },
  {
    name: 'resources-egress-policy-destinations-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops destinations from network.egress.policies',
    reshape: eachOf((spec) => spec.network?.egress?.policies, (p) => delete p.destinations),
  },
  {
    name: 'resources-route-destinations-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops destinations from network.proxy.routing',
    reshape: eachOf((spec) => spec.network?.proxy?.routing, (r) => delete r.destinations),
  },
  {
    name: 'resources-route-headers-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops headers from network.proxy.routing',
    reshape: eachOf((spec) => spec.network?.proxy?.routing, (r) => delete r.headers),
  },
  {
    name: 'resources-route-body-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} drops body from network.proxy.routing',
    reshape: eachOf((spec) => spec.network?.proxy?.routing, (r) => delete r.body),
  },
  {
    name: 'resources-route-secrets-by-position',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} answers the secrets of network.proxy.routing keyed by their position ("0", "1", ...), their names lost',
    reshape: eachOf((spec) => spec.network?.proxy?.routing, (r) => {
      if (r.secrets) r.secrets = Object.fromEntries(Object.values(r.secrets).map((value, i) => [String(i), value]));
    }),
  },
  {
    name: 'resources-secret-shown-when-param-omitted',
    rule: 'resources.secrets.hidden-unless-asked',
    description: 'secret values are shown to a workspace admin who leaves the show-secrets parameter out (not to one who sends it false)',
  },
  {
    name: 'resources-secret-param-presence-asks',
    rule: 'resources.secrets.hidden-unless-asked',
    description: 'the show-secrets parameter is read as asking whatever its value: a workspace admin who sends it false is shown the secret values',
  },
  {
    name: 'resources-secret-shown-to-member-unasked',
    rule: 'resources.secrets.member-never-sees',
    description: 'secret values are shown to a caller without the workspace admin role who leaves the show-secrets parameter out (the role tested before the ask)',
  },
  {
    name: 'resources-show-secrets-required',
    rule: 'resources.secrets.hidden-unless-asked',
    description: 'GET /sandboxes/{name} without the show-secrets parameter is answered 400',
  },
  // Sections 2.4, 2.5: each field of an egress IP or a custom domain as set, and the whole listing.
  {
    name: 'resources-egressips-first-vpc-only',
    rule: 'resources.egressips.whole-workspace',
    description: 'GET /egressips lists only the egress IPs of the VPC its first egress IP is in',
    reshape: onSuccess('listEgressIps', (items: Body[]) => items.filter((e) => e.metadata?.vpcName === items[0]?.metadata?.vpcName)),
  },
  {
    name: 'resources-customdomains-incomplete',
    rule: 'resources.customdomains.whole-workspace',
    description: 'GET /customdomains leaves the last custom domain of the workspace out',
    reshape: onSuccess('listCustomDomains', (items: Body[]) => items.slice(0, -1)),
  },
  {
    name: 'resources-egress-gateway-name-dropped',
    rule: 'resources.egressips.spec',
    description: 'GET /egressips leaves metadata.gatewayName out',
    reshape: onEvery('egressip', (e) => delete e.metadata.gatewayName),
  },
  {
    name: 'resources-egress-vpc-name-dropped',
    rule: 'resources.egressips.spec',
    description: 'GET /egressips leaves metadata.vpcName out',
    reshape: onEvery('egressip', (e) => delete e.metadata.vpcName),
  },
  {
    name: 'resources-egress-ip-family-dropped',
    rule: 'resources.egressips.spec',
    description: 'GET /egressips leaves spec.ipFamily out',
    reshape: onEvery('egressip', (e) => delete e.spec?.ipFamily),
  },
  ...customDomainSpecDropped([['cname-records', 'cnameRecords'], ['fallback-preview-id', 'fallbackPreviewId'], ['last-verified-at', 'lastVerifiedAt'], ['region', 'region'], ['status', 'status'], ['alternative-names', 'subjectAlternativeNames'], ['verification-error', 'verificationError']] as const),
  // Section 6: each field of the event records, broken for one read.
  {
    name: 'resources-function-events-keyed-by-time',
    rule: 'resources.events',
    description: 'GET /functions answers the events of a function as an object keyed by time, not an array',
    reshape: onEvery('function', (fn) => Array.isArray(fn.events) && (fn.events = Object.fromEntries(fn.events.map((e: Body, i: number) => [e.time ?? i, e])))),
  },
  {
    name: 'resources-sandbox-events-keyed-by-time',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the events as an object keyed by time, not an array',
    reshape: onEvery('sandbox', (s) => Array.isArray(s.events) && (s.events = Object.fromEntries(s.events.map((e: Body, i: number) => [e.time ?? i, e])))),
  },
  {
    name: 'resources-egressip-events-keyed-by-time',
    rule: 'resources.events',
    description: 'GET /egressips answers the events of an egress IP as an object keyed by time, not an array',
    reshape: onEvery('egressip', (e) => Array.isArray(e.events) && (e.events = Object.fromEntries(e.events.map((ev: Body, i: number) => [ev.time ?? i, ev])))),
  },
  {
    name: 'resources-function-event-type-number',
    rule: 'resources.events',
    description: 'GET /functions answers the type of an event as a number',
    reshape: onEvents('function', (e) => (e.type = 1)),
  },
  {
    name: 'resources-sandbox-event-type-number',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the type of an event as a number',
    reshape: onEvents('sandbox', (e) => (e.type = 1)),
  },
  {
    name: 'resources-egressip-event-type-number',
    rule: 'resources.events',
    description: 'GET /egressips answers the type of an event as a number',
    reshape: onEvents('egressip', (e) => (e.type = 1)),
  },
  {
    name: 'resources-sandbox-event-status-lowercase',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the status of an event in lowercase, outside the ten of section 3',
    reshape: onEvents('sandbox', (e) => (e.status = String(e.status ?? 'deployed').toLowerCase())),
  },
  {
    name: 'resources-egressip-event-status-lowercase',
    rule: 'resources.events',
    description: 'GET /egressips answers the status of an event in lowercase, outside the ten of section 3',
    reshape: onEvents('egressip', (e) => (e.status = String(e.status ?? 'deployed').toLowerCase())),
  },
  {
    name: 'resources-function-event-message-object',
    rule: 'resources.events',
    description: 'GET /functions answers the message of an event as an object',
    reshape: onEvents('function', (e) => (e.message = { text: e.message })),
  },
  {
    name: 'resources-sandbox-event-message-object',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the message of an event as an object',
    reshape: onEvents('sandbox', (e) => (e.message = { text: e.message })),
  },
  {
    name: 'resources-egressip-event-message-object',
    rule: 'resources.events',
    description: 'GET /egressips answers the message of an event as an object',
    reshape: onEvents('egressip', (e) => (e.message = { text: e.message })),
  },
  {
    name: 'resources-function-event-revision-number',
    rule: 'resources.events',
    description: 'GET /functions answers the revision of an event as a number',
    reshape: onEvents('function', (e) => (e.revision = 1)),
  },
  {
    name: 'resources-sandbox-event-revision-number',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the revision of an event as a number',
    reshape: onEvents('sandbox', (e) => (e.revision = 1)),
  },
  {
    name: 'resources-egressip-event-revision-number',
    rule: 'resources.events',
    description: 'GET /egressips answers the revision of an event as a number',
    reshape: onEvents('egressip', (e) => (e.revision = 1)),
  },
  {
    name: 'resources-function-event-canary-revision-number',
    rule: 'resources.events',
    description: 'GET /functions answers the canaryRevision of an event as a number',
    reshape: onEvents('function', (e) => (e.canaryRevision = 2)),
  },
  {
    name: 'resources-sandbox-event-canary-revision-number',
    rule: 'resources.events',
    description: 'GET /sandboxes/{name} answers the canaryRevision of an event as a number',
    reshape: onEvents('sandbox', (e) => (e.canaryRevision = 2)),
  },
  {
    name: 'resources-egressip-event-canary-revision-number',
    rule: 'resources.events',
    description: 'GET /egressips answers the canaryRevision of an event as a number',
    reshape: onEvents('egressip', (e) => (e.canaryRevision = 2)),
  },
  {
    name: 'resources-function-event-time-not-iso',
    rule: 'resources.events',
    description: 'GET /functions writes event times as Date.toString() text, not ISO 8601',
    reshape: onEvents('function', (e) => (e.time = new Date(Date.parse(e.time) || 0).toString())),
  },
  {
    name: 'resources-egressip-event-time-not-iso',
    rule: 'resources.events',
    description: 'GET /egressips writes event times as Date.toString() text, not ISO 8601',
    reshape: onEvents('egressip', (e) => (e.time = new Date(Date.parse(e.time) || 0).toString())),
  },
  {
    name: 'resources-sandbox-404-error-left-out',
    rule: 'resources.sandbox.not-found',
    description: 'the 404 for a sandbox that is not there leaves error out of its Error body',
    reshape: errorBodyChanged('getSandbox', withoutError, 404),
  },
  {
    name: 'resources-sandbox-404-code-400',
    rule: 'resources.sandbox.not-found',
    description: 'the 404 for a sandbox that is not there carries code 400 in its Error body',
    reshape: errorBodyChanged('getSandbox', (body) => ({ ...body, code: 400 }), 404),
  },
  ...onEachRead(['function', 'egressip'] as const, 'name-capitalised', 'resources.metadata.fields', 'answers metadata.name with its first letter in capitals', (item) => (item.metadata.name = capitalised(item.metadata.name))),
  ...onEachRead(['function', 'egressip'] as const, 'name-over-49', 'resources.metadata.fields', 'answers a metadata.name of more than 49 characters (zeros appended)', (item) => (item.metadata.name = overlong(item.metadata.name))),
  ...onEachRead(['customdomain'] as const, 'name-prefixed', 'resources.customdomains.whole-workspace', 'answers metadata.name with "www." before the domain set', (item) => (item.metadata.name = `www.${item.metadata.name}`)),
  {
    name: 'resources-sandbox-spec-dropped',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} leaves spec out',
    reshape: onEvery('sandbox', (s) => void delete s.spec),
  },
  {
    name: 'resources-sandbox-port-target-as-text',
    rule: 'resources.sandbox.spec',
    description: "GET /sandboxes/{name} answers each port's target as text",
    reshape: eachOf((spec) => spec.runtime?.ports, (port) => typeof port.target === 'number' && (port.target = String(port.target))),
  },
  {
    name: 'resources-sandbox-port-name-changed',
    rule: 'resources.sandbox.spec',
    description: "GET /sandboxes/{name} answers each port's name otherwise than as set",
    reshape: eachOf((spec) => spec.runtime?.ports, (port) => typeof port.name === 'string' && (port.name = `${port.name}-x`)),
  },
  {
    name: 'resources-sandbox-port-tls-as-tcp',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{name} answers each port of protocol TLS as of protocol TCP',
    reshape: eachOf((spec) => spec.runtime?.ports, (port) => port.protocol === 'TLS' && (port.protocol = 'TCP')),
  },
  {
    name: 'resources-sandbox-long-name-not-found',
    rule: 'resources.sandbox.spec',
    description: 'GET /sandboxes/{sandboxName} answers 404 for a name of more than 16 characters that is there',
  },
  {
    name: 'resources-sandbox-first-whatever-name',
    rule: 'resources.sandbox.spec',
    description: "GET /sandboxes/{sandboxName} answers the workspace's first sandbox whatever the name",
  },
] as const satisfies readonly FaultDefinition[];
