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

function fromComponent(name: string, overrides: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<Resource> {
  const schema = schemas[name];
  if (!schema) throw new Error(`no component schema ${name} in the control-plane document`);
  // A fixture is addressed by its name, so metadata is always there (and requires name).
  const withMetadata = { ...schema, required: [...new Set([...(schema.required ?? []), 'metadata'])] };
  return arbitraryFromSchema(withMetadata, {
    skipReadOnly: true,
    overrides: { 'metadata.createdAt': createdAtArb, ...overrides },
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

export const functionArb: fc.Arbitrary<Resource> = fromComponent('Function', {
  'spec.triggers[].configuration.schedule': cronArb,
  'spec.triggers[].configuration.callbackUrl': webUrlArb(),
}).map(withGenerationItNeeds);

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
