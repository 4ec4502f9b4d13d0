// The requests of the resources checks: fixtures in through the control endpoint,
// answers out, each answer checked against the OpenAPI document as it arrives.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { responseErrors } from '../../harness/validator.ts';
import type { FixtureSet, Json, ListingKind } from '../../generators/resources-fixtures.ts';
import { show } from './compare.ts';
import { isObject } from './shapes.ts';

export const LISTING = {
  egressips: { path: '/egressips', operationId: 'listEgressIps', label: 'egress IP' },
  customdomains: { path: '/customdomains', operationId: 'listCustomDomains', label: 'custom domain' },
} as const;

export const nameOf = (resource: unknown): unknown => (isObject(resource) && isObject(resource.metadata) ? resource.metadata.name : undefined);

/** Fails the check when a JSON answer does not match the document's response for its status. */
export function assertDocumented(t: Check, operationId: string, res: HttpResponse, api: 'controlPlane' | 'sandbox' = 'controlPlane'): void {
  t.assert(res.isJson, `${operationId} answered ${res.status} with a body that is not JSON: ${show(res.text)}`);
  const errors = responseErrors(api, operationId, res.status, res.json);
  t.assert(errors.length === 0, `the ${res.status} answer of ${operationId} does not match the OpenAPI document: ${errors.join('; ')}`);
}

export interface SandboxRequest {
  /** Default: the admin credential; `null`: no credentials. */
  token?: string | null;
  /** The value of the profile's show-secrets query parameter; undefined sends none. */
  showSecrets?: 'true' | 'false';
}

export function requestSandbox(t: Check, name: string, request: SandboxRequest = {}): Promise<HttpResponse> {
  const token = request.token === null ? undefined : (request.token ?? t.config.credentials.admin);
  const query = request.showSecrets === undefined ? {} : { [t.config.profile.showSecretsParam]: request.showSecrets };
  return t.api(`/sandboxes/${encodeURIComponent(name)}`, { token, query });
}

/** GET /sandboxes/{name} of a sandbox that exists: 200 with a documented Sandbox. */
export async function readSandbox(t: Check, name: string, request: SandboxRequest = {}): Promise<Json> {
  const res = await requestSandbox(t, name, request);
  t.assert(res.status === 200, `GET /sandboxes/${name} must answer 200 with the sandbox (section 4.1), got ${res.status}`);
  assertDocumented(t, 'getSandbox', res);
  return res.json as Json;
}

/** A listing as the credential sees it: 200 with a bare array (section 4.1), documented. */
export async function readListing(t: Check, kind: ListingKind, token: string = t.config.credentials.admin): Promise<Json[]> {
  const { path, operationId } = LISTING[kind];
  const res = await t.api(path, { token });
  t.assert(res.status === 200, `GET ${path} must answer 200 (section 4.1), got ${res.status}`);
  t.assert(
    Array.isArray(res.json),
    `GET ${path} must answer a bare array (section 4.1), got ${isObject(res.json) ? `an object with the keys ${Object.keys(res.json).join(', ')}` : show(res.json)}`,
  );
  assertDocumented(t, operationId, res);
  return res.json as Json[];
}

/** Puts the fixtures of the kinds given into the admin's workspace. */
export async function setFixtures(t: Check, set: Partial<FixtureSet>): Promise<void> {
  for (const [state, items] of Object.entries(set) as Array<[keyof FixtureSet, Json[]]>) await t.control.set(state, { items });
}

/** The listed item with each fixture's name; fixtures the listing lacks are the listing rules' concern. */
export function pairByName(given: Json[], listed: Json[]): Array<{ given: Json; returned: Json }> {
  return given.flatMap((g) => {
    const returned = listed.find((r) => nameOf(r) === nameOf(g));
    return returned ? [{ given: g, returned }] : [];
  });
}

/** Fails the check with every problem found, each prefixed by the resource it concerns. */
export function assertNoProblems(t: Check, problems: string[]): void {
  t.assert(problems.length === 0, problems.slice(0, 8).join('; ') + (problems.length > 8 ? `; and ${problems.length - 8} more` : ''));
}
