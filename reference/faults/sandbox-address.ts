// Faults of the sandbox address. Those without `reshape` are read by
// reference/areas/sandbox-address.ts through `faults.has`.
import type { Reply, Route } from '../area.ts';
import { errorBodyChanged, type FaultDefinition } from './registry.ts';

/** A reshape of the answers of one operation with the given status. */
function onAnswer(operationId: string, status: number, change: (body: any) => Reply): (reply: Reply, route: Route) => Reply {
  return (reply, route) => (route.operationId === operationId && reply.status === status ? change(structuredClone(reply.body)) : reply);
}

export const sandboxAddressFaults = [
  {
    name: 'sandbox-address-write-path-encoded',
    rule: 'sandbox-address.filesystem.write',
    description: 'PUT /filesystem/{path} answers the path still percent-encoded',
    reshape: onAnswer('writeFile', 200, (body) => ({
      status: 200,
      body: { ...body, path: String(body.path).split('/').map(encodeURIComponent).join('/') },
    })),
  },
  {
    name: 'sandbox-address-file-update-refused',
    rule: 'sandbox-address.filesystem.write',
    description: 'PUT /filesystem/{path} creates a file but refuses to write one that exists (409)',
  },
  {
    name: 'sandbox-address-bad-permissions-accepted',
    rule: 'sandbox-address.filesystem.bad-permissions',
    description: 'PUT /filesystem/{path} accepts permissions that are not in octal mode notation',
  },
  {
    name: 'sandbox-address-stdout-in-stderr',
    rule: 'sandbox-address.process-logs.content',
    description: 'GET /process/{identifier}/logs puts stdout into stderr as well',
    reshape: onAnswer('getProcessLogs', 200, (body) => ({ status: 200, body: { ...body, stderr: body.stdout + body.stderr } })),
  },
  {
    name: 'sandbox-address-logs-stdout-only',
    rule: 'sandbox-address.process-logs.content',
    description: 'GET /process/{identifier}/logs answers logs with stdout alone',
    reshape: onAnswer('getProcessLogs', 200, (body) => ({ status: 200, body: { ...body, logs: body.stdout } })),
  },
  {
    name: 'sandbox-address-stderr-in-stdout',
    rule: 'sandbox-address.process-logs.content',
    description: 'GET /process/{identifier}/logs puts stderr into stdout as well',
    reshape: onAnswer('getProcessLogs', 200, (body) => ({ status: 200, body: { ...body, stdout: body.stdout + body.stderr } })),
  },
  {
    name: 'sandbox-address-logs-dropped',
    rule: 'sandbox-address.process-logs.content',
    description: 'GET /process/{identifier}/logs answers 200 with an empty object: what the process wrote is nowhere',
    reshape: onAnswer('getProcessLogs', 200, () => ({ status: 200, body: {} })),
  },
  {
    name: 'sandbox-address-logs-by-name-missing',
    rule: 'sandbox-address.process-logs.by-name',
    description: 'GET /process/{identifier}/logs finds processes by id only, not by name',
  },
  {
    name: 'sandbox-address-unknown-process-200',
    rule: 'sandbox-address.process-logs.unknown',
    description: 'GET /process/{identifier}/logs answers 200 with empty logs for an unknown process',
    reshape: onAnswer('getProcessLogs', 404, () => ({ status: 200, body: { logs: '', stdout: '', stderr: '' } })),
  },
  {
    name: 'sandbox-address-monitor-non-empty',
    rule: 'sandbox-address.monitor.stop',
    description: 'DELETE /network/process/{pid}/monitor answers {"stopped": true} instead of an empty object',
    reshape: onAnswer('stopPortMonitoring', 200, () => ({ status: 200, body: { stopped: true } })),
  },
  {
    name: 'sandbox-address-non-numeric-pid-accepted',
    rule: 'sandbox-address.monitor.bad-pid',
    description: 'DELETE /network/process/{pid}/monitor answers {} for a pid that is not a process id',
  },
  {
    name: 'sandbox-address-file-write-error-as-message',
    rule: 'sandbox-address.filesystem.bad-permissions',
    description: 'PUT /filesystem/{path} refuses with {message}, not {error}',
    reshape: errorBodyChanged('writeFile', ({ error, ...rest }) => ({ ...rest, message: error })),
  },
  {
    name: 'sandbox-address-process-logs-error-as-message',
    rule: 'sandbox-address.process-logs.unknown',
    description: 'GET /process/{identifier}/logs refuses with {message}, not {error}',
    reshape: errorBodyChanged('getProcessLogs', ({ error, ...rest }) => ({ ...rest, message: error })),
  },
  {
    name: 'sandbox-address-monitor-stop-error-as-message',
    rule: 'sandbox-address.monitor.bad-pid',
    description: 'DELETE /network/process/{pid}/monitor refuses with {message}, not {error}',
    reshape: errorBodyChanged('stopPortMonitoring', ({ error, ...rest }) => ({ ...rest, message: error })),
  },
  {
    name: 'sandbox-address-directory-write-refused',
    rule: 'sandbox-address.filesystem.write',
    description: 'PUT /filesystem/{path} refuses isDirectory true (400)',
  },
  {
    name: 'sandbox-address-file-create-refused',
    rule: 'sandbox-address.filesystem.write',
    description: 'PUT /filesystem/{path} refuses to create a file that is not there (404) but updates one that is',
  },
  {
    name: 'sandbox-address-content-refused',
    rule: 'sandbox-address.filesystem.write',
    description: 'PUT /filesystem/{path} refuses a write that carries content (400) and serves one without',
  },
  {
    name: 'sandbox-address-logs-by-pid-missing',
    rule: 'sandbox-address.process-logs.content',
    description: 'GET /process/{identifier}/logs finds processes by name only, not by pid',
  },
  {
    name: 'sandbox-address-monitor-without-port-refused',
    rule: 'sandbox-address.monitor.stop',
    description: 'DELETE /network/process/{pid}/monitor refuses (404) a process of the sandbox that opened no port',
  },
] as const satisfies readonly FaultDefinition[];
