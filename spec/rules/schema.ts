import type { RuleDefinition } from './rule.ts';

// Sections 2, 4 and 7: every successful answer has the documented shape.
export const schemaRules = [
  {
    id: 'schema.functions',
    level: 'MUST',
    section: '2.2, 4.1, 9',
    title: 'GET /functions answers 200 with a FunctionList in version 2026-04-28, and with a bare array of Function in an older version the target accepts',
    quote: '200: FunctionList (`data` and `meta`) from version 2026-04-28, a bare array of Function with all functions for older versions.',
  },
  {
    id: 'schema.sandbox',
    level: 'MUST',
    section: '2.3, 4.1',
    title: 'GET /sandboxes/{sandboxName} answers 200 with a Sandbox for an existing sandbox',
    quote: '200: Sandbox.',
  },
  {
    id: 'schema.egressips',
    level: 'MUST',
    section: '2.4, 4.1',
    title: 'GET /egressips answers 200 with an array of Egress IP',
    quote: '200: array of Egress IP',
  },
  {
    id: 'schema.customdomains',
    level: 'MUST',
    section: '2.5, 4.1',
    title: 'GET /customdomains answers 200 with an array of Custom domain',
    quote: '200: array of Custom domain',
  },
  {
    id: 'schema.metrics',
    level: 'MUST',
    section: '2.7, 2.8, 4.1',
    title: 'The account metrics endpoint answers 200 with an AccountMetricsResponse for a valid window',
    quote: 'Response 200: AccountMetricsResponse.',
  },
  {
    id: 'schema.metrics-enums',
    level: 'MUST',
    section: '4.1',
    title: 'The group-by and resource-types enum endpoints answer 200 with their list of values',
    quote: 'All valid values of the groupBy parameter. The list is static.',
  },
  {
    id: 'schema.sandbox-address',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'The sandbox address answers its three operations with the documented bodies',
    quote: 'File write response: `message` (string), `path` (string). - Process logs response: `logs`, `stderr`, `stdout` (all strings). - Monitor stop response: empty JSON object.',
  },
] as const satisfies readonly RuleDefinition[];
