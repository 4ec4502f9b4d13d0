import type { Reply, Route } from '../area.ts';
import type { FaultDefinition } from './registry.ts';

type Json = Record<string, unknown>;

/** A fault that reshapes the successful answers of one operation. */
function reshapeOk(operationId: string, change: (body: unknown) => unknown): FaultDefinition['reshape'] {
  return (reply: Reply, route: Route) =>
    route.operationId === operationId && reply.status === 200 ? { ...reply, body: change(reply.body) } : reply;
}

/** A body as indented `key: value` lines, as a YAML answer would be. */
function yamlOf(value: unknown, indent = ''): string {
  const line = (head: string, v: unknown) => (v !== null && typeof v === 'object' ? `${indent}${head}\n${yamlOf(v, `${indent}  `)}` : `${indent}${head} ${String(v)}`);
  if (Array.isArray(value)) return value.map((v) => line('-', v)).join('\n');
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => line(`${k}:`, v)).join('\n');
  return String(value);
}

/** A fault that answers the successful answers of one operation as text, rendered by `render`, with the given content type. */
function answeredAsText(operationId: string, contentType: string, render: (body: unknown) => string): FaultDefinition['reshape'] {
  return (reply: Reply, route: Route) => (route.operationId === operationId && reply.status === 200 ? { status: 200, body: undefined, contentType, text: render(reply.body) } : reply);
}

const withLowercaseStatus = (item: unknown) => ({ ...(item as Json), status: String((item as Json).status ?? 'deployed').toLowerCase() });

export const schemaFaults = [
  {
    name: 'schema-function-status-outside-enum',
    rule: 'schema.functions',
    description: 'functions in a page carry a deployment status outside the ten values of section 3',
    reshape: reshapeOk('listFunctions', (body) =>
      Array.isArray(body) ? body.map(withLowercaseStatus) : { ...(body as Json), data: ((body as Json).data as unknown[]).map(withLowercaseStatus) },
    ),
  },
  {
    name: 'schema-sandbox-status-lowercase',
    rule: 'schema.sandbox',
    description: "a sandbox's deployment status is answered in lowercase",
    reshape: reshapeOk('getSandbox', withLowercaseStatus),
  },
  {
    name: 'schema-egressips-wrapped',
    rule: 'schema.egressips',
    description: 'GET /egressips answers {data: [...]} instead of an array',
    reshape: reshapeOk('listEgressIps', (body) => ({ data: body })),
  },
  {
    name: 'schema-customdomains-keyed-by-name',
    rule: 'schema.customdomains',
    description: 'GET /customdomains answers an object keyed by domain instead of an array',
    reshape: reshapeOk('listCustomDomains', (body) =>
      Object.fromEntries((body as Json[]).map((d) => [String((d.metadata as Json | undefined)?.name), d])),
    ),
  },
  {
    name: 'schema-metrics-data-keyed-by-group',
    rule: 'schema.metrics',
    description: 'the metrics data is an object keyed by each entry\'s group, not an array',
    reshape: reshapeOk('getAccountMetrics', (body) => {
      const entries = (body as Json).data as Json[];
      return { ...(body as Json), data: Object.fromEntries(entries.map((entry, i) => [JSON.stringify({ ...entry, summary: undefined, timeseries: undefined }) || String(i), entry])) };
    }),
  },
  {
    name: 'schema-metrics-meta-left-out',
    rule: 'schema.metrics',
    description: 'the metrics answer leaves meta out: hasMore and nextCursor at its top',
    reshape: reshapeOk('getAccountMetrics', (body) => {
      const { meta, ...rest } = body as Json;
      return { ...rest, ...(meta as Json) };
    }),
  },
  {
    name: 'schema-metrics-total-cost-string',
    rule: 'schema.metrics',
    description: 'the metrics summary.totalCost is a string',
    reshape: reshapeOk('getAccountMetrics', (body) => {
      const summary = (body as Json).summary as Json;
      return { ...(body as Json), summary: { ...summary, totalCost: String(summary.totalCost) } };
    }),
  },
  {
    name: 'schema-groupby-enum-bare-array',
    rule: 'schema.metrics-enums',
    description: 'the group-by enum answers a bare array instead of {values}',
    reshape: reshapeOk('getMetricsGroupByEnum', (body) => (body as Json).values),
  },
  {
    name: 'schema-file-write-message-object',
    rule: 'schema.sandbox-address',
    description: 'PUT /filesystem answers `message` as an object ({"text": ...}), not a string',
    reshape: reshapeOk('writeFile', (body) => ({ ...(body as Json), message: { text: (body as Json).message } })),
  },
  {
    name: 'schema-process-logs-as-lines',
    rule: 'schema.sandbox-address',
    description: 'GET /process/{identifier}/logs answers logs, stdout and stderr as arrays of lines, not strings',
    reshape: reshapeOk('getProcessLogs', (body) => Object.fromEntries(Object.entries(body as Json).map(([key, value]) => [key, typeof value === 'string' ? value.split('\n') : value]))),
  },
  {
    name: 'schema-file-write-path-not-string',
    rule: 'schema.sandbox-address',
    description: 'PUT /filesystem answers `path` as an array of segments, not a string',
    reshape: reshapeOk('writeFile', (body) => ({ ...(body as Json), path: String((body as Json).path).split('/') })),
  },
  ...(
    [
      ['functions', 'listFunctions', 'GET /functions'],
      ['sandbox', 'getSandbox', 'GET /sandboxes/{sandboxName}'],
      ['egressips', 'listEgressIps', 'GET /egressips'],
      ['customdomains', 'listCustomDomains', 'GET /customdomains'],
    ] as const
  ).map(([read, operationId, path]) => ({
    name: `schema-${read}-answered-as-yaml` as const,
    rule: `schema.${read}` as const,
    description: `${path} answers its body as YAML (application/yaml), not JSON`,
    reshape: answeredAsText(operationId, 'application/yaml', (body) => yamlOf(body)),
  })),
  {
    name: 'schema-metrics-answered-as-csv',
    rule: 'schema.metrics',
    description: 'the metrics endpoint answers its entries as CSV (text/csv), a line an entry, not JSON',
    reshape: answeredAsText('getAccountMetrics', 'text/csv', (body) => {
      const entries = ((body as Json).data as Json[]).map((entry): Json => ({ ...entry, ...(entry.summary as Json), summary: undefined, timeseries: undefined }));
      const columns = [...new Set(entries.flatMap((entry) => Object.keys(entry).filter((key) => entry[key] !== undefined)))];
      return [columns.join(','), ...entries.map((entry) => columns.map((column) => String(entry[column] ?? '')).join(','))].join('\n');
    }),
  },
  {
    name: 'schema-group-by-enum-one-a-line',
    rule: 'schema.metrics-enums',
    description: 'the group-by enum answers its values as text, one a line, not JSON',
    reshape: answeredAsText('getMetricsGroupByEnum', 'text/plain', (body) => ((body as Json).values as string[]).join('\n')),
  },
  {
    name: 'schema-process-logs-answered-as-text',
    rule: 'schema.sandbox-address',
    description: 'GET /process/{identifier}/logs answers the logs as text (text/plain), not JSON',
    reshape: answeredAsText('getProcessLogs', 'text/plain', (body) => String((body as Json).logs)),
  },
  {
    name: 'schema-functions-meta-left-out',
    rule: 'schema.functions',
    description: 'the paged listing answers {data} without meta',
    reshape: reshapeOk('listFunctions', (body) => (Array.isArray(body) ? body : { data: (body as Json).data })),
  },
  ...(['metadata', 'spec'] as const).map((field) => ({
    name: `schema-functions-${field}-left-out` as const,
    rule: 'schema.functions' as const,
    description: `GET /functions leaves ${field} out of every function`,
    reshape: reshapeOk('listFunctions', (body) => {
      const without = (fn: unknown) => ({ ...(fn as Json), [field]: undefined });
      return Array.isArray(body) ? body.map(without) : { ...(body as Json), data: ((body as Json).data as unknown[]).map(without) };
    }),
  })),
  {
    name: 'schema-sandbox-metadata-left-out',
    rule: 'schema.sandbox',
    description: 'GET /sandboxes/{sandboxName} leaves metadata out',
    reshape: reshapeOk('getSandbox', (body) => ({ ...(body as Json), metadata: undefined })),
  },
  {
    name: 'schema-sandbox-wrapped',
    rule: 'schema.sandbox',
    description: 'GET /sandboxes/{sandboxName} answers {sandbox: ...} instead of the Sandbox',
    reshape: reshapeOk('getSandbox', (body) => ({ sandbox: body })),
  },
  {
    name: 'schema-metrics-wrapped',
    rule: 'schema.metrics',
    description: 'the metrics endpoint answers {metrics: ...} instead of the AccountMetricsResponse',
    reshape: reshapeOk('getAccountMetrics', (body) => ({ metrics: body })),
  },
  {
    name: 'schema-egressips-path-moved',
    rule: 'schema.egressips',
    description: 'the egress IPs are not served at /egressips (404), as if moved to another path',
    reshape: (reply: Reply, route: Route) => (route.operationId === 'listEgressIps' ? { status: 404, body: { error: 'NotFound', code: 404, message: 'no such path /egressips' } } : reply),
  },
  {
    name: 'schema-file-write-path-moved',
    rule: 'schema.sandbox-address',
    description: 'files are not written at /filesystem/{path} (404), as if moved to another path',
    reshape: (reply: Reply, route: Route) => (route.operationId === 'writeFile' ? { status: 404, body: { error: 'no such path' } } : reply),
  },
] as const satisfies readonly FaultDefinition[];
