// Fixtures of sandboxes, egress IPs and custom domains for the provider states
// `sandboxes`, `egressips` and `customdomains` (CONTRACT section 2): every optional
// field of sections 2.1 to 2.5 present or absent, lengths at their limits (section
// 8), and secret values no answer can hold by chance.
import fc from 'fast-check';
import type { Profile } from '../spec/profile.ts';

export type Json = Record<string, unknown>;

/** Section 3. */
export const DEPLOYMENT_STATUSES = ['DELETING', 'TERMINATED', 'FAILED', 'DEACTIVATED', 'DEACTIVATING', 'UPLOADING', 'BUILDING', 'DEPLOYING', 'DEPLOYED', 'BUILT'] as const;
export const RUN_STATES = ['RUNNING', 'STANDBY'] as const;

/** Every secret value starts with this; the rest is 32 random hex digits. */
export const SECRET_PREFIX = 'cpcsecret_';

const chars = (s: string) => fc.constantFrom(...s);
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = `${LOWER_ALNUM}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
const hex = (length: number) => fc.string({ unit: chars('0123456789abcdef'), minLength: length, maxLength: length });

/** A string of `unit` whose length is often exactly `max` (fast-check alone rarely reaches long lengths). */
export function sized(unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(fc.constant(max), fc.integer({ min, max })).chain((n) => fc.string({ unit, minLength: n, maxLength: n }));
}

/** An object whose keys are each present or absent. */
const optional = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T) => fc.record(fields, { requiredKeys: [] });

/**
 * A resource name (section 2.1): lowercase alphanumeric and hyphens, up to 49; it
 * starts and ends with an alphanumeric and ends with 7 random characters, so it
 * names nothing the target already holds.
 */
export const resourceName: fc.Arbitrary<string> = fc
  .tuple(chars(LOWER_ALNUM), sized(chars(`${LOWER_ALNUM}-`), 0, 41), fc.string({ unit: chars(LOWER_ALNUM), minLength: 7, maxLength: 7 }))
  .map(([first, middle, tail]) => first + middle + tail);

/** Section 2.1: spaces and special characters allowed, up to 63; no blank at either end (a server may trim). */
const displayName = sized(chars(`${ALNUM} !#$%&'()*+,-./:;<=>?@[]^_{|}~"`), 1, 63).map((s) => s.replace(/^ | $/g, 'x'));
const externalId = sized(chars(`${ALNUM}-`), 1, 64);
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 });
const labels = fc.dictionary(sized(chars(`${LOWER_ALNUM}-`), 1, 16), fc.string({ unit: 'grapheme', maxLength: 20 }), { maxKeys: 4 });
const timestamp = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace(/\.\d{3}Z$/, 'Z')));
const duration = fc.constantFrom('30s', '15m', '1h', '1h30m', '24h', '7d', '2w');
const word = sized(chars(LOWER_ALNUM), 1, 12);
const domain = fc.tuple(fc.boolean(), fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'io', 'example'))
  .map(([wildcard, labelsOf, tld]) => `${wildcard ? '*.' : ''}${labelsOf.join('.')}.${tld}`);
const domains = fc.array(domain, { maxLength: 4 });
/** Section 2.3: these lists are "returned as a string holding a list"; set the same way, as JSON text. */
const domainListString = domains.map((list) => JSON.stringify(list));

export const secretValue: fc.Arbitrary<string> = hex(32).map((h) => SECRET_PREFIX + h);

const event = optional({
  type: fc.constantFrom('deployment', 'build', 'scale'),
  status: fc.constantFrom(...DEPLOYMENT_STATUSES),
  message: text,
  revision: word,
  canaryRevision: word,
  time: timestamp,
});
const events = fc.array(event, { maxLength: 3 });

const envs = fc.uniqueArray(
  fc.tuple(sized(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), 1, 16), fc.boolean(), fc.string({ unit: 'grapheme', maxLength: 30 }), secretValue).map(
    ([name, secret, plain, hidden]) => (secret ? { name, value: hidden, secret: true } : { name, value: plain, secret: false }),
  ),
  { maxLength: 4, selector: (e) => e.name },
);

const ports = fc.array(
  fc.record({ target: fc.integer({ min: 1, max: 65535 }), name: word, protocol: fc.constantFrom('HTTP', 'TCP', 'UDP', 'TLS') }, { requiredKeys: ['target'] }),
  { maxLength: 3 },
);

/** A proxy route whose headers and body reference its secrets through `{{SECRET:<name>}}` placeholders. */
const proxyRoute = fc.dictionary(sized(chars(`${LOWER_ALNUM}-`), 1, 12), secretValue, { maxKeys: 3 }).chain((secrets) => {
  const names = Object.keys(secrets);
  const reference = names.length ? fc.constantFrom(...names).map((n) => `{{SECRET:${n}}}`) : fc.constant('');
  return optional({
    destinations: domains,
    headers: fc.dictionary(fc.constantFrom('Authorization', 'X-Api-Key', 'X-Trace'), fc.tuple(text, reference).map(([t, r]) => `${t}${r}`), { maxKeys: 3 }),
    body: reference.map((r) => JSON.stringify({ key: r })),
    secrets: fc.constant(secrets),
  });
});

const sandboxSpec = optional({
  enabled: fc.boolean(),
  region: fc.constantFrom('us-pdx-1', 'eu-lon-1', 'us-was-1'),
  vpc: word,
  volumes: fc.array(optional({ name: word, mountPath: word.map((w) => `/mnt/${w}`), readOnly: fc.boolean() }), { maxLength: 3 }),
  lifecycle: optional({
    expirationPolicies: fc.array(optional({ type: fc.constantFrom('ttl-idle', 'ttl-max-age'), value: duration, action: fc.constant('delete') }), { maxLength: 2 }),
    terminatedRetention: duration,
  }),
  runtime: optional({
    envs,
    expires: timestamp,
    extraArgs: fc.dictionary(word, fc.oneof(word, fc.integer(), fc.boolean()), { maxKeys: 3 }),
    image: word.map((w) => `registry.example/${w}:latest`),
    memory: fc.integer({ min: 128, max: 65536 }),
    ports,
    terminationGracePeriodSeconds: fc.integer({ min: 0, max: 3600 }),
    ttl: duration,
  }),
  network: optional({
    allowedDomains: domainListString,
    forbiddenDomains: domainListString,
    subnet: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })).map(([a, b]) => `10.${a}.${b}.0/24`),
    firewall: optional({ rulesets: fc.array(word, { maxLength: 3 }).map((list) => JSON.stringify(list)) }),
    egress: optional({
      gateway: word,
      mode: fc.constantFrom('shared', 'dedicated'),
      policies: fc.array(optional({ name: word, mode: fc.constantFrom('allow', 'deny'), destinations: domains }), { maxLength: 2 }),
    }),
    proxy: optional({ allowedDomains: domains, forbiddenDomains: domains, bypass: domains, routing: fc.array(proxyRoute, { maxLength: 2 }) }),
  }),
});

/** A sandbox of section 2.3; the read-only status and run state are sometimes given, which the target may keep or replace. */
export function sandboxFixture(profile: Profile): fc.Arbitrary<Json> {
  return fc
    .record({
      metadata: fc.record({ name: resourceName, displayName, externalId, labels }, { requiredKeys: ['name'] }),
      spec: sandboxSpec,
      status: fc.option(fc.constantFrom(...DEPLOYMENT_STATUSES), { nil: undefined }),
      runState: fc.option(fc.constantFrom(...RUN_STATES), { nil: undefined }),
      events: fc.option(events, { nil: undefined }),
    })
    .map(({ runState, ...sandbox }) => withoutUndefined({ ...sandbox, [profile.runStateField]: runState }));
}

/** A sandbox that certainly holds secrets: at least one secret env entry and one proxy routing secret. */
export function sandboxWithSecrets(profile: Profile): fc.Arbitrary<Json> {
  return fc.tuple(sandboxFixture(profile), secretValue, secretValue, word).map(([sandbox, envSecret, routeSecret, secretName]) => {
    const spec = (sandbox.spec ?? {}) as Json;
    const runtime = (spec.runtime ?? {}) as Json;
    const network = (spec.network ?? {}) as Json;
    const proxy = (network.proxy ?? {}) as Json;
    const envList = ((runtime.envs ?? []) as Json[]).filter((e) => e.name !== 'CPC_SECRET');
    return {
      ...sandbox,
      spec: {
        ...spec,
        runtime: { ...runtime, envs: [...envList, { name: 'CPC_SECRET', value: envSecret, secret: true }] },
        network: {
          ...network,
          proxy: {
            ...proxy,
            routing: [
              ...((proxy.routing ?? []) as Json[]),
              { destinations: ['api.example.com'], headers: { Authorization: `Bearer {{SECRET:${secretName}}}` }, secrets: { [secretName]: routeSecret } },
            ],
          },
        },
      },
    };
  });
}

/** An egress IP of section 2.4; ipFamily from the profile's list when it pins one. */
export function egressIpFixture(profile: Profile): fc.Arbitrary<Json> {
  const ipFamily = profile.egressIpFamilies ? fc.constantFrom(...profile.egressIpFamilies) : fc.oneof(fc.constantFrom('IPv4', 'IPv6'), word);
  const ipv4 = fc.ipV4();
  return fc
    .record({
      metadata: fc.record({ name: resourceName, displayName, gatewayName: word, vpcName: word }, { requiredKeys: ['name'] }),
      spec: optional({ ipFamily, publicIp: fc.oneof(ipv4, fc.ipV6()) }),
      status: fc.option(fc.constantFrom(...DEPLOYMENT_STATUSES), { nil: undefined }),
      events: fc.option(events, { nil: undefined }),
    })
    .map(withoutUndefined);
}

/** A custom domain of section 2.5, named by its domain; spec.status from the profile's list when it pins one. */
export function customDomainFixture(profile: Profile): fc.Arbitrary<Json> {
  const status = profile.customDomainStatuses ? fc.constantFrom(...profile.customDomainStatuses) : fc.oneof(fc.constantFrom('pending', 'verified', 'failed'), word);
  return fc.record({
    metadata: fc.record({ name: resourceName.map((n) => `${n}.example.com`), displayName, labels }, { requiredKeys: ['name'] }),
    spec: optional({
      cnameRecords: domain.map((d) => d.replace('*.', '')),
      txtRecords: fc.dictionary(word.map((w) => `_verify-${w}`), hex(16), { minKeys: 1, maxKeys: 3 }),
      fallbackPreviewId: word,
      lastVerifiedAt: timestamp,
      region: fc.constantFrom('us-pdx-1', 'eu-lon-1'),
      status,
      subjectAlternativeNames: fc.array(domain.map((d) => d.replace('*.', 'www.')), { maxLength: 3 }),
      verificationError: text,
    }),
  });
}

const uniqueByName = (item: fc.Arbitrary<Json>, minLength: number) =>
  fc.uniqueArray(item, { minLength, maxLength: 3, selector: (r) => (r.metadata as Json).name });

export interface FixtureSet {
  sandboxes: Json[];
  egressIps: Json[];
  customDomains: Json[];
}

/** One state of the workspace: a few of each kind, names unique per kind. */
export function fixtureSet(profile: Profile): fc.Arbitrary<FixtureSet> {
  return fc.record({
    sandboxes: uniqueByName(sandboxFixture(profile), 1),
    egressIps: uniqueByName(egressIpFixture(profile), 1),
    customDomains: uniqueByName(customDomainFixture(profile), 1),
  });
}

/** Listings only: sometimes empty, to cover the empty workspace. */
export function listingFixtures(kind: 'egressips' | 'customdomains', profile: Profile): fc.Arbitrary<Json[]> {
  return uniqueByName(kind === 'egressips' ? egressIpFixture(profile) : customDomainFixture(profile), 0);
}

function withoutUndefined(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
