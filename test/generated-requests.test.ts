// The request generators agree with the specification as the reference implements
// it: every generated valid request is served, every generated invalid one refused
// with a 4xx (never a 5xx). A disagreement here is a false alarm waiting to happen.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invalidRequest, validRequest, type GeneratedRequest, type RequestGenerationOptions } from '../generators/requests.ts';
import { HttpClient } from '../harness/http.ts';
import { Redactor } from '../harness/redact.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { allOperationIds } from './support/operation-ids.ts';

const SANDBOX = 'generated-requests-sandbox';
const PROCESS = { pid: '4242', name: 'worker', stdout: 'out', stderr: 'err' };

let ref: ReferenceHandle;
let http: HttpClient;

beforeAll(async () => {
  ref = await startReference();
  http = new HttpClient({ timeoutMs: 5_000, redactor: new Redactor([]) });
  const setState = (state: string, params: object) =>
    http.send(ref.controlUrl, '', { method: 'POST', token: ref.credentials.admin, body: { state, params } });
  await setState('sandboxes', { items: [{ metadata: { name: SANDBOX }, spec: {} }] });
  await setState('processes', { items: [PROCESS] });
});
afterAll(async () => {
  await http.close();
  await ref.close();
});

/** Values only the target's data can supply: the account, an existing sandbox and process. */
const pinned = () => ({
  accountId: fc.constant(ref.accountId),
  sandboxName: fc.constant(SANDBOX),
  identifier: fc.constantFrom(PROCESS.pid, PROCESS.name),
  pid: fc.constant(PROCESS.pid),
});

function send(request: GeneratedRequest) {
  const base = ['writeFile', 'getProcessLogs', 'stopPortMonitoring'].includes(request.operationId) ? ref.sandboxUrl : ref.baseUrl;
  return http.send(base, request.urlPath, {
    method: request.method as 'GET' | 'PUT' | 'DELETE',
    query: request.query,
    token: ref.credentials.admin,
    ...(request.body ? { body: request.body } : {}),
  });
}

const operations = allOperationIds;
/** Operations with a parameter whose constraints can be broken. */
const breakable = ['listFunctions', 'getSandbox', 'getAccountMetrics', 'getMetricsResourceTypesEnum', 'writeFile', 'stopPortMonitoring'];

describe('valid requests are served', () => {
  for (const operationId of operations) {
    test(operationId, async () => {
      const options: RequestGenerationOptions = { pinned: pinned() };
      await fc.assert(
        fc.asyncProperty(validRequest(operationId, options), async (request) => {
          const res = await send(request);
          expect(res.status, `${request.method} ${request.urlPath} ${JSON.stringify(request.query)}: ${res.text}`).toBe(200);
        }),
        { numRuns: 40, seed: 1 },
      );
    });
  }
});

describe('invalid requests are refused with a 4xx', () => {
  for (const operationId of breakable) {
    test(operationId, async () => {
      // Path parameters stay pinned so the broken one is the only reason to refuse.
      const { sandboxName, pid, ...rest } = pinned();
      const options: RequestGenerationOptions = { pinned: operationId === 'getSandbox' || operationId === 'stopPortMonitoring' ? rest : { ...rest, sandboxName, pid } };
      await fc.assert(
        fc.asyncProperty(invalidRequest(operationId, options), async (request) => {
          const res = await send(request);
          const what = `${request.broken.parameter} ${request.broken.how}: ${request.method} ${request.urlPath} ${JSON.stringify(request.query)} -> ${res.status} ${res.text}`;
          expect(res.status >= 400 && res.status < 500, what).toBe(true);
        }),
        { numRuns: 60, seed: 1 },
      );
    });
  }
});
