// Building blocks of the variants' reshapes: each changes a JSON answer the way a
// target that made the other choice would write it.
import type { Reply, Route } from '../area.ts';
import { isObject } from '../json.ts';

/** Reshapes walk answers of many shapes: their JSON is loosely typed. */
export type Json = Record<string, any>;


/** A change applied to a copy of the successful answers of these operations. */
export function onSuccess(operationIds: readonly string[], change: (body: any) => unknown): (reply: Reply, route: Route) => Reply {
  return (reply, route) =>
    operationIds.includes(route.operationId) && reply.status >= 200 && reply.status < 300 && reply.body !== undefined
      ? { ...reply, body: change(structuredClone(reply.body)) }
      : reply;
}

/** The metrics answers with no timeseries point carrying `usage` (the entries' summaries still do): a fault and a variant (a SHOULD broken). */
export const timeseriesPointsWithoutUsage = onSuccess(['getAccountMetrics'], (body) => {
  for (const entry of resourcesOf(body)) for (const point of Array.isArray(entry.timeseries) ? entry.timeseries : []) if (isObject(point)) delete point.usage;
  return body;
});

/** The resources of an answer: a bare array's items, a FunctionList's `data`, or the one resource. */
export function resourcesOf(body: unknown): Json[] {
  if (Array.isArray(body)) return body.filter(isObject);
  if (isObject(body) && Array.isArray(body.data)) return body.data.filter(isObject);
  return isObject(body) ? [body] : [];
}

/**
 * Free-form maps (labels, txtRecords, routing headers and secrets, extraArgs): their
 * keys are the caller's, so a field of the vendor's own cannot go there.
 */
const MAP_KEYS = new Set(['labels', 'txtRecords', 'headers', 'secrets', 'extraArgs']);

/** Every object a target may extend with fields of its own, at any depth: the answer, its meta and summary, each resource or entry and every record inside it, but no free-form map. */
export function extensibleObjects(body: unknown): Json[] {
  if (Array.isArray(body)) return body.flatMap(extensibleObjects);
  if (!isObject(body)) return [];
  return [body, ...Object.entries(body).flatMap(([key, value]) => (MAP_KEYS.has(key) ? [] : extensibleObjects(value)))];
}

/** Applies `change` to every string under one of `keys`, at any depth. */
export function mapStringsUnder(value: unknown, keys: ReadonlySet<string>, change: (text: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapStringsUnder(v, keys, change));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, keys.has(k) && typeof v === 'string' ? change(v) : mapStringsUnder(v, keys, change)]),
  );
}

/** A sandbox whose proxy routing rules hold no `secrets` (write-only at the public service). */
export function withoutRoutingSecrets(sandbox: Json): Json {
  const routing = sandbox.spec?.network?.proxy?.routing;
  for (const route of Array.isArray(routing) ? routing : []) if (isObject(route)) delete route.secrets;
  return sandbox;
}
