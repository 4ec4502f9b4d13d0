// Details the specification leaves out ("not shown"), with the defaults of
// CONTRACT section 3. Checks read them from here, never hard-code them; a user's
// `--profile FILE` overrides any key.

export interface ResolutionChoice {
  name: string;
  /** Calendar unit of one bucket (UTC; weeks start on Monday). */
  bucket: 'hour' | 'day' | 'week' | 'month';
  /** Largest window an explicit value accepts; null: unbounded. Omitted resolution picks the first whose window is strictly shorter. */
  maxWindowSeconds: number | null;
}

export interface Profile {
  metricsPath: string;
  resolutions: ResolutionChoice[];
  groupByDimensions: string[];
  /** Key of the list in both metrics enum responses. */
  enumValuesKey: string;
  showSecretsParam: string;
  runStateField: string;
  /** Listing shape when `Service-Version` is absent: null accepts either. */
  unversionedListing: 'paged' | 'legacy' | null;
  /** null: any string. */
  customDomainStatuses: string[] | null;
  egressIpFamilies: string[] | null;
  sandboxErrorStatuses: number[];
  sandboxAddressErrorStatuses: { filesystem: number[]; logs: number[]; monitor: number[] };
}

const DAY = 86_400;

export const defaultProfile: Profile = {
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
  unversionedListing: null,
  customDomainStatuses: null,
  egressIpFamilies: null,
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
    unversionedListing: { enum: ['paged', 'legacy', null] },
    customDomainStatuses: stringListOrNull,
    egressIpFamilies: stringListOrNull,
    sandboxErrorStatuses: statusList,
    sandboxAddressErrorStatuses: {
      type: 'object',
      additionalProperties: false,
      properties: { filesystem: statusList, logs: statusList, monitor: statusList },
    },
  },
} as const;
