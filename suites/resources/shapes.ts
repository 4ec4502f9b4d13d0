// The shape rules of sections 2.1 to 2.5, 3 and 6, applied to one resource as the
// target returned it. Each function lists what is wrong, in the specification's words.
import type { FixtureSet, Json } from '../../generators/resources-fixtures.ts';
import { DEPLOYMENT_STATUSES, NAME_MAX_LENGTH, RUN_STATES } from '../../spec/facts.ts';
import { differences } from '../support/compare.ts';
import { isObject, show } from '../support/json.ts';
import type { Profile } from '../../spec/profile.ts';
import { isIso8601 } from '../support/timestamps.ts';

/** The kinds of resource, named by their provider state. */
export type Kind = keyof FixtureSet;


/** Metadata a fixture sets, per kind (sections 2.1, 2.4, 2.5). */
const SET_METADATA: Record<Kind, string[]> = {
  functions: ['name', 'displayName', 'externalId', 'labels'],
  sandboxes: ['name', 'displayName', 'externalId', 'labels'],
  egressips: ['name', 'displayName'],
  customdomains: ['name', 'displayName', 'labels'],
};

/** Read-only metadata, per kind (sections 2.1, 2.4, 2.5). */
const READ_ONLY_METADATA: Record<Kind, string[]> = {
  functions: ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'plan', 'url', 'workspace'],
  sandboxes: ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'plan', 'url', 'workspace'],
  egressips: ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'workspace'],
  customdomains: ['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'workspace'],
};

const characters = (s: string) => [...s].length;

/** Section 2.1: the rules of each metadata field, and (with the fixture) the values as set. */
export function metadataProblems(kind: Kind, returned: Json, given?: Json): string[] {
  const m = returned.metadata;
  if (!isObject(m)) return [`metadata is ${show(m)}, not an object`];
  const problems: string[] = [];
  if (typeof m.name !== 'string') problems.push(`metadata.name is ${show(m.name)}, not a string`);
  // A custom domain is named by its domain (section 2.5), so the name rule of 2.1 is not its own.
  else if (kind !== 'customdomains' && !(/^[a-z0-9-]+$/.test(m.name) && m.name.length <= NAME_MAX_LENGTH))
    problems.push(`metadata.name ${show(m.name)} is not lowercase alphanumeric and hyphens of at most ${NAME_MAX_LENGTH} characters`);
  if (m.displayName !== undefined && !(typeof m.displayName === 'string' && characters(m.displayName) <= 63))
    problems.push(`metadata.displayName ${show(m.displayName)} is not a string of at most 63 characters`);
  if (m.externalId !== undefined && !(typeof m.externalId === 'string' && /^[A-Za-z0-9-]*$/.test(m.externalId) && m.externalId.length <= 64))
    problems.push(`metadata.externalId ${show(m.externalId)} is not alphanumeric and dash of at most 64 characters`);
  if (m.labels !== undefined && !(isObject(m.labels) && Object.values(m.labels).every((v) => typeof v === 'string')))
    problems.push(`metadata.labels ${show(m.labels)} is not a map of string to string`);
  const givenMetadata = isObject(given?.metadata) ? given.metadata : {};
  for (const field of SET_METADATA[kind]) problems.push(...differences(givenMetadata[field], m[field], `metadata.${field}`));
  return problems;
}

/**
 * Sections 2.1, 2.3: the read-only fields the target fills are strings. None is marked
 * Required (CONTRACT 3), so each may be absent, but `workspace`, which is "set
 * automatically".
 */
export function readOnlyProblems(kind: Kind, returned: Json): string[] {
  const m = isObject(returned.metadata) ? returned.metadata : {};
  const problems = READ_ONLY_METADATA[kind]
    .filter((field) => (m[field] !== undefined || field === 'workspace') && typeof m[field] !== 'string')
    .map((field) => `the read-only metadata.${field} is ${m[field] === undefined ? 'missing (section 2.1: "set automatically")' : show(m[field])}, not a string`);
  // "Read-only timestamps" in no stated form: any ISO 8601 date-time (RFC 3339 among them) is one.
  for (const field of ['createdAt', 'updatedAt'])
    if (typeof m[field] === 'string' && !isIso8601(m[field])) problems.push(`metadata.${field} is ${show(m[field])}, not a timestamp (section 2.1: "Read-only timestamps"; any ISO 8601 date-time is one)`);
  if (kind === 'sandboxes' && returned.lastUsedAt !== undefined && typeof returned.lastUsedAt !== 'string')
    problems.push(`lastUsedAt is ${show(returned.lastUsedAt)}, not a string`);
  return problems;
}

/**
 * Section 2.1: "Auto-generated endpoint URL of the resource (agents, functions, models,
 * sandboxes)": absolute, as an endpoint is reached; any scheme (an endpoint may be a
 * websocket). Not marked Required: absent passes, and a value that is no string is
 * resources.metadata.read-only's.
 */
export function endpointUrlProblems(returned: Json): string[] {
  const url = isObject(returned.metadata) ? returned.metadata.url : undefined;
  if (typeof url !== 'string') return [];
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  return parsed && parsed.host !== '' ? [] : [`metadata.url is ${show(url)}, not an absolute URL with a host (section 2.1: "Auto-generated endpoint URL of the resource")`];
}

const STATUS_LIST = DEPLOYMENT_STATUSES.join(', ');
const isDeploymentStatus = (v: unknown) => typeof v === 'string' && (DEPLOYMENT_STATUSES as readonly string[]).includes(v);

/** Section 3: the read-only deployment status, one of ten values. */
export function deploymentStatusProblems(returned: Json): string[] {
  // Not marked Required (CONTRACT 3): absent passes; present, it is one of the ten.
  return returned.status === undefined || isDeploymentStatus(returned.status) ? [] : [`status is ${show(returned.status)}, not one of the deployment statuses of section 3 (${STATUS_LIST})`];
}

/**
 * Sections 2.3, 3: "a read-only current-state field with values `RUNNING` or `STANDBY`".
 * Not marked Required (CONTRACT 3), and no stated behaviour needs it observed: absent
 * passes; present (under the name the profile gives), it holds RUNNING or STANDBY.
 */
export function runStateProblems(returned: Json, field: string): string[] {
  const value = returned[field];
  return value === undefined || (typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value))
    ? []
    : [`the run-state field "${field}" is ${show(value)}, not RUNNING or STANDBY`];
}

const EVENT_STRINGS = ['type', 'message', 'revision', 'canaryRevision'];

/** Section 6: events are records with these fields and types. */
export function eventsProblems(returned: Json): string[] {
  const events = returned.events;
  if (events === undefined) return [];
  if (!Array.isArray(events)) return [`events is ${show(events)}, not an array`];
  return events.flatMap((event: unknown, i) => {
    if (!isObject(event)) return [`events[${i}] is ${show(event)}, not a record`];
    const problems = EVENT_STRINGS.filter((f) => event[f] !== undefined && typeof event[f] !== 'string').map(
      (f) => `events[${i}].${f} is ${show(event[f])}, not a string`,
    );
    if (event.status !== undefined && !isDeploymentStatus(event.status))
      problems.push(`events[${i}].status is ${show(event.status)}, not a deployment status (${STATUS_LIST})`);
    if (event.time !== undefined && !isIso8601(event.time))
      problems.push(`events[${i}].time is ${show(event.time)}, not an ISO 8601 timestamp`);
    return problems;
  });
}

/**
 * Whether the sandbox as returned shows a lifecycle that deletes it: an expiration policy
 * whose action is `delete` (the words' example). "present only when lifecycle is
 * configured" says when expiresIn may come; that it comes then is implied (a SHOULD).
 */
export function deletesByLifecycle(returned: Json): boolean {
  const spec = isObject(returned.spec) ? returned.spec : {};
  const lifecycle = isObject(spec.lifecycle) ? spec.lifecycle : {};
  const policies = Array.isArray(lifecycle.expirationPolicies) ? lifecycle.expirationPolicies : [];
  return policies.some((p) => isObject(p) && typeof p.action === 'string' && p.action.toLowerCase() === 'delete');
}

/**
 * Section 2.3: `expiresIn` (integer, "seconds until automatic deletion according to TTL
 * and lifecycle policies; present only when lifecycle is configured"). The words name a TTL
 * beside the lifecycle policies, so a sandbox with `runtime.ttl` or `runtime.expires` has a
 * deletion to count down to as well: present, expiresIn is a whole number of seconds, never
 * negative, on a sandbox that shows a lifecycle, a TTL or an expiry time (a target may add a
 * default lifecycle, so the sandbox as returned is what says). Not marked Required: absent passes.
 */
export function expiresInProblems(returned: Json): string[] {
  if (returned.expiresIn === undefined) return [];
  const spec = isObject(returned.spec) ? returned.spec : {};
  const runtime = isObject(spec.runtime) ? spec.runtime : {};
  const configured = [spec.lifecycle, runtime.ttl, runtime.expires].some((v) => v !== undefined && v !== null);
  if (!configured) return [`expiresIn is ${show(returned.expiresIn)} although the sandbox has no lifecycle, TTL nor expiry time`];
  return Number.isInteger(returned.expiresIn) && (returned.expiresIn as number) >= 0 ? [] : [`expiresIn is ${show(returned.expiresIn)}, not an integer of seconds (0 or more)`];
}

/**
 * Section 2.3: the network lists travel as "a string holding a list" and a routing body
 * as a string, unless the profile says the target writes arrays and objects of strings
 * (networkLists, routingBody); the comparison with what was set accepts either notation.
 */
export function representationProblems(profile: Pick<Profile, 'networkLists' | 'routingBody'>, returned: Json): string[] {
  const network = isObject(returned.spec) && isObject(returned.spec.network) ? returned.spec.network : {};
  const lists: Array<[string, unknown]> = [
    ['allowedDomains', network.allowedDomains],
    ['forbiddenDomains', network.forbiddenDomains],
    ['firewall.rulesets', isObject(network.firewall) ? network.firewall.rulesets : undefined],
  ];
  const listAs = profile.networkLists === 'string' ? 'a string holding a list (section 2.3)' : 'a JSON array (the profile\'s networkLists)';
  const problems = lists
    .filter(([, v]) => v !== undefined && (profile.networkLists === 'string' ? typeof v !== 'string' : !Array.isArray(v)))
    .map(([field, v]) => `spec.network.${field} is ${show(v)}, not ${listAs}`);
  const routes = isObject(network.proxy) && Array.isArray(network.proxy.routing) ? network.proxy.routing : [];
  routes.forEach((route: unknown, i) => {
    const body = isObject(route) ? route.body : undefined;
    if (body !== undefined && (profile.routingBody === 'string' ? typeof body !== 'string' : !isObject(body)))
      problems.push(`spec.network.proxy.routing[${i}].body is ${show(body)}, not ${profile.routingBody === 'string' ? 'a string (section 2.3)' : 'an object (the profile\'s routingBody)'}`);
  });
  return problems;
}
