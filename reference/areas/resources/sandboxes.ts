// GET /sandboxes/{sandboxName} (sections 2.3, 4.1): one sandbox of the caller's
// workspace, its secret values masked unless a workspace admin asks for them.
import { apiError, type AreaEnv, type Route } from '../../area.ts';
import type { Principal } from '../../identities.ts';
import { isObject, type Json } from '../../json.ts';
import { clone, readOnlyMetadata, WorkspaceStore } from './store.ts';
import { durationSeconds } from '../../durations.ts';
import { DEPLOYMENT_STATUSES, RUN_STATES } from '../../../spec/facts.ts';

/** Section 3. */
/** The profile defaults (CONTRACT section 3) this reference implements. */
const SHOW_SECRETS_PARAM = 'show_secrets';
const RUN_STATE_FIELD = 'state';
const MASK = '********';
/** How the variant service-values-otherwise masks: another text than the reference's, never the secret. */
const OTHER_MASK = '[hidden]';

export const iso = (ms: number) => new Date(ms).toISOString();

/** The read-only fields of a deployed resource (sections 3, 6): status kept when valid, else DEPLOYED; events kept when given. */
export function fillDeployment(item: Json, nowIso: string): void {
  if (typeof item.status !== 'string' || !(DEPLOYMENT_STATUSES as readonly string[]).includes(item.status)) item.status = 'DEPLOYED';
  if (!Array.isArray(item.events)) item.events = [{ type: 'deployment', status: item.status, message: 'deployed', time: nowIso }];
}

export function sandboxes(env: AreaEnv): { store: WorkspaceStore; route: Route; fill: (item: Json, workspace: string) => Json } {
  const store = new WorkspaceStore(env.workspaces);

  function fill(item: Json, workspace: string): Json {
    const now = iso(env.clock.now());
    const metadata = item.metadata as Json;
    item.metadata = {
      ...metadata,
      ...readOnlyMetadata(metadata, workspace, now, env.faults),
      plan: 'standard',
      url: `https://sbx-${String(metadata.name)}-${workspace}.reference.invalid`,
    };
    fillDeployment(item, now);
    if (typeof item[RUN_STATE_FIELD] !== 'string' || !(RUN_STATES as readonly string[]).includes(item[RUN_STATE_FIELD] as string)) item[RUN_STATE_FIELD] = 'RUNNING';
    item.lastUsedAt = now;
    delete item.expiresIn;
    return item;
  }

  /** Section 2.3: shown only when the caller asks and is workspace admin; each fault breaks one half of that. */
  function showsSecrets(query: URLSearchParams, principal: Principal): boolean {
    const omitted = !query.has(SHOW_SECRETS_PARAM);
    const asks = env.faults.has('resources-secret-param-presence-asks') ? !omitted : query.get(SHOW_SECRETS_PARAM) === 'true';
    if (env.faults.has('resources-secret-shown-unasked')) return principal.workspaceAdmin;
    if (env.faults.has('resources-secret-shown-when-param-omitted')) return principal.workspaceAdmin && (asks || omitted);
    if (env.faults.has('resources-secret-shown-to-member-unasked')) return principal.workspaceAdmin ? asks : omitted;
    if (env.faults.has('resources-secret-shown-to-member')) return asks;
    if (env.faults.has('resources-secret-hidden-from-admin')) return false;
    return asks && principal.workspaceAdmin;
  }

  const valuesOtherwise = env.variants.has('service-values-otherwise');

  /** Seconds until deletion: the shortest expiration policy counted from the last use (section 2.3); rounded up to whole minutes (service-values-otherwise). */
  function expiresIn(sandbox: Json, lifecycle: Json): number {
    const durations = (Array.isArray(lifecycle.expirationPolicies) ? lifecycle.expirationPolicies : [])
      .map((p: unknown) => (isObject(p) ? durationSeconds(p.value) : undefined))
      .filter((s): s is number => s !== undefined);
    const retention = durationSeconds(lifecycle.terminatedRetention);
    const total = durations.length ? Math.min(...durations) : (retention ?? 0);
    const elapsed = Math.floor((env.clock.now() - Date.parse(String(sandbox.lastUsedAt))) / 1000);
    const seconds = Math.max(0, total - elapsed);
    return valuesOtherwise ? Math.ceil(seconds / 60) * 60 : seconds;
  }

  const fromTtl = env.variants.has('expires-in-with-ttl');

  /** Seconds until the runtime's TTL (counted from the last use) or expiry time, the earlier (variant expires-in-with-ttl); undefined when neither is set. */
  function runtimeExpiresIn(sandbox: Json, runtime: Json): number | undefined {
    const ttl = durationSeconds(runtime.ttl);
    const at = typeof runtime.expires === 'string' ? Date.parse(runtime.expires) : NaN;
    const ends = [...(ttl === undefined ? [] : [Date.parse(String(sandbox.lastUsedAt)) + ttl * 1000]), ...(Number.isNaN(at) ? [] : [at])];
    return ends.length ? Math.max(0, Math.floor((Math.min(...ends) - env.clock.now()) / 1000)) : undefined;
  }

  const route: Route = {
    method: 'GET',
    surface: 'control',
    path: '/sandboxes/:sandboxName',
    operationId: 'getSandbox',
    scopes: ['sandboxes:get'],
    handle({ params, query, principal }) {
      const name = params.sandboxName ?? '';
      if (name.length > 16 && env.faults.has('resources-sandbox-long-name-not-found')) return apiError(404, 'NotFound', `no sandbox named ${name}`);
      const found = env.faults.has('resources-sandbox-any-workspace')
        ? store.all().find((s) => (s.metadata as Json).name === name)
        : env.faults.has('resources-sandbox-first-whatever-name')
          ? store.all().find((s) => (s.metadata as Json).workspace === principal.workspace)
          : store.find(principal.workspace, name);
      if (!found) return apiError(404, 'NotFound', `no sandbox named ${name} in workspace ${principal.workspace}`);
      const body = clone(found);
      if (env.faults.has('resources-show-secrets-required') && !query.has(SHOW_SECRETS_PARAM)) return apiError(400, 'BadRequest', `the ${SHOW_SECRETS_PARAM} parameter is required`);
      if (!showsSecrets(query, principal)) maskSecrets(body, valuesOtherwise ? OTHER_MASK : MASK, env.faults.has('resources-routing-secret-in-header'), valuesOtherwise);
      const spec = isObject(body.spec) ? body.spec : {};
      if (isObject(spec.lifecycle)) body.expiresIn = expiresIn(found, spec.lifecycle);
      else if (fromTtl && isObject(spec.runtime)) {
        const seconds = runtimeExpiresIn(found, spec.runtime);
        if (seconds !== undefined) body.expiresIn = seconds;
      }
      return { status: 200, body };
    },
  };

  return { store, route, fill };
}

/** Replaces every secret value (env entries with `secret: true`, routing `secrets` maps) by `mask`; `valueless` masks a secret env entry without a value too (service-values-otherwise). */
function maskSecrets(sandbox: Json, mask: string, resolveHeaderPlaceholders: boolean, valueless: boolean): void {
  const spec = isObject(sandbox.spec) ? sandbox.spec : {};
  const runtime = isObject(spec.runtime) ? spec.runtime : {};
  for (const env of Array.isArray(runtime.envs) ? runtime.envs : []) {
    if (isObject(env) && env.secret === true && (typeof env.value === 'string' || valueless)) env.value = mask;
  }
  const network = isObject(spec.network) ? spec.network : {};
  const proxy = isObject(network.proxy) ? network.proxy : {};
  for (const route of Array.isArray(proxy.routing) ? proxy.routing : []) {
    if (!isObject(route) || !isObject(route.secrets)) continue;
    const secrets = route.secrets;
    // The fault: placeholders resolved into the headers before the map is masked.
    if (resolveHeaderPlaceholders && isObject(route.headers)) {
      for (const [header, value] of Object.entries(route.headers)) {
        if (typeof value === 'string') route.headers[header] = value.replace(/\{\{SECRET:([^}]+)\}\}/g, (m, n: string) => String(secrets[n] ?? m));
      }
    }
    for (const key of Object.keys(secrets)) secrets[key] = mask;
  }
}

