// Details the specification leaves out ("not shown") or that a target documents
// otherwise, with the defaults of CONTRACT section 3. Checks read them from here,
// never hard-code them; `--profile NAME` picks a built-in profile (spec/profiles.ts)
// and `--profile FILE` overrides any key of the default.

export interface ResolutionChoice {
  name: string;
  /** Calendar unit of one bucket (UTC); where a bucket starts is learnt from the answer (suites/metrics/buckets.ts). */
  bucket: 'hour' | 'day' | 'week' | 'month';
  /** Largest window an explicit value accepts; null: unbounded. Omitted resolution picks the first whose window is strictly shorter. */
  maxWindowSeconds: number | null;
}

export interface Profile {
  /** Name of the request header that selects the API version (section 9 names `Service-Version`). */
  versionHeader: string;
  /**
   * Dates the target accepts as versions older than 2026-04-28. None is named by the
   * specification: empty, the suite tries a few dates and skips the legacy checks with
   * the reason when the target refuses them all.
   */
  legacyVersions: string[];
  metricsPath: string;
  resolutions: ResolutionChoice[];
  groupByDimensions: string[];
  /** Key of the list in both metrics enum responses. */
  enumValuesKey: string;
  showSecretsParam: string;
  runStateField: string;
  /**
   * Section 2.7 names the entry fields of workspace, resource_type and resource_name
   * only ("Full field list of the entry: not shown"): the fields that hold resource_uuid
   * and billing_dimension. An answer without them shows its own (suites/metrics/entry-fields.ts).
   */
  resourceUuidField: string;
  billingDimensionField: string;
  /** Listing shape when `Service-Version` is absent: null accepts either. */
  unversionedListing: 'paged' | 'legacy' | null;
  /** null: any string. */
  customDomainStatuses: string[] | null;
  egressIpFamilies: string[] | null;
  /** Section 2.3: `network.allowedDomains`, `forbiddenDomains` and `firewall.rulesets` travel as "a string holding a list", or as a JSON array. */
  networkLists: 'string' | 'array';
  /** Section 2.3: `network.proxy.routing[].body` is a string, or an object of strings. */
  routingBody: 'string' | 'object';
  /** Section 2.3: whether the `secrets` of proxy routing are shown to a workspace admin who asks; false: write-only, never returned. */
  routingSecretsShown: boolean;
  /** Section 2.6: the monitor stop response is an empty JSON object, or any JSON object. */
  monitorStopBody: 'empty' | 'object';
  sandboxErrorStatuses: number[];
  sandboxAddressErrorStatuses: { filesystem: number[]; logs: number[]; monitor: number[] };
}

const DAY = 86_400;

export const defaultProfile: Profile = {
  versionHeader: 'Service-Version',
  legacyVersions: [],
  metricsPath: '/accounts/{accountId}/metrics',
  resolutions: [
    { name: 'hourly', bucket: 'hour', maxWindowSeconds: 7 * DAY },
    { name: 'daily', bucket: 'day', maxWindowSeconds: 90 * DAY },
    { name: 'weekly', bucket: 'week', maxWindowSeconds: 365 * DAY },
    { name: 'monthly', bucket: 'month', maxWindowSeconds: null },
  ],
  groupByDimensions: ['workspace', 'resource_type', 'resource_name', 'resource_uuid', 'billing_dimension'],
  enumValuesKey: 'values',
  showSecretsParam: 'show_secrets',
  runStateField: 'state',
  resourceUuidField: 'resourceUuid',
  billingDimensionField: 'billingDimension',
  unversionedListing: null,
  customDomainStatuses: null,
  egressIpFamilies: null,
  networkLists: 'string',
  routingBody: 'string',
  routingSecretsShown: true,
  monitorStopBody: 'empty',
  sandboxErrorStatuses: [401, 403, 404, 500],
  sandboxAddressErrorStatuses: { filesystem: [400, 422, 500], logs: [404, 422, 500], monitor: [400, 422, 500] },
};

const statusList = { type: 'array', items: { type: 'integer', minimum: 400, maximum: 599 }, minItems: 1 };
const stringListOrNull = { anyOf: [{ type: 'null' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] };

/** JSON Schema of a profile file: every key optional, none unknown. */
export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    versionHeader: { type: 'string', pattern: '^[A-Za-z0-9-]+$' },
    legacyVersions: { type: 'array', items: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
    metricsPath: { type: 'string', pattern: '^/.*\\{accountId\\}' },
    resolutions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'bucket', 'maxWindowSeconds'],
        properties: {
          name: { type: 'string', minLength: 1 },
          bucket: { enum: ['hour', 'day', 'week', 'month'] },
          maxWindowSeconds: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 1 }] },
        },
      },
    },
    groupByDimensions: { type: 'array', items: { type: 'string' }, minItems: 1 },
    enumValuesKey: { type: 'string', minLength: 1 },
    showSecretsParam: { type: 'string', minLength: 1 },
    runStateField: { type: 'string', minLength: 1 },
    resourceUuidField: { type: 'string', minLength: 1 },
    billingDimensionField: { type: 'string', minLength: 1 },
    unversionedListing: { enum: ['paged', 'legacy', null] },
    customDomainStatuses: stringListOrNull,
    egressIpFamilies: stringListOrNull,
    networkLists: { enum: ['string', 'array'] },
    routingBody: { enum: ['string', 'object'] },
    routingSecretsShown: { type: 'boolean' },
    monitorStopBody: { enum: ['empty', 'object'] },
    sandboxErrorStatuses: statusList,
    sandboxAddressErrorStatuses: {
      type: 'object',
      additionalProperties: false,
      properties: { filesystem: statusList, logs: statusList, monitor: statusList },
    },
  },
} as const;
