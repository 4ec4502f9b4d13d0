// The two OpenAPI documents: valid OpenAPI 3.1, with the operation ids and component
// schemas other code relies on, and schemas that accept conformant bodies and reject
// non-conformant ones.
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, test } from 'vitest';
import { componentErrors, responseErrors } from '../harness/validator.ts';
import { loadSpecs, specFiles, type ApiName } from '../spec/openapi.ts';
import { operationIds } from './support/operation-ids.ts';
import { ACCEPTED_PERMISSIONS } from '../spec/accepted-values.ts';

const specs = await loadSpecs();


const componentNames: Record<ApiName, string[]> = {
  controlPlane: [
    'Error',
    'Metadata',
    'Function',
    'FunctionSpec',
    'FunctionList',
    'PaginationMeta',
    'Sandbox',
    'EgressIp',
    'CustomDomain',
    'Event',
    'DeploymentStatus',
    'Env',
    'Port',
    'Trigger',
    'AccountMetricsResponse',
    'AccountMetricsDataEntry',
    'TimeseriesPoint',
    'EnumValues',
    'UsageEvent',
  ],
  sandbox: ['SandboxError', 'FileWriteRequest', 'FileWriteResponse', 'ProcessLogsResponse', 'MonitorStopResponse'],
};

function operationIdsOf(api: ApiName): string[] {
  return Object.values(specs[api].paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { operationId?: string }>).flatMap((op) => (op.operationId ? [op.operationId] : [])),
  );
}

const minimalFunction = { metadata: { name: 'fn-1' }, spec: {} };
const fullFunction = {
  metadata: {
    name: 'weather-mcp',
    displayName: 'Weather (MCP) server!',
    externalId: 'Ext-42',
    labels: { team: 'core' },
    createdAt: '2025-01-01T00:00:00Z',
    workspace: 'acme',
  },
  spec: {
    enabled: true,
    public: false,
    revision: { active: 'r1', canaryPercent: 10, stickySessionTtl: 0, traffic: 100 },
    runtime: { generation: 'mk3', transport: 'http-stream', memory: 2048, minScale: 0, ports: [{ target: 8080, protocol: 'HTTP' }] },
    triggers: [{ type: 'cron', configuration: { schedule: '*/5 * * * *' } }, { type: 'http-async', configuration: { timeout: 900 } }],
  },
  events: [{ type: 'deploy', status: 'DEPLOYED', time: '2025-01-01T00:00:00Z' }],
  status: 'DEPLOYED',
  addedByTheImplementation: true,
};
const sandbox = {
  metadata: { name: 'box' },
  spec: { network: { allowedDomains: '["*.example.com"]', proxy: { routing: [{ secrets: { KEY: 'value' } }] } } },
  state: 'STANDBY',
  status: 'DEPLOYED',
};
const page = { hasMore: false, nextCursor: '', total: 1 };
const metrics = {
  data: [
    {
      resourceType: 'function',
      summary: { cost: 1.5 },
      timeseries: [{ timestamp: '2025-01-01T00:00:00Z', cost: 1.5 }],
    },
  ],
  meta: page,
  summary: { totalCost: 1.5 },
  startTime: '2025-01-01T00:00:00Z',
  endTime: '2025-01-02T00:00:00Z',
  resolution: 'hourly',
};

describe('the OpenAPI documents', () => {
  test.each(Object.entries(specFiles))('%s is a valid OpenAPI 3.1 document', async (_, file) => {
    const api = (await SwaggerParser.validate(file)) as { openapi: string };
    expect(api.openapi).toBe('3.1.0');
  });

  test.each(Object.keys(operationIds) as ApiName[])('%s has every operation id', (api) => {
    expect(operationIdsOf(api)).toEqual(expect.arrayContaining(operationIds[api]));
  });

  test.each((Object.keys(componentNames) as ApiName[]).flatMap((api) => componentNames[api].map((name) => [api, name] as const)))(
    '%s has the component schema %s, and it compiles',
    (api, name) => {
      expect(() => componentErrors(api, name, {})).not.toThrow();
    },
  );

  test('the main metrics path is marked as chosen by the profile', () => {
    const op = (specs.controlPlane.paths?.['/accounts/{accountId}/metrics'] as { get: Record<string, unknown> }).get;
    expect(op['x-path-from-profile']).toBe('metricsPath');
  });
});

describe('the component schemas accept conformant bodies', () => {
  test.each([
    ['Function', minimalFunction],
    ['Function', fullFunction],
    ['FunctionList', { data: [minimalFunction, fullFunction], meta: page }],
    ['Sandbox', sandbox],
    ['EgressIp', { metadata: { name: 'ip-1', gatewayName: 'gw', vpcName: 'vpc' }, spec: { ipFamily: 'IPv4', publicIp: '203.0.113.7' }, status: 'DEPLOYED' }],
    ['CustomDomain', { metadata: { name: 'api.example.com' }, spec: { status: 'verified', txtRecords: { a: 'b' }, subjectAlternativeNames: ['www.example.com'] } }],
    ['Error', { error: 'Unauthorized', code: 401, message: 'missing token' }],
    ['Error', { error: 'Forbidden' }],
    // CONTRACT 3: only what the specification marks Required, or what a stated behaviour needs.
    ['FunctionList', { data: [], meta: { hasMore: false, nextCursor: '' } }],
    ['CustomDomain', { metadata: { name: 'api.example.com' }, spec: { subjectAlternativeNames: [{ name: 'www.example.com' }, 7] } }],
    ['Sandbox', { metadata: { name: 'sbx' } }],
    ['AccountMetricsResponse', metrics],
    ['AccountMetricsResponse', { ...metrics, meta: { hasMore: false, nextCursor: '' } }],
    ['Function', { metadata: { name: 'fn', createdAt: '2026-01-02T03:04:05.123+02:00' }, spec: { runtime: { ports: [{ target: 80 }] } } }],
    ['TimeseriesPoint', { timestamp: '2026-01-02T03:04:05.123+02:00', cost: 0 }],
    // Fields of the target's own: no schema says additionalProperties false where the specification is silent.
    ['Error', { error: 'Unauthorized', 'x-vendor': { traceId: 'c0ffee' } }],
    ['FunctionList', { data: [{ ...minimalFunction, 'x-vendor': 1 }], meta: { ...page, 'x-vendor': 1 }, 'x-vendor': 1 }],
    ['AccountMetricsResponse', { ...metrics, summary: { totalCost: 0, 'x-vendor': 1 }, data: [{ ...metrics.data[0], 'x-vendor': 1 }] }],
    ['EnumValues', { values: ['workspace', 'resource_type'] }],
    ['UsageEvent', { time: '2025-01-01T00:00:00Z', workspace: 'w', resourceType: 'function', resourceName: 'f', resourceUuid: 'u', billingDimension: 'gbs', usage: 2, cost: 0.1 }],
  ])('%s: %j', (name, value) => {
    expect(componentErrors('controlPlane', name, value)).toEqual([]);
  });

  test.each([
    ['SandboxError', { error: 'not found' }],
    ['FileWriteRequest', { content: 'hi', isDirectory: false, permissions: '0644' }],
    ['FileWriteResponse', { message: 'written', path: '/tmp/a' }],
    ['FileWriteResponse', { message: 'written' }],
    ['ProcessLogsResponse', { logs: '', stderr: '', stdout: 'ok' }],
    // None of the three is marked Required; sandbox-address.process-logs.content says where the output must be.
    ['ProcessLogsResponse', { logs: 'ok' }],
    ['ProcessLogsResponse', {}],
    ['MonitorStopResponse', {}],
  ])('%s: %j', (name, value) => {
    expect(componentErrors('sandbox', name, value)).toEqual([]);
  });

  test('GET /functions answers either listing shape, and a rejected cursor any 4xx with an Error', () => {
    expect(responseErrors('controlPlane', 'listFunctions', 200, { data: [minimalFunction], meta: page })).toEqual([]);
    expect(responseErrors('controlPlane', 'listFunctions', 200, [minimalFunction])).toEqual([]);
    expect(responseErrors('controlPlane', 'listFunctions', 410, { error: 'CursorExpired' })).toEqual([]);
  });
});

describe('the component schemas reject non-conformant bodies', () => {
  test.each<[string, string, unknown]>([
    ['Function', 'a name with capitals', { metadata: { name: 'Has-Capitals' }, spec: {} }],
    ['Function', 'a name of 50 characters', { metadata: { name: 'x'.repeat(50) }, spec: {} }],
    ['Function', 'a displayName of 64 characters', { metadata: { name: 'fn', displayName: 'd'.repeat(64) }, spec: {} }],
    ['Function', 'an externalId with a space', { metadata: { name: 'fn', externalId: 'has space' }, spec: {} }],
    ['Function', 'no spec', { metadata: { name: 'fn' } }],
    ['Function', 'a status outside the ten values', { ...minimalFunction, status: 'RUNNING' }],
    ['Function', 'an unknown transport', { metadata: { name: 'fn' }, spec: { runtime: { transport: 'grpc' } } }],
    ['Function', 'a trigger timeout above 900', { metadata: { name: 'fn' }, spec: { triggers: [{ configuration: { timeout: 901 } }] } }],
    ['FunctionList', 'no meta', { data: [] }],
    ['PaginationMeta', 'a negative total', { hasMore: false, nextCursor: '', total: -1 }],
    ['Sandbox', 'a run state outside RUNNING and STANDBY', { ...sandbox, state: 'PAUSED' }],
    ['Error', 'no error', { code: 500 }],
    ['Error', 'a code that is not an integer', { error: 'BadRequest', code: '400' }],
    ['PaginationMeta', 'no nextCursor', { hasMore: false }],
    ['AccountMetricsResponse', 'no totalCost', { ...metrics, summary: {} }],
    ['TimeseriesPoint', 'a timestamp that is not a date-time', { timestamp: 'yesterday', cost: 0 }],
    ['Function', 'no metadata.name', { metadata: {}, spec: {} }],
    ['Sandbox', 'no metadata (its name is Required)', { spec: {} }],
    ['EgressIp', 'no metadata', { spec: { ipFamily: 'IPv4' } }],
    ['CustomDomain', 'no metadata', { spec: {} }],
    ['Function', 'a port without target', { metadata: { name: 'fn' }, spec: { runtime: { ports: [{ name: 'http' }] } } }],
    ['PaginationMeta', 'no hasMore', { nextCursor: '' }],
    ['AccountMetricsResponse', 'no data', { meta: page, summary: { totalCost: 0 } }],
    ['Metadata', 'a createdBy that is not a string', { name: 'fn', createdBy: 7 }],
  ])('%s: %s', (name, _, value) => {
    expect(componentErrors('controlPlane', name, value)).not.toEqual([]);
  });

  test.each([
    ['FileWriteRequest', { permissions: 'rwxr-xr-x' }],
    ['FileWriteResponse', { message: 'written', path: ['tmp', 'a'] }],
    ['ProcessLogsResponse', { stdout: 1 }],
    ['MonitorStopResponse', []],
    ['SandboxError', { message: 'no error field' }],
  ])('%s: %j', (name, value) => {
    expect(componentErrors('sandbox', name, value)).not.toEqual([]);
  });
});

test('the file write request pattern is what every target must accept (spec/accepted-values.ts)', () => {
  const schema = specs.sandbox.components?.schemas?.FileWriteRequest as { properties: { permissions: { pattern: string } } };
  expect(schema.properties.permissions.pattern).toBe(ACCEPTED_PERMISSIONS.source);
});
