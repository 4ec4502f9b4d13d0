// Valid resources for fixtures (the provider states of CONTRACT section 2), derived
// from the component schemas of the control-plane document without their readOnly
// fields (the target fills those), except metadata.createdAt, which fixtures may set.
// The overrides below add only what a schema cannot state.
import fc from 'fast-check';
import { stringMatching } from './string-matching.ts';
import { loadSpecs, type UsageEvent } from '../spec/openapi.ts';
import { arbitraryFromSchema, dateTimeArb, type JsonSchema } from './schema-arbitrary.ts';

const schemas = (await loadSpecs()).controlPlane.components?.schemas as Record<string, JsonSchema>;

/** What every resource of a fixture has; the rest is as its component schema says. */
export interface Resource {
  metadata: { name: string; createdAt?: string; [field: string]: unknown };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}


const chars = (s: string) => fc.constantFrom(...s);
const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM = `${LOWER_ALNUM}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
export const hex = (length: number) => fc.string({ unit: chars('0123456789abcdef'), minLength: length, maxLength: length });

/** A string of `unit` whose length is often exactly `max` (fast-check alone rarely generates long strings). */
function sized(unit: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(fc.constant(max), fc.integer({ min, max })).chain((n) => fc.string({ unit, minLength: n, maxLength: n }));
}

/** Lowercase alphanumerics and inner hyphens: starts and ends with an alphanumeric (as host names, label keys and port names do). */
function hyphenated(min: number, max: number): fc.Arbitrary<string> {
  const inner = chars(`${LOWER_ALNUM}-`);
  return fc.oneof(
    ...(min <= 1 ? [chars(LOWER_ALNUM)] : []),
    fc.tuple(chars(LOWER_ALNUM), sized(inner, Math.max(0, min - 2), max - 2), chars(LOWER_ALNUM)).map(([a, b, c]) => a + b + c),
  );
}

/**
 * A resource name (section 2.1): lowercase alphanumeric and hyphens, up to 49. It
 * starts and ends with an alphanumeric (names make host names) and ends with 7
 * random characters, so it names nothing the target holds already, in any workspace.
 */
export const resourceName: fc.Arbitrary<string> = fc
  .tuple(chars(LOWER_ALNUM), sized(chars(`${LOWER_ALNUM}-`), 0, 41), fc.string({ unit: chars(LOWER_ALNUM), minLength: 7, maxLength: 7 }))
  .map(([first, middle, tail]) => first + middle + tail);

/** Blanks and control or format characters: what a server that trims text (Go's strings.TrimSpace, Java's trim(), Python's strip()) takes off either end. */
const TRIMMED = /^[\s\p{Z}\p{C}]+|[\s\p{Z}\p{C}]+$/gu;

/** `text` with nothing a server may trim at either end: what it sets comes back the same from a target that trims and from one that does not. */
const untrimmable = (text: string): string => text.replace(TRIMMED, 'x');

/** Section 2.1: spaces and special characters allowed, up to 63; no blank at either end (a server may trim). */
export const displayName = sized(chars(`${ALNUM} !#$%&'()*+,-./:;<=>?@[]^_{|}~"`), 1, 63).map(untrimmable);
/** Section 2.1: alphanumeric and dash, up to 64. */
export const externalId = sized(chars(`${ALNUM}-`), 1, 64);
/** Any text (graphemes of all of Unicode, astral ones and decomposed forms among them), nothing a server may trim at either end. */
const unicodeText = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength }).map(untrimmable);
/** Section 2.1: "Map of string to string": keys as label keys are written, values any text. */
export const labels = fc.dictionary(hyphenated(1, 16), unicodeText(20), { maxKeys: 4 });
/** Short identifiers of the caller's choosing (ports, volumes, policies, gateways): lowercase alphanumerics and inner hyphens. */
export const word = hyphenated(1, 12);
/** Text of a field the specification gives no format (a mode, an action, a message): printable ASCII, inner blanks, none at either end. */
export const plainText = sized(chars(`${ALNUM} -_.:/`), 1, 24).map(untrimmable);

/** Every secret value starts with this; the rest is 32 random hex digits. */
const SECRET_PREFIX = 'cpcsecret_';

/** Unbiased and never shrunk: two secret values of one fixture stay distinct in a counterexample too. */
export const secretValue: fc.Arbitrary<string> = fc.noShrink(fc.noBias(hex(32))).map((h) => SECRET_PREFIX + h);

/** Env entries (sections 2.2, 2.3) with unique POSIX names; a secret entry's value is a secret value, another's any text. */
export const envs = fc.uniqueArray(
  fc
    .tuple(sized(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ_'), 1, 16), fc.boolean(), unicodeText(30), secretValue)
    .map(([name, secret, plain, hidden]) => (secret ? { name, value: hidden, secret: true } : { name, value: plain, secret: false })),
  { maxLength: 4, selector: (e) => e.name },
);

/** Ports (sections 2.2, 2.3): distinct targets, each name (when given) a port name of its own. */
export const ports = fc
  .uniqueArray(
    fc.record({ target: fc.integer({ min: 1, max: 65_535 }), name: hyphenated(1, 15), protocol: fc.constantFrom('HTTP', 'TCP', 'UDP', 'TLS') }, { requiredKeys: ['target'] }),
    { maxLength: 3, selector: (p) => p.target },
  )
  .map((list) => list.map((p, i) => (p.name !== undefined && list.findIndex((q) => q.name === p.name) !== i ? { ...p, name: `${p.name.slice(0, 12)}-${i}` } : p)));

/** Megabytes as services offer them (section 2.2: CPU cores equal memory in MB divided by 2048). */
export const memory = fc.constantFrom(128, 256, 512, 1024, 2048, 4096, 8192, 16_384);

/** A region identifier as services name them. */
export const region = fc.constantFrom('us-pdx-1', 'us-was-1', 'eu-lon-1', 'eu-dub-1', 'ap-sin-1');

/** Fixtures set createdAt in the past (the target keeps it as given). */
const createdAtArb = dateTimeArb(new Date('2020-01-01T00:00:00Z'), new Date('2025-12-31T23:59:59Z'));
/** Duration strings (format not shown): hours, long enough that no fixture expires during a run. */
const durationArb = fc.integer({ min: 24, max: 720 }).map((hours) => `${hours}h`);

function cronField(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(fc.constant('*'), fc.integer({ min, max }).map(String), fc.integer({ min: 2, max: max - min }).map((n) => `*/${n}`));
}

/** A cron expression with five fields (minute, hour, day of month, month, day of week). */
const cronArb = fc
  .tuple(cronField(0, 59), cronField(0, 23), cronField(1, 28), cronField(1, 12), cronField(0, 6))
  .map((fields) => fields.join(' '));

function fromComponent(name: string, overrides: Record<string, fc.Arbitrary<unknown>> = {}, plainStrings?: fc.Arbitrary<string>): fc.Arbitrary<Resource> {
  const schema = schemas[name];
  if (!schema) throw new Error(`no component schema ${name} in the control-plane document`);
  // A fixture is addressed by its name, so metadata is always there (and requires name).
  const withMetadata = { ...schema, required: [...new Set([...(schema.required ?? []), 'metadata'])] };
  return arbitraryFromSchema(withMetadata, {
    skipReadOnly: true,
    overrides: { 'metadata.createdAt': createdAtArb, ...overrides },
    plainStrings,
  }) as fc.Arbitrary<Resource>;
}

/** Trigger configuration fields the specification ties to one trigger type (section 2.2). */
const TRIGGER_TYPE_OF_FIELD: Record<string, string> = { callbackUrl: 'http-async', timeout: 'http-async', schedule: 'cron', tasks: 'cron' };

type Trigger = { type?: string; configuration?: Record<string, unknown> };

function fitTriggerToItsType(trigger: Trigger): Trigger {
  if (!trigger.configuration) return trigger;
  const configuration = Object.fromEntries(
    Object.entries(trigger.configuration).filter(([field]) => (TRIGGER_TYPE_OF_FIELD[field] ?? trigger.type) === trigger.type),
  );
  return { ...trigger, configuration };
}

/** `public` and trigger `timeout` are available only for generation mk3 (section 2.2). */
function withGenerationItNeeds(fn: Resource): Resource {
  const spec = fn.spec ?? {};
  const triggers = ((spec.triggers as Trigger[] | undefined) ?? []).map(fitTriggerToItsType);
  const needsMk3 = spec.public === true || triggers.some((t) => t.configuration?.timeout !== undefined);
  const runtime = spec.runtime as Record<string, unknown> | undefined;
  return {
    ...fn,
    spec: {
      ...spec,
      ...(spec.triggers ? { triggers } : {}),
      ...(needsMk3 ? { runtime: { ...runtime, generation: 'mk3' } } : {}),
    },
  };
}

/** Characters of a path segment besides letters and digits (RFC 3986 pchar). */
const SEGMENT_OTHERS = "-._~!$&'()*+,;=:@";

/** `%XX` (or encodeURIComponent's spelling) of any code point, as fast-check's webUrl writes an escaped character. */
function percentEncoded(c: string): string {
  const encoded = encodeURIComponent(c);
  return c !== encoded ? encoded : `%${c.charCodeAt(0).toString(16)}`;
}

/**
 * `fc.webUrl()` rebuilt from the same parts, so the same seed gives the same URLs and
 * the same shrinks, without its cost: fast-check's own builds, once per worker thread, a
 * reverse table of every Unicode code point (about 0.9 s and 90 MB that stay) only to
 * shrink values without a generation context, which a property never hands it. The code
 * points here come from the same draw (one index over [0, 0xD7FF] then [0xE000, 0x10FFFF])
 * through a map without an unmapper, so nothing builds that table.
 */
export function webUrlArb(): fc.Arbitrary<string> {
  const codePoint = fc.nat({ max: 0x10ffff - 0x800 }).map((i) => String.fromCodePoint(i < 0xd800 ? i : i + 0x800));
  const escaped = fc.string({ unit: codePoint, minLength: 1, maxLength: 1 }).map(percentEncoded);
  const letter = (from: number) => ({ num: 26, build: (v: number) => String.fromCharCode(v + from) });
  const plain = fc.mapToConstant(letter(97), letter(65), { num: 10, build: (v) => String.fromCharCode(v + 48) }, { num: SEGMENT_OTHERS.length, build: (v) => SEGMENT_OTHERS[v]! });
  const unit = fc.oneof({ weight: 10, arbitrary: plain }, { weight: 1, arbitrary: escaped });
  const path = (segment: fc.SizeForArbitrary, count: fc.SizeForArbitrary) =>
    fc.array(fc.string({ unit, size: segment }), { size: count }).map((segments) => segments.map((s) => `/${s}`).join(''));
  const authority = fc.tuple(fc.constant(null), fc.oneof(fc.domain({ size: 'small' })), fc.constant(null)).map(([, host]) => host);
  return fc
    .tuple(fc.constantFrom('http', 'https'), authority, fc.oneof(path('small', 'xsmall'), path('xsmall', 'small')), fc.constant(null), fc.constant(null))
    .map(([scheme, host, p]) => `${scheme}://${host}${p}`);
}

/** Section 2.2: at least one instance at most, and no fewer at least than at most. */
function withScaleInOrder(fn: Resource): Resource {
  const runtime = fn.spec?.runtime as Record<string, unknown> | undefined;
  const [min, max] = [runtime?.minScale, runtime?.maxScale];
  if (typeof min !== 'number' || typeof max !== 'number' || min <= max) return fn;
  return { ...fn, spec: { ...fn.spec, runtime: { ...runtime, minScale: max, maxScale: min } } };
}

/**
 * A function of section 2.2 as a deployment would set it: the shared metadata with the
 * names, display names, external ids and labels of the resources fixtures (no blank at
 * either end, no hyphen at either end of a name), and plausible values where the
 * document's types alone allow what a service refuses (memory 0, a maximum scale under
 * the minimum, a negative retry count, a port name or path of any characters).
 */
export const functionArb: fc.Arbitrary<Resource> = fromComponent(
  'Function',
  {
    'metadata.name': resourceName,
    'metadata.displayName': displayName,
    'metadata.externalId': externalId,
    'metadata.labels': labels,
    'spec.region': region,
    'spec.policies[]': word,
    'spec.integrationConnections[]': word,
    'spec.revision.active': word.map((w) => `rev-${w}`),
    'spec.revision.canary': word.map((w) => `rev-${w}`),
    'spec.revision.stickySessionTtl': fc.integer({ min: 0, max: 86_400 }),
    'spec.runtime.envs': envs,
    'spec.runtime.memory': memory,
    'spec.runtime.minScale': fc.integer({ min: 0, max: 10 }),
    'spec.runtime.maxScale': fc.integer({ min: 1, max: 100 }),
    'spec.runtime.ports': ports,
    'spec.triggers[].id': hyphenated(1, 20),
    'spec.triggers[].configuration.authenticationType': fc.constantFrom('public', 'private'),
    'spec.triggers[].configuration.path': fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => `/${parts.join('/')}`),
    'spec.triggers[].configuration.retry': fc.integer({ min: 0, max: 10 }),
    'spec.triggers[].configuration.timeout': fc.integer({ min: 1, max: 900 }),
    'spec.triggers[].configuration.tasks[]': fc.dictionary(word, plainText, { minKeys: 1, maxKeys: 3 }),
    'spec.triggers[].configuration.schedule': cronArb,
    'spec.triggers[].configuration.callbackUrl': webUrlArb(),
  },
  plainText,
)
  .map(withGenerationItNeeds)
  .map(withScaleInOrder);

export const sandboxArb: fc.Arbitrary<Resource> = fromComponent('Sandbox', {
  'spec.lifecycle.expirationPolicies[].value': durationArb,
  'spec.lifecycle.terminatedRetention': durationArb,
  'spec.runtime.ttl': durationArb,
  // Far enough ahead that the sandbox outlives the run.
  'spec.runtime.expires': dateTimeArb(new Date('2090-01-01T00:00:00Z'), new Date('2099-12-31T23:59:59Z')),
});

export const egressIpArb: fc.Arbitrary<Resource> = fromComponent('EgressIp', { 'spec.publicIp': fc.ipV4() });

/** The name of a custom domain is the domain itself. */
export const customDomainArb: fc.Arbitrary<Resource> = fromComponent('CustomDomain', { 'metadata.name': fc.domain() });

/** Sets of resources with distinct names, as a workspace holds them. */
export function uniqueByName<R extends Resource>(arb: fc.Arbitrary<R>, size: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<R[]> {
  return fc.uniqueArray(arb, { selector: (resource) => resource.metadata.name, ...size });
}

/** Lowercase identifiers (workspace names follow metadata.name), short so that samples repeat and group together. */
const identifierArb = stringMatching(/^[a-z][a-z0-9-]{0,7}$/);
/** USD amounts in cents, and usages in thousandths: finite and non-negative, as metered quantities are. */
const costArb = fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100);
const usageArb = fc.integer({ min: 0, max: 10_000_000 }).map((milli) => milli / 1000);

/** Usage events (CONTRACT section 2) whose time lies in [start, end). */
export function usageEventArbWithin(start: Date, end: Date): fc.Arbitrary<UsageEvent> {
  const schema = schemas.UsageEvent;
  if (!schema) throw new Error('no component schema UsageEvent in the control-plane document');
  return arbitraryFromSchema(schema, {
    overrides: {
      time: dateTimeArb(start, new Date(end.getTime() - 1000)),
      workspace: identifierArb,
      resourceType: identifierArb,
      resourceName: identifierArb,
      resourceUuid: fc.uuid(),
      billingDimension: identifierArb,
      usage: usageArb,
      cost: costArb,
    },
  }) as fc.Arbitrary<UsageEvent>;
}

export const usageEventArb: fc.Arbitrary<UsageEvent> = usageEventArbWithin(
  new Date('2024-01-01T00:00:00Z'),
  new Date('2026-01-01T00:00:00Z'),
);
