// The requests of the resources checks: fixtures in through the control endpoint,
// answers out, each answer checked against the OpenAPI document.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import type { FixtureSet, Json, ListingKind } from '../../generators/resources-fixtures.ts';
import { expectNoProblems, documentErrors } from '../support/documented.ts';
import { isObject, nameOf, show } from '../support/json.ts';
import { followCursors, type PageMeta } from '../support/paging.ts';
import { PAGED_VERSION, versionHeaders } from '../support/versions.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';
import { withoutAbsentNulls } from '../../harness/validator.ts';

export const LISTING = {
  egressips: { path: '/egressips', operationId: 'listEgressIps', label: 'egress IP' },
  customdomains: { path: '/customdomains', operationId: 'listCustomDomains', label: 'custom domain' },
} as const;

export interface SandboxRequest {
  /** Default: the admin credential. */
  token?: string;
  /** The value of the profile's show-secrets query parameter; undefined sends none. */
  showSecrets?: 'true' | 'false';
}

export function requestSandbox(t: Check, name: string, request: SandboxRequest = {}): Promise<HttpResponse> {
  const query = request.showSecrets === undefined ? {} : { [t.config.profile.showSecretsParam]: request.showSecrets };
  return t.api(`/sandboxes/${encodeURIComponent(name)}`, { token: request.token ?? t.config.credentials.admin, query });
}

/** An answer that succeeded, with how it differs from the document (left to the caller to report). */
export interface Fetched<T> {
  body: T;
  documentErrors: string[];
}

/** GET /sandboxes/{name} of a sandbox that exists: 200 with a JSON object. */
export async function fetchSandbox(t: Check, name: string, request: SandboxRequest = {}): Promise<Fetched<Json>> {
  const res = await requestSandbox(t, name, request);
  t.assert(res.status === 200 && isObject(res.json), `GET /sandboxes/${name} must answer 200 with the sandbox (section 4.1), got ${res.status} ${show(res.text)}`);
  // A null where nothing is required is a field left out (CONTRACT 3; harness/validator.ts, absentNulls).
  return { body: withoutAbsentNulls('controlPlane', 'getSandbox', 200, res.json), documentErrors: documentErrors('getSandbox', res) };
}

/** A listing as the credential sees it: 200 with a bare array (section 4.1). */
export async function fetchListing(t: Check, kind: ListingKind, token: string = t.config.credentials.admin): Promise<Fetched<Json[]>> {
  const { path, operationId } = LISTING[kind];
  const res = await t.api(path, { token });
  t.assert(res.status === 200, `GET ${path} must answer 200 (section 4.1), got ${res.status}`);
  t.assert(
    Array.isArray(res.json),
    `GET ${path} must answer a bare array (section 4.1), got ${isObject(res.json) ? `an object with the keys ${Object.keys(res.json).join(', ')}` : show(res.text)}`,
  );
  return { body: withoutAbsentNulls('controlPlane', operationId, 200, res.json as Json[]), documentErrors: documentErrors(operationId, res) };
}

/** The names of every function of the workspace, walked page by page at the largest limit (sections 2.8, 4.1). */
export async function walkFunctionNames(t: Check): Promise<string[]> {
  const names: string[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    const { body, meta } = await fetchFunctionPage(t, cursor);
    names.push(...body.map((fn) => String(nameOf(fn))));
    return meta;
  };
  await followCursors(t, `GET /functions?limit=${FUNCTIONS_MAX_LIMIT} walked page by page`, MAX_FUNCTION_PAGES, fetchPage, () => {});
  return names;
}

/** More pages of 200 than this is more functions than a check reads. */
const MAX_FUNCTION_PAGES = 500;

/** The functions of the workspace, as the paged listing's first page at the largest limit holds them (section 4.1). */
export async function fetchFunctions(t: Check): Promise<Fetched<Json[]>> {
  const { body, documentErrors } = await fetchFunctionPage(t, undefined);
  return { body, documentErrors };
}

async function fetchFunctionPage(t: Check, cursor: string | undefined): Promise<Fetched<Json[]> & { meta: PageMeta }> {
  const query = { limit: FUNCTIONS_MAX_LIMIT, cursor };
  const res = await t.api('/functions', { token: t.config.credentials.admin, query, headers: versionHeaders(t, PAGED_VERSION) });
  const json = res.status === 200 ? withoutAbsentNulls('controlPlane', 'listFunctions', 200, res.json) : res.json;
  const data = isObject(json) ? json.data : undefined;
  const meta = isObject(json) && isObject(json.meta) ? json.meta : {};
  t.assert(res.status === 200 && Array.isArray(data), `GET /functions in version ${PAGED_VERSION} must answer 200 with {data, meta} (section 4.1), got ${res.status} ${show(res.text)}`);
  return {
    body: (data as unknown[]).filter(isObject),
    documentErrors: documentErrors('listFunctions', res),
    meta: { hasMore: meta.hasMore === true, nextCursor: typeof meta.nextCursor === 'string' ? meta.nextCursor : '' },
  };
}

export async function readSandbox(t: Check, name: string, request: SandboxRequest = {}): Promise<Json> {
  const { body, documentErrors: errors } = await fetchSandbox(t, name, request);
  expectNoProblems(t, errors);
  return body;
}

export async function readListing(t: Check, kind: ListingKind, token?: string): Promise<Json[]> {
  const { body, documentErrors: errors } = await fetchListing(t, kind, token);
  expectNoProblems(t, errors);
  return body;
}

/** Puts the fixtures of the kinds given into the admin's workspace. */
export function setFixtures(t: Check, set: Partial<FixtureSet>): Promise<void> {
  return t.control.setEach((Object.entries(set) as Array<[keyof FixtureSet, Json[]]>).map(([state, items]) => [state, { items }] as const));
}

/** The listed item with each fixture's name; fixtures the listing lacks are the listing rules' concern. */
export function pairByName(given: Json[], listed: Json[]): Array<{ given: Json; returned: Json }> {
  return given.flatMap((g) => {
    const returned = listed.find((r) => nameOf(r) === nameOf(g));
    return returned ? [{ given: g, returned }] : [];
  });
}
