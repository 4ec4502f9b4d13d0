// The secret values of a sandbox fixture (section 2.3: env entries with
// `secret: true`, the `secrets` maps of network.proxy.routing) and where an answer
// shows them: anywhere in the raw body or the headers, so a leak in any field counts.
import type { HttpResponse } from '../../harness/http.ts';
import type { Json } from '../../generators/resources-fixtures.ts';
import type { Profile } from '../../spec/profile.ts';
import { isObject } from '../support/json.ts';

export interface Secret {
  /** Where the fixture set it, e.g. `spec.runtime.envs[API_KEY].value`. */
  setAt: string;
  value: string;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asObject = (v: unknown): Json => (isObject(v) ? v : {});

function routes(sandbox: Json): Json[] {
  const network = asObject(asObject(sandbox.spec).network);
  return asArray(asObject(network.proxy).routing).filter(isObject);
}

function envs(sandbox: Json): Json[] {
  return asArray(asObject(asObject(sandbox.spec).runtime).envs).filter(isObject);
}

/** Every secret value of the fixture; with `shownOnly`, those a target of that profile shows (routing secrets may be write-only). */
export function secretsOf(sandbox: Json, shownOnly?: Pick<Profile, 'routingSecretsShown'>): Secret[] {
  const fromEnvs = envs(sandbox)
    .filter((e) => e.secret === true && typeof e.value === 'string')
    .map((e) => ({ setAt: `spec.runtime.envs[${String(e.name)}].value`, value: e.value as string }));
  const fromRoutes = routes(sandbox).flatMap((route, i) =>
    Object.entries(asObject(route.secrets))
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, value]) => ({ setAt: `spec.network.proxy.routing[${i}].secrets.${name}`, value })),
  );
  return shownOnly && !shownOnly.routingSecretsShown ? fromEnvs : [...fromEnvs, ...fromRoutes];
}

/**
 * The places a sandbox marks as secret, with what they hold in this answer: env entries
 * with secret: true, and with `routes`, each {{SECRET:<name>}} a route's headers or body
 * reference, looked up in its secrets.
 */
export function markedSecrets(sandbox: Json, routesToo: boolean): Array<{ at: string; value: unknown }> {
  const fromEnvs = envs(sandbox)
    .filter((e) => e.secret === true)
    .map((e) => ({ at: `spec.runtime.envs[${String(e.name)}].value`, value: e.value }));
  if (!routesToo) return fromEnvs;
  const fromRoutes = routes(sandbox).flatMap((route, i) => {
    const referenced = new Set([...JSON.stringify([route.headers ?? null, route.body ?? null]).matchAll(/\{\{SECRET:([^}]+)\}\}/g)].map((m) => m[1]!));
    return [...referenced].map((name) => ({ at: `spec.network.proxy.routing[${i}].secrets.${name}`, value: asObject(route.secrets)[name] }));
  });
  return [...fromEnvs, ...fromRoutes];
}

/** The spec without its secret values: what any caller may see of it. */
export function specWithoutSecrets(sandbox: Json): Json {
  const copy = structuredClone(sandbox);
  for (const env of envs(copy)) if (env.secret === true) delete env.value;
  for (const route of routes(copy)) delete route.secrets;
  return asObject(copy.spec);
}

/**
 * Section 2.3: a route's `secrets` is a "map of name to secret value". Its values are
 * the secrets rules' concern (shown or masked); where the answer carries the map (a
 * target may keep routing secrets write-only), it holds the names the fixture set.
 */
export function routeSecretNameProblems(given: Json, returned: Json): string[] {
  const returnedRoutes = routes(returned);
  return routes(given).flatMap((route, i) => {
    const shown = returnedRoutes[i]?.secrets;
    if (route.secrets === undefined || shown === undefined) return [];
    const at = `spec.network.proxy.routing[${i}].secrets`;
    if (!isObject(shown)) return [`${at} is ${JSON.stringify(shown)}, not a map of name to secret value`];
    const [set, answered] = [Object.keys(asObject(route.secrets)).sort(), Object.keys(shown).sort()];
    return set.join('\n') === answered.join('\n') ? [] : [`${at} names ${JSON.stringify(answered)}, but ${JSON.stringify(set)} were set`];
  });
}

/** Where in the answer a value appears: a header, a JSON path, or the raw body; undefined when nowhere. */
export function whereShown(res: HttpResponse, value: string): string | undefined {
  const header = Object.entries(res.headers).find(([, v]) => v.includes(value));
  if (header) return `the response header ${header[0]}`;
  if (!res.text.includes(value)) return undefined;
  return (res.isJson && jsonPathOf(res.json, value, '')) || 'the body';
}

function jsonPathOf(node: unknown, value: string, path: string): string | undefined {
  if (typeof node === 'string') return node.includes(value) ? path || '(body)' : undefined;
  const entries: Array<[string, unknown]> = Array.isArray(node) ? node.map((v, i) => [`[${i}]`, v]) : isObject(node) ? Object.entries(node).map(([k, v]) => [`.${k}`, v]) : [];
  for (const [step, child] of entries) {
    const found = (step.startsWith('.') && step.slice(1).includes(value) ? path + step : undefined) ?? jsonPathOf(child, value, path + step);
    if (found) return found.replace(/^\./, '');
  }
  return undefined;
}

/** The secrets an answer shows, each with where. */
export function shownSecrets(res: HttpResponse, secrets: Secret[]): Array<Secret & { shownAt: string }> {
  return secrets.flatMap((s) => {
    const shownAt = whereShown(res, s.value);
    return shownAt ? [{ ...s, shownAt }] : [];
  });
}
