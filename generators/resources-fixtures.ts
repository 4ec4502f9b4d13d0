// Fixtures of sandboxes, egress IPs and custom domains for the provider states
// `sandboxes`, `egressips` and `customdomains` (CONTRACT section 2). The shapes come
// from the component schemas of the control-plane document (every optional field
// present or absent); the overrides add what a schema cannot state: lengths at their
// limits (section 8), names that nothing on the target holds already, secret values
// no answer can hold by chance, and the lists that section 2.3 says travel as strings.
import fc from 'fast-check';
import { loadSpecs } from '../spec/openapi.ts';
import type { Profile } from '../spec/profile.ts';
import { displayName, envs, externalId, functionArb, hex, labels, memory, plainText, ports, region, resourceName, secretValue, word } from './components.ts';
import { arbitraryFromSchema, dateTimeArb, type JsonSchema } from './schema-arbitrary.ts';
import { DEPLOYMENT_STATUSES, RUN_STATES } from '../spec/facts.ts';

export type Json = Record<string, unknown>;

export { resourceName };

const schemas = (await loadSpecs()).controlPlane.components?.schemas as Record<string, JsonSchema>;

function component(name: string): JsonSchema {
  const schema = schemas[name];
  if (!schema) throw new Error(`no component schema ${name} in the control-plane document`);
  return schema;
}

/** A fixture part from its component schema, without the read-only fields the target fills; text no server trims. */
const fromSchema = (name: string, overrides: Record<string, fc.Arbitrary<unknown>>) =>
  arbitraryFromSchema(component(name), { skipReadOnly: true, overrides, plainStrings: plainText }) as fc.Arbitrary<Json>;

const timestamp = dateTimeArb(new Date('2020-01-01T00:00:00Z'), new Date('2035-12-31T23:59:59Z'));
/**
 * Duration strings (section 2.3, format not shown) in the forms every duration parser
 * takes (Go's time.ParseDuration, Postgres' interval, Rust's humantime): whole hours,
 * minutes or seconds, never days (`7d`, which Go refuses). Long enough that nothing
 * expires during a run.
 */
const duration = fc
  .tuple(fc.integer({ min: 24, max: 720 }), fc.constantFrom('h', 'm', 's'))
  .map(([hours, unit]) => (unit === 'h' ? `${hours}h` : unit === 'm' ? `${hours * 60}m` : `${hours * 3600}s`));
const domain = fc
  .tuple(fc.boolean(), fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'io', 'example'))
  .map(([wildcard, parts, tld]) => `${wildcard ? '*.' : ''}${parts.join('.')}.${tld}`);
const domains = fc.array(domain, { maxLength: 4 });
/** Section 2.3: these lists are "returned as a string holding a list"; fixtures set them the same way, as JSON text. */
const listString = (item: fc.Arbitrary<string>) => fc.array(item, { maxLength: 4 }).map((list) => JSON.stringify(list));
/** An absolute path of a few segments. */
const absolutePath = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`);

/**
 * A proxy route whose headers and body reference its secrets through `{{SECRET:<name>}}`
 * placeholders; the body a string (section 2.3) or an object of strings (profile routingBody).
 */
const proxyRoute = (bodyAs: Profile['routingBody']) =>
  fc.dictionary(word, secretValue, { maxKeys: 3 }).chain((secrets) => {
    const names = Object.keys(secrets);
    const reference = names.length ? fc.constantFrom(...names).map((n) => `{{SECRET:${n}}}`) : fc.constant('');
    return fc.record(
      {
        destinations: domains,
        headers: fc.dictionary(fc.constantFrom('Authorization', 'X-Api-Key', 'X-Trace'), reference.map((r) => `Bearer ${r}`), { maxKeys: 3 }),
        body: reference.map((r) => (bodyAs === 'string' ? JSON.stringify({ key: r }) : { key: r })),
        secrets: fc.constant(secrets),
      },
      { requiredKeys: [] },
    );
  });

const metadataOverrides = { name: resourceName, displayName, externalId, labels };

/** The read-only fields of a deployed resource, sometimes given: the target may keep or replace them. */
const deployment = {
  status: fc.option(fc.constantFrom(...DEPLOYMENT_STATUSES), { nil: undefined }),
  events: fc.option(arbitraryFromSchema(component('Events'), { overrides: { '[].time': timestamp } }), { nil: undefined }),
};

/** A sandbox of section 2.3 (the run state, named by the profile, sometimes given too). */
export function sandboxFixture(profile: Profile): fc.Arbitrary<Json> {
  // Section 2.3: "returned as a string holding a list", or a JSON array where the profile says so.
  const networkList = (item: fc.Arbitrary<string>) => (profile.networkLists === 'string' ? listString(item) : fc.array(item, { maxLength: 4 }));
  const spec = fromSchema('SandboxSpec', {
    'lifecycle.expirationPolicies[].value': duration,
    'lifecycle.terminatedRetention': duration,
    'lifecycle.expirationPolicies[].action': fc.constantFrom('delete', 'stop'),
    'runtime.envs': envs,
    'runtime.expires': timestamp,
    // Plausible values, so that a target's control endpoint has no reason to refuse them.
    'runtime.extraArgs': fc.dictionary(word, plainText, { maxKeys: 3 }),
    'runtime.image': fc.tuple(word, word).map(([repo, tag]) => `registry.example.com/${repo}:${tag}`),
    'runtime.memory': memory,
    'runtime.ports': ports,
    'runtime.terminationGracePeriodSeconds': fc.integer({ min: 0, max: 3600 }),
    'runtime.ttl': duration,
    region,
    vpc: word,
    'volumes[].name': word,
    'volumes[].mountPath': absolutePath,
    'network.subnet': fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 16, max: 28 })).map(([octet, bits]) => `10.${octet}.0.0/${bits}`),
    'network.egress.gateway': word,
    'network.egress.policies[].name': word,
    'network.allowedDomains': networkList(domain),
    'network.forbiddenDomains': networkList(domain),
    'network.firewall.rulesets': networkList(word),
    'network.egress.policies[].destinations': domains,
    'network.proxy.allowedDomains': domains,
    'network.proxy.forbiddenDomains': domains,
    'network.proxy.bypass': domains,
    'network.proxy.routing[]': proxyRoute(profile.routingBody),
  });
  return fc
    .record({
      metadata: fromSchema('Metadata', metadataOverrides),
      spec,
      runState: fc.option(fc.constantFrom(...RUN_STATES), { nil: undefined }),
      ...deployment,
    })
    .map(({ runState, ...sandbox }) => definedOnly({ ...sandbox, [profile.runStateField]: runState }));
}

/** A sandbox that certainly holds secrets: one more secret env entry and one more proxy route with a secret. */
export function sandboxWithSecrets(profile: Profile): fc.Arbitrary<Json> {
  return fc.tuple(sandboxFixture(profile), secretValue, secretValue).map(([sandbox, envSecret, routeSecret]) => {
    const spec = (sandbox.spec ?? {}) as Json;
    const runtime = (spec.runtime ?? {}) as Json;
    const network = (spec.network ?? {}) as Json;
    const proxy = (network.proxy ?? {}) as Json;
    const envList = ((runtime.envs ?? []) as Json[]).filter((e) => e.name !== 'CPC_SECRET');
    const route = { destinations: ['api.example.com'], headers: { Authorization: 'Bearer {{SECRET:cpc-key}}' }, secrets: { 'cpc-key': routeSecret } };
    return {
      ...sandbox,
      spec: {
        ...spec,
        runtime: { ...runtime, envs: [...envList, { name: 'CPC_SECRET', value: envSecret, secret: true }] },
        network: { ...network, proxy: { ...proxy, routing: [...((proxy.routing ?? []) as Json[]), route] } },
      },
    };
  });
}

/** IPv6 addresses in their canonical text form (RFC 5952), which a server that parses addresses writes back unchanged. */
const canonicalIpV6 = fc.integer({ min: 1, max: 0xffff }).map((n) => `2001:db8::${n.toString(16)}`);

/**
 * The families a spec.ipFamily of an address of that version may name: `IPv4` or `IPv6`,
 * or those of the profile's list that name the version (a 6 in them, or a 4 and no 6;
 * the whole list when none does). A target may derive the family from the address, or
 * refuse a family that does not fit it: the family set always fits.
 */
function familiesOf(profile: Profile, v6: boolean): readonly string[] {
  const pinned = profile.egressIpFamilies;
  if (!pinned || pinned.length === 0) return [v6 ? 'IPv6' : 'IPv4'];
  const fits = pinned.filter((family) => (v6 ? family.includes('6') : !family.includes('6')));
  const named = fits.filter((family) => family.includes(v6 ? '6' : '4'));
  return named.length ? named : fits.length ? fits : pinned;
}

/** An egress IP of section 2.4: spec.publicIp an IPv4 or IPv6 address, spec.ipFamily one that fits it (familiesOf); either may be left out. */
function egressIpFixture(profile: Profile): fc.Arbitrary<Json> {
  const address = fc.oneof(fc.ipV4().map((ip) => ({ ip, v6: false })), canonicalIpV6.map((ip) => ({ ip, v6: true })));
  const spec = fc.tuple(address, fc.nat(), fc.boolean(), fc.boolean()).map(([{ ip, v6 }, pick, withFamily, withIp]) => {
    const families = familiesOf(profile, v6);
    return definedOnly({ ipFamily: withFamily ? families[pick % families.length] : undefined, publicIp: withIp || !withFamily ? ip : undefined });
  });
  return fc
    .record({
      metadata: fromSchema('EgressIpMetadata', { name: resourceName, displayName, gatewayName: word, vpcName: word }),
      spec,
      ...deployment,
    })
    .map(definedOnly);
}

/** A custom domain of section 2.5, named by its domain; spec.status from the profile's list when it pins one. */
function customDomainFixture(profile: Profile): fc.Arbitrary<Json> {
  const status = profile.customDomainStatuses ? fc.constantFrom(...profile.customDomainStatuses) : fc.oneof(fc.constantFrom('pending', 'verified', 'failed'), word);
  const spec = component('CustomDomain').properties?.spec;
  if (!spec) throw new Error('the CustomDomain schema has no spec');
  return fc.record({
    metadata: fromSchema('CustomDomainMetadata', { name: resourceName.map((n) => `${n}.example.com`), displayName, labels }),
    spec: arbitraryFromSchema(spec, {
      plainStrings: plainText,
      overrides: {
        cnameRecords: word.map((w) => `${w}.cname.example.com`),
        txtRecords: fc.dictionary(word.map((w) => `_verify-${w}`), hex(16), { maxKeys: 3 }),
        lastVerifiedAt: timestamp,
        status,
        subjectAlternativeNames: fc.array(word.map((w) => `${w}.example.com`), { maxLength: 3 }),
      },
    }) as fc.Arbitrary<Json>,
  });
}

export type ListingKind = 'egressips' | 'customdomains';

/** Items of one listing, names unique; `minLength` 0 covers the empty workspace. */
export function listingFixtures(kind: ListingKind, profile: Profile, minLength = 0): fc.Arbitrary<Json[]> {
  const item = kind === 'egressips' ? egressIpFixture(profile) : customDomainFixture(profile);
  return fc.uniqueArray(item, { minLength, maxLength: 3, selector: (r) => (r.metadata as Json).name });
}

export interface FixtureSet {
  functions: Json[];
  sandboxes: Json[];
  egressips: Json[];
  customdomains: Json[];
}

/** One state of the workspace: one to three resources of each kind asked for. */
export function fixtureSet(profile: Profile, kinds: ReadonlyArray<keyof FixtureSet>): fc.Arbitrary<Partial<FixtureSet>> {
  const of: Record<keyof FixtureSet, () => fc.Arbitrary<Json[]>> = {
    // A function of section 2.2 with the shared metadata of section 2.1, names and values as the other kinds have them.
    functions: () =>
      fc.uniqueArray(
        fc.tuple(functionArb, fromSchema('Metadata', metadataOverrides)).map(([fn, metadata]) => ({ ...fn, metadata }) as Json),
        { minLength: 1, maxLength: 3, selector: (r) => (r.metadata as Json).name },
      ),
    sandboxes: () => fc.uniqueArray(sandboxFixture(profile), { minLength: 1, maxLength: 3, selector: (r) => (r.metadata as Json).name }),
    egressips: () => listingFixtures('egressips', profile, 1),
    customdomains: () => listingFixtures('customdomains', profile, 1),
  };
  return fc.record(Object.fromEntries(kinds.map((k) => [k, of[k]()])) as Record<keyof FixtureSet, fc.Arbitrary<Json[]>>, { requiredKeys: [...kinds] });
}

/**
 * `set` with a metadata.workspace given for each item, each its own ("ws-" and a word):
 * a read-only field "set automatically", which the target fills whatever a request says.
 */
export function withGivenWorkspaces(set: fc.Arbitrary<Partial<FixtureSet>>): fc.Arbitrary<Partial<FixtureSet>> {
  const given = (items: Json[]) => fc.tuple(...items.map(() => word)).map((words) => items.map((item, i) => ({ ...item, metadata: { ...(item.metadata as Json), workspace: `ws-${words[i]}` } })));
  return set.chain((s) => fc.record(Object.fromEntries(Object.entries(s).map(([kind, items]) => [kind, given(items ?? [])])) as unknown as Record<keyof FixtureSet, fc.Arbitrary<Json[]>>));
}

/** `set` whose first sandbox has a lifecycle that deletes it: an expiration policy with the action `delete` (section 2.3's example). */
export function withDeletingLifecycle(set: fc.Arbitrary<Partial<FixtureSet>>): fc.Arbitrary<Partial<FixtureSet>> {
  return fc.tuple(set, duration).map(([s, value]) => {
    const [first, ...rest] = s.sandboxes ?? [];
    if (!first) return s;
    const spec = (first.spec ?? {}) as Json;
    const lifecycle = { ...((spec.lifecycle ?? {}) as Json), expirationPolicies: [{ type: 'ttl-idle', value, action: 'delete' }] };
    return { ...s, sandboxes: [{ ...first, spec: { ...spec, lifecycle } }, ...rest] };
  });
}

function definedOnly(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
