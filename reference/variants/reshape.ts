// Building blocks of the variants' reshapes: each changes a JSON answer the way a
// target that made the other choice would write it.
import type { Reply, Route } from '../area.ts';

type Json = Record<string, any>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A change applied to a copy of the successful answers of these operations. */
export function onSuccess(operationIds: readonly string[], change: (body: any) => unknown): (reply: Reply, route: Route) => Reply {
  return (reply, route) =>
    operationIds.includes(route.operationId) && reply.status >= 200 && reply.status < 300 && reply.body !== undefined
      ? { ...reply, body: change(structuredClone(reply.body)) }
      : reply;
}

/** The resources of an answer: a bare array's items, a FunctionList's `data`, or the one resource. */
export function resourcesOf(body: unknown): Json[] {
  if (Array.isArray(body)) return body.filter(isObject);
  if (isObject(body) && Array.isArray(body.data)) return body.data.filter(isObject);
  return isObject(body) ? [body] : [];
}

/** Every object a target may extend with fields of its own: the answer, its meta and summary, each resource or entry, and their metadata and spec. */
export function extensibleObjects(body: unknown): Json[] {
  const top = isObject(body) ? [body, body.meta, body.summary].filter(isObject) : [];
  return [...top, ...resourcesOf(body).flatMap((r) => [r, r.metadata, r.spec, r.summary].filter(isObject))];
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
