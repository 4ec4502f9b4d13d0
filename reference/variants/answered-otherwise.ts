// The reshapes of the variants that write back what a fixture set in another form the
// specification leaves open: durations, the lists "returned as a string holding a
// list", a routing body and its header names, process logs, Unicode text, and the
// fields a target leaves out (as null). Each changes a copy of a successful answer the
// way a target that made the other choice would write it.
import type { Reply, Route } from '../area.ts';
import { durationSeconds } from '../durations.ts';
import { isObject } from '../json.ts';
import { onSuccess, type Json } from './reshape.ts';
import { loadSpecs, type ApiName } from '../../spec/openapi.ts';
import { jsonType, shapeOf, type SchemaNode as Schema } from '../../spec/schema-shapes.ts';

const RESOURCE_READS = ['getSandbox', 'listEgressIps', 'listCustomDomains'];

/** A change on the spec of the sandbox GET /sandboxes/{sandboxName} answers. */
const onSandboxSpec = (change: (spec: Json) => void) => onSuccess(['getSandbox'], (sandbox: Json) => (isObject(sandbox.spec) && change(sandbox.spec), sandbox));

/** The duration strings of a sandbox spec (section 2.3), each rewritten by `write`. */
function durationsWritten(write: (seconds: number) => string): (reply: Reply, route: Route) => Reply {
  const rewrite = (text: unknown) => {
    const seconds = durationSeconds(text);
    return seconds === undefined ? text : write(seconds);
  };
  return onSandboxSpec((spec) => {
    const lifecycle = isObject(spec.lifecycle) ? spec.lifecycle : {};
    for (const policy of Array.isArray(lifecycle.expirationPolicies) ? lifecycle.expirationPolicies : []) if (isObject(policy) && 'value' in policy) policy.value = rewrite(policy.value);
    if ('terminatedRetention' in lifecycle) lifecycle.terminatedRetention = rewrite(lifecycle.terminatedRetention);
    if (isObject(spec.runtime) && 'ttl' in spec.runtime) spec.runtime.ttl = rewrite(spec.runtime.ttl);
  });
}

/** ISO 8601 as Java's Duration.toString() writes it: `PT168H`, `PT1H30M`, `PT45S`, `PT0S`. */
function iso8601(seconds: number): string {
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

/** Postgres' interval output for hours, minutes and seconds: `168:00:00`. */
function intervalText(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

export const durationsInIso8601 = durationsWritten(iso8601);
export const durationsAsIntervalText = durationsWritten(intervalText);

/** A list held as JSON text written as a Postgres array literal: `{a.com,*.b.io}`, `{}`. */
function postgresArray(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    const items: unknown = JSON.parse(text);
    return Array.isArray(items) && items.every((i) => typeof i === 'string') ? `{${items.join(',')}}` : text;
  } catch {
    return text;
  }
}

/** The lists of section 2.3 "returned as a string holding a list" written as a text[] column prints them. */
export const listsAsPostgresArrays = onSandboxSpec((spec) => {
  const network = isObject(spec.network) ? spec.network : undefined;
  if (!network) return;
  for (const field of ['allowedDomains', 'forbiddenDomains']) if (field in network) network[field] = postgresArray(network[field]);
  if (isObject(network.firewall) && 'rulesets' in network.firewall) network.firewall.rulesets = postgresArray(network.firewall.rulesets);
});

/** JSON text as a jsonb column gives it back: keys sorted by length then bytes, `: ` and `, ` between. */
function asJsonb(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(asJsonb).join(', ')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}: ${asJsonb(value[k])}`).join(', ')}}`;
}

/** Each proxy route's body (JSON text) as jsonb writes it, and its header names in lowercase (as HTTP/2 carries them). */
export const routingAsStored = onSandboxSpec((spec) => {
  const proxy = isObject(spec.network) && isObject(spec.network.proxy) ? spec.network.proxy : {};
  for (const route of Array.isArray(proxy.routing) ? proxy.routing : []) {
    if (!isObject(route)) continue;
    if (typeof route.body === 'string') {
      try {
        route.body = asJsonb(JSON.parse(route.body));
      } catch {
        // Not JSON: kept as set.
      }
    }
    if (isObject(route.headers)) route.headers = Object.fromEntries(Object.entries(route.headers).map(([name, value]) => [name.toLowerCase(), value]));
  }
});

/** A stream as a pseudo-terminal gives it to a line collector: the last line ended, every line feed a carriage return and line feed. */
const throughPty = (text: unknown) => (typeof text !== 'string' || text === '' ? text : `${text.endsWith('\n') ? text : `${text}\n`}`.replace(/\n/g, '\r\n'));

export const logsThroughPty = onSuccess(['getProcessLogs'], (body: Json) => {
  const [stdout, stderr] = [throughPty(body.stdout), throughPty(body.stderr)];
  // `logs` merges the streams as collected; an answer of `logs` alone (another variant's) is collected whole.
  const streams = typeof stdout === 'string' || typeof stderr === 'string';
  const logs = 'logs' in body ? (streams ? `${String(stdout ?? '')}${String(stderr ?? '')}` : throughPty(body.logs)) : undefined;
  return { ...body, stdout, stderr, logs };
});

function nfc(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) return value.map(nfc);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.normalize('NFC'), nfc(v)]));
}

/** Every string of the sandbox, egress IP and custom domain answers in Unicode normalization form C. */
export const textInNfc = onSuccess(RESOURCE_READS, nfc);

const specs = await loadSpecs();

interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** The response schemas of each operation by status (or `default`, `4XX`). */
const RESPONSES = new Map<string, Record<string, Schema | undefined>>();
for (const api of ['controlPlane', 'sandbox'] as ApiName[]) {
  for (const item of Object.values(specs[api].paths ?? {})) {
    for (const op of Object.values(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !op.operationId) continue;
      RESPONSES.set(op.operationId, Object.fromEntries(Object.entries(op.responses ?? {}).map(([status, r]) => [status, r.content?.['application/json']?.schema])));
    }
  }
}

/** Every field the schema names and `value` leaves out, written as null in place (required ones are never left out), at any depth. */
function fillNulls(schema: Schema | undefined, value: unknown): void {
  if (value === null || typeof value !== 'object' || !schema) return;
  const shape = shapeOf(schema, jsonType(value));
  if (Array.isArray(value)) {
    for (const item of value) fillNulls(shape.items, item);
    return;
  }
  const object = value as Json;
  if (shape.properties) {
    for (const [field, property] of Object.entries(shape.properties)) {
      if (field in object) fillNulls(property, object[field]);
      else if (!shape.required.has(field)) object[field] = null;
    }
  } else if (shape.values) for (const item of Object.values(object)) fillNulls(shape.values, item);
}

/**
 * What a server whose serializer writes every field it knows answers (Jackson's default,
 * Go without omitempty, Pydantic's model_dump()): each field of the documents' schemas the
 * reference leaves out is there, as null.
 */
export function absentFieldsAsNull(reply: Reply, route: Route): Reply {
  const responses = RESPONSES.get(route.operationId);
  if (!responses || reply.body === undefined || typeof reply.body !== 'object' || reply.body === null) return reply;
  const schema = responses[String(reply.status)] ?? responses[`${String(reply.status)[0]}XX`] ?? responses.default;
  if (!schema) return reply;
  const body = structuredClone(reply.body);
  fillNulls(schema, body);
  return { ...reply, body };
}
