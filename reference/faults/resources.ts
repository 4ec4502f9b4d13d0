// Faults of sandboxes, egress IPs and custom domains. Those without `reshape` are
// read by reference/areas/resources/ through `faults.has`.
import type { Reply, Route } from '../area.ts';
import { isListing, mapFunctions } from './functions.ts';
import type { FaultDefinition } from './registry.ts';

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
    name: 'resources-sandbox-run-state-missing',
    rule: 'resources.sandbox.run-state',
    description: 'GET /sandboxes/{name} leaves the run-state field out',
    reshape: onSuccess('getSandbox', (s: Body) => (delete s.state, s)),
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
] as const satisfies readonly FaultDefinition[];
