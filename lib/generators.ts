// The suite's generators (generators/), as fast-check arbitraries a caller composes into
// its own properties, under names that say what they draw. Each draws what a provider
// state takes or a request sends, valid as the specification and the profile say; the
// few that read the profile take it, the specification's defaults unless given.
import fc from 'fast-check';
import { validRequest, type GeneratedRequest, type RequestGenerationOptions } from '../generators/requests.ts';
import { listingFixtures, sandboxFixture, sandboxWithSecrets as sandboxWithSecretsOf, type Json } from '../generators/resources-fixtures.ts';
import { defaultProfile, type Profile } from '../spec/profile.ts';

export {
  /** A function of section 2.2, every field of its schema present or not. */
  functionArb as functionResource,
  /** A sandbox of section 2.3 from its component schema alone. */
  sandboxArb as sandboxResource,
  egressIpArb as egressIpResource,
  customDomainArb as customDomainResource,
  /** A usage event of the `usage` provider state, in 2024 or 2025. */
  usageEventArb as usageEvent,
  /** Usage events whose time lies in [start, end). */
  usageEventArbWithin as usageEventWithin,
  /** A secret value no answer holds by chance: search every answer for it. */
  secretValue,
  /** A resource name of section 2.1. */
  resourceName,
  /** Arrays of resources with distinct names, as a workspace holds them. */
  uniqueByName,
  type Resource,
} from '../generators/components.ts';
export {
  /** Sets of functions with unique names, as the `functions` provider state takes them (`{ items }`). */
  fixtureSetArb as functionSet,
  /** A query that matches some of the given functions (`q` of GET /functions). */
  searchQueryArb as searchQuery,
  type FunctionFixture,
  type FixtureSetOptions as FunctionSetOptions,
} from '../generators/functions-fixtures.ts';
export {
  /** Sets of 1 to 8 functions with triggers, defaults left out or set, async triggers with a callbackSecret sent. */
  functionsWithTriggersArb as functionsWithTriggers,
  type FunctionWithTriggers,
  type TriggerFixture,
} from '../generators/function-triggers.ts';
export { validRequest, invalidRequest, type GeneratedRequest, type InvalidRequest, type RequestGenerationOptions } from '../generators/requests.ts';
export type { UsageEvent } from '../spec/openapi.ts';
export type { Json, Profile };

/** A sandbox as the `sandboxes` provider state takes it. */
export const sandbox = (profile: Profile = defaultProfile): fc.Arbitrary<Json> => sandboxFixture(profile);

/** A sandbox that certainly holds secrets: a secret env entry and a proxy route with a secret. */
export const sandboxWithSecrets = (profile: Profile = defaultProfile): fc.Arbitrary<Json> => sandboxWithSecretsOf(profile);

/** Egress IPs with unique names, as the `egressips` provider state takes them. */
export const egressIps = (options: { profile?: Profile; minLength?: number } = {}): fc.Arbitrary<Json[]> =>
  listingFixtures('egressips', options.profile ?? defaultProfile, options.minLength);

/** Custom domains with unique names, as the `customdomains` provider state takes them. */
export const customDomains = (options: { profile?: Profile; minLength?: number } = {}): fc.Arbitrary<Json[]> =>
  listingFixtures('customdomains', options.profile ?? defaultProfile, options.minLength);

/** Valid queries of the account's usage metrics (GET /accounts/{accountId}/metrics), window and resolution fitted to each other. */
export const metricsQuery = (accountId: string, options: Omit<RequestGenerationOptions, 'pinned'> = {}): fc.Arbitrary<GeneratedRequest> =>
  validRequest('getAccountMetrics', { ...options, pinned: { accountId: fc.constant(accountId) } });
