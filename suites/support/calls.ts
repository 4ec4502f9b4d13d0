// Generated calls across every operation of a surface, for the checks that hold for
// all of them alike (authentication, refusals).
import fc from 'fast-check';
import type { SuiteConfig } from '../../harness/config.ts';
import type { QueryValue } from '../../spec/openapi.ts';
import { validRequest } from '../../generators/requests.ts';

export interface PreparedCall {
  api: 'controlPlane' | 'sandbox';
  operationId: string;
  method: 'GET' | 'PUT' | 'DELETE';
  path: string;
  query: Record<string, QueryValue>;
  body?: Record<string, unknown>;
}

const CONTROL_PLANE_READS = ['listFunctions', 'getSandbox', 'listEgressIps', 'listCustomDomains'] as const;
const METRICS_READS = ['getAccountMetrics', 'getMetricsGroupByEnum', 'getMetricsResourceTypesEnum'] as const;

function calls(api: PreparedCall['api'], operationIds: readonly string[], config: SuiteConfig): fc.Arbitrary<PreparedCall> {
  const pinned = config.accountId ? { accountId: fc.constant(config.accountId) } : undefined;
  return fc.oneof(
    ...operationIds.map((operationId) =>
      validRequest(operationId, { profile: config.profile, ...(pinned ? { pinned } : {}) }).map(
        (request): PreparedCall => ({
          api,
          operationId,
          method: request.method as PreparedCall['method'],
          path: request.urlPath,
          query: request.query,
          ...(request.body ? { body: request.body } : {}),
        }),
      ),
    ),
  );
}

/** Valid reads of the control plane; the metrics endpoints only when the run names an account. */
export function controlPlaneReads(config: SuiteConfig): fc.Arbitrary<PreparedCall> {
  return calls('controlPlane', config.accountId ? [...CONTROL_PLANE_READS, ...METRICS_READS] : CONTROL_PLANE_READS, config);
}

/** Valid calls of the sandbox address; with --read-only only the GET, which changes nothing. */
export function sandboxAddressCalls(config: SuiteConfig): fc.Arbitrary<PreparedCall> {
  return calls('sandbox', config.readOnly ? ['getProcessLogs'] : ['writeFile', 'getProcessLogs', 'stopPortMonitoring'], config);
}
