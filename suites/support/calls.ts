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

/** Calls of several operations: `each` draws one call of every one of them, so that every case of a property reaches them all. */
export interface CallSet {
  operations: readonly string[];
  each: fc.Arbitrary<PreparedCall[]>;
}

function calls(api: PreparedCall['api'], operationIds: readonly string[], config: SuiteConfig, sandboxName?: string, more: Record<string, fc.Arbitrary<string>> = {}): CallSet {
  const given = { ...(config.accountId ? { accountId: fc.constant(config.accountId) } : {}), ...(sandboxName ? { sandboxName: fc.constant(sandboxName) } : {}), ...more };
  const pinned = Object.keys(given).length > 0 ? given : undefined;
  const each = fc.tuple(
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
  return { operations: operationIds, each };
}

/**
 * Valid reads of the control plane, one of each operation, of what exists: the metrics endpoints only for the
 * run's account, GET /sandboxes/{sandboxName} only for `sandboxName`, a sandbox that
 * exists (without one it is left out), so that a 404 for what is not there never passes
 * for a refusal.
 */
export function controlPlaneReads(config: SuiteConfig, sandboxName: string | undefined): CallSet {
  const reads = CONTROL_PLANE_READS.filter((operationId) => operationId !== 'getSandbox' || sandboxName !== undefined);
  return calls('controlPlane', config.accountId ? [...reads, ...METRICS_READS] : reads, config, sandboxName);
}

/**
 * Valid calls of the sandbox address, one of each operation; with --read-only only the GET, which changes nothing.
 * With `process` the logs and the monitor are those of that process (by pid or name), so that a 404 for a process
 * that is not there never passes for a refusal.
 */
export function sandboxAddressCalls(config: SuiteConfig, process?: { pid: string; name?: string }): CallSet {
  const ofProcess = process && { identifier: fc.constantFrom(process.pid, ...(process.name ? [process.name] : [])), pid: fc.constant(process.pid) };
  return calls('sandbox', config.readOnly ? ['getProcessLogs'] : ['writeFile', 'getProcessLogs', 'stopPortMonitoring'], config, undefined, ofProcess);
}
