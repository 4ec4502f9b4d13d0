import type { RuleDefinition } from './rule.ts';

// Sections 2.6, 4.2, 7: the filesystem, process and network operations of one sandbox.
export const sandboxAddressRules = [
  {
    id: 'sandbox-address.filesystem.write',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'PUT /filesystem/{path} answers 200 for files and directories (nested, with spaces and non-ASCII names) and for a file written again (an update); a path in the answer names the written one',
    quote: 'Creates or updates a file or directory. | 200: `message`, `path`.',
  },
  {
    id: 'sandbox-address.filesystem.bad-permissions',
    level: 'SHOULD',
    section: '2.6, 4.2, 7',
    title: 'PUT /filesystem/{path} refuses permissions that are not in octal mode notation with a 4xx of the profile\'s error statuses (400 or 422 by default) and an {error} body',
    quote: '`permissions` (string in octal mode notation)',
    why: 'The format is named, not how a value outside it is answered, and the three error statuses are not shown: a 4xx of the profile\'s statuses with an {error} body is what they imply.',
  },
  {
    id: 'sandbox-address.process-logs.content',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'GET /process/{pid}/logs answers what the process wrote: stdout and stderr, when present, as written, logs, when present, holding both, and each stream in its own field or in logs',
    quote: 'Process logs response: `logs`, `stderr`, `stdout` (all strings).',
  },
  {
    id: 'sandbox-address.process-logs.by-name',
    level: 'MUST',
    section: '4.2',
    title: 'GET /process/{identifier}/logs finds a process by its name as well as by its id',
    quote: 'Path `identifier`: process id or process name.',
  },
  {
    id: 'sandbox-address.process-logs.unknown',
    level: 'SHOULD',
    section: '4.2, 7',
    title: 'GET /process/{identifier}/logs answers an unknown process with a 4xx of the profile\'s error statuses (404 or 422 by default) and an {error} body',
    quote: 'Three error responses with body `error`.',
    why: 'The three error statuses are not shown; refusing an unknown process with a 4xx is what they imply.',
  },
  {
    id: 'sandbox-address.monitor.stop',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'DELETE /network/process/{pid}/monitor answers 200 with an empty object for a process of the sandbox (any object when the profile says so)',
    quote: 'Stops monitoring for new ports opened by that process. | 200: empty object.',
  },
  {
    id: 'sandbox-address.monitor.bad-pid',
    level: 'SHOULD',
    section: '4.2, 7',
    title: 'DELETE /network/process/{pid}/monitor refuses a pid that is not a process id with a 4xx of the profile\'s error statuses (400 or 422 by default) and an {error} body',
    quote: 'Path `pid`: process id.',
    why: 'The parameter is named a process id; how another value is answered is not stated.',
  },
] as const satisfies readonly RuleDefinition[];
