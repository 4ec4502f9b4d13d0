import type { ApiName } from '../../spec/openapi.ts';

/** The operations of the specification, by document (section 4). */
export const operationIds: Record<ApiName, string[]> = {
  controlPlane: [
    'listFunctions',
    'getSandbox',
    'listEgressIps',
    'listCustomDomains',
    'getAccountMetrics',
    'getMetricsGroupByEnum',
    'getMetricsResourceTypesEnum',
  ],
  sandbox: ['writeFile', 'getProcessLogs', 'stopPortMonitoring'],
};

export const allOperationIds = [...operationIds.controlPlane, ...operationIds.sandbox];
