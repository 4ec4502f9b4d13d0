import type { RuleDefinition } from './rule.ts';

// Sections 2.1 to 2.5, 3, 4.1, 5, 6, 7: functions (for the shared rules), sandboxes, egress IPs and custom domains as
// GET /functions, GET /sandboxes/{sandboxName}, GET /egressips and GET /customdomains return them.
// Refusals of missing credentials and missing scopes are the auth rules' (they cover
// GET /sandboxes/{sandboxName} among the control-plane reads).
export const resourcesRules = [
  {
    id: 'resources.metadata.fields',
    level: 'MUST',
    section: '2.1, 2.4, 2.5',
    title:
      'metadata.name, displayName, externalId and labels of functions, sandboxes, egress IPs and custom domains come back as set and keep their rules (name lowercase alphanumeric and hyphens, at most 49; displayName at most 63; externalId alphanumeric and dash, at most 64; labels a string map)',
    quote: 'Lowercase alphanumeric and hyphens, max 49 characters.',
  },
  {
    id: 'resources.metadata.read-only',
    level: 'MUST',
    section: '2.1, 2.4, 2.5',
    title: 'The read-only metadata of every returned function, sandbox, egress IP and custom domain are strings when present (createdAt, updatedAt, createdBy, updatedBy; functions and sandboxes also plan and url), and workspace is set',
    quote: 'metadata.workspace | string | Read-only. Workspace name, set automatically.',
  },
  {
    id: 'resources.metadata.name-unique',
    level: 'MUST',
    section: '2.1',
    title: 'No listing names two resources alike: the functions walked page by page, the egress IPs and the custom domains each list a metadata.name once',
    quote: 'Unique in the workspace.',
  },
  {
    id: 'resources.sandbox.spec',
    level: 'MUST',
    section: '2.3, 4.1',
    title: 'GET /sandboxes/{sandboxName} returns the spec of the sandbox as set: every field, with its type and representation (the network lists and routing body as the profile says)',
    quote: '200: Sandbox.',
  },
  {
    id: 'resources.egressips.spec',
    level: 'MUST',
    section: '2.4, 4.1',
    title: 'GET /egressips returns each egress IP with its metadata (gatewayName, vpcName) and spec (ipFamily, publicIp) as set',
    quote: '200: array of Egress IP',
  },
  {
    id: 'resources.customdomains.spec',
    level: 'MUST',
    section: '2.5, 4.1',
    title: 'GET /customdomains returns each custom domain with its spec as set: every field, with its type',
    quote: '200: array of Custom domain',
  },
  {
    id: 'resources.deployment-status',
    level: 'MUST',
    section: '2.3, 2.4, 3',
    title: 'The deployment status of functions, sandboxes and egress IPs, when present, is one of the ten values of section 3',
    quote: 'Allowed values: `DELETING`, `TERMINATED`, `FAILED`, `DEACTIVATED`, `DEACTIVATING`, `UPLOADING`, `BUILDING`, `DEPLOYING`, `DEPLOYED`, `BUILT`.',
  },
  {
    id: 'resources.sandbox.run-state',
    level: 'MUST',
    section: '2.3, 3',
    title: 'A sandbox carries its current state, RUNNING or STANDBY, in the run-state field',
    quote: 'a read-only current-state field with values `RUNNING` or `STANDBY`',
  },
  {
    id: 'resources.events',
    level: 'MUST',
    section: '2.3, 2.4, 6',
    title: 'The events of functions, sandboxes and egress IPs are records of type, status (a deployment status), message, revision, canaryRevision and an ISO 8601 time',
    quote: 'Resources deployed on the service (functions, sandboxes, egress IPs) carry a read-only `events` array. Each event record has:',
  },
  {
    id: 'resources.sandbox.expires-in',
    level: 'MUST',
    section: '2.3',
    title: 'expiresIn is an integer present only when the sandbox has a lifecycle',
    quote: '`expiresIn` (integer, seconds until automatic deletion according to TTL and lifecycle policies; present only when lifecycle is configured)',
  },
  {
    id: 'resources.secrets.hidden-unless-asked',
    level: 'MUST',
    section: '2.3, 4.1',
    title: 'A workspace admin who does not ask for secrets gets no secret value (env secrets, proxy routing secrets) anywhere in the sandbox response',
    quote: 'Secret values in a sandbox response are shown only when the caller asks for them and holds the workspace admin role',
  },
  {
    id: 'resources.secrets.member-never-sees',
    level: 'MUST',
    section: '2.3, 4.1, 5',
    title: 'A caller without the workspace admin role gets no secret value, even when asking for secrets',
    quote: 'Secret values in a sandbox response are shown only when the caller asks for them and holds the workspace admin role',
  },
  {
    id: 'resources.secrets.shown-to-admin-who-asks',
    level: 'MUST',
    section: '2.3, 4.1, 5',
    title: 'A workspace admin who asks for secrets gets every secret value of the sandbox (routing secrets only where the profile does not make them write-only)',
    quote: 'One optional boolean query parameter asks for secret values to be shown (requires the workspace admin role).',
  },
  {
    id: 'resources.sandbox.not-found',
    level: 'SHOULD',
    section: '4.1, 7',
    title: 'GET /sandboxes/{sandboxName} answers an unknown name with 404 (another 4xx when the profile lists no 404) and an Error body',
    quote: 'Four error responses with an Error body.',
    why: 'The four error statuses are not shown; 404 for an unknown name is what they imply (the suite’s default, README: 401, 403, 404, 500).',
  },
  {
    id: 'resources.sandbox.workspace-scoped',
    level: 'MUST',
    section: '1, 4.1',
    title: "GET /sandboxes/{sandboxName} does not serve another workspace's sandbox",
    quote: 'Resources are scoped to a workspace.',
  },
  {
    id: 'resources.egressips.whole-workspace',
    level: 'MUST',
    section: '2.4, 4.1',
    title: 'GET /egressips answers a bare array holding every egress IP of the workspace',
    quote: '200: array of Egress IP, covering all VPCs and gateways in the workspace.',
  },
  {
    id: 'resources.customdomains.whole-workspace',
    level: 'MUST',
    section: '2.5, 4.1',
    title: 'GET /customdomains answers a bare array holding every custom domain of the workspace',
    quote: '200: array of Custom domain, all domains in the workspace.',
  },
  {
    id: 'resources.egressips.workspace-only',
    level: 'MUST',
    section: '1, 4.1',
    title: "GET /egressips does not list another workspace's egress IPs",
    quote: 'Resources are scoped to a workspace.',
  },
  {
    id: 'resources.customdomains.workspace-only',
    level: 'MUST',
    section: '1, 4.1',
    title: "GET /customdomains does not list another workspace's custom domains",
    quote: 'Resources are scoped to a workspace.',
  },
] as const satisfies readonly RuleDefinition[];
