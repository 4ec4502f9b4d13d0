import type { RuleDefinition } from './rule.ts';

// Sections 2.6, 4.2, 7: the filesystem, process and network operations of one sandbox.
export const sandboxAddressRules = [
  {
    id: 'sandbox-address.filesystem.write',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'PUT /filesystem/{path} creates files and directories (nested, with spaces and non-ASCII names) and answers 200 with message and the written path',
  },
  {
    id: 'sandbox-address.filesystem.bad-permissions',
    level: 'MUST',
    section: '2.6, 4.2, 7',
    title: 'PUT /filesystem/{path} refuses permissions that are not in octal mode notation with a 4xx and an {error} body',
  },
  {
    id: 'sandbox-address.process-logs.content',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'GET /process/{pid}/logs answers stdout and stderr as the process wrote them, and logs holding both',
  },
  {
    id: 'sandbox-address.process-logs.by-name',
    level: 'MUST',
    section: '4.2',
    title: 'GET /process/{identifier}/logs finds a process by its name as well as by its id',
  },
  {
    id: 'sandbox-address.process-logs.unknown',
    level: 'MUST',
    section: '4.2, 7',
    title: 'GET /process/{identifier}/logs answers an unknown process with a 4xx and an {error} body',
  },
  {
    id: 'sandbox-address.monitor.stop',
    level: 'MUST',
    section: '2.6, 4.2',
    title: 'DELETE /network/process/{pid}/monitor answers 200 with an empty object for a process of the sandbox',
  },
  {
    id: 'sandbox-address.monitor.bad-pid',
    level: 'MUST',
    section: '4.2, 7',
    title: 'DELETE /network/process/{pid}/monitor refuses a pid that is not a process id with a 4xx and an {error} body',
  },
] as const satisfies readonly RuleDefinition[];
