// What the sandbox-address checks share: a refusal of the caller's input, with a 4xx
// of the profile's statuses and an {error} body (section 7), and the processes of cases
// side by side.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import type { Profile } from '../../spec/profile.ts';
import { expectRefused, refusalStatuses } from '../support/error-body.ts';
import { processKeys } from '../support/side-by-side.ts';
import type { ProcessFixture } from '../../generators/sandbox-address-inputs.ts';

export type SandboxOperation = 'writeFile' | 'getProcessLogs' | 'stopPortMonitoring';

const STATUS_KEY: Record<SandboxOperation, keyof Profile['sandboxAddressErrorStatuses']> = {
  writeFile: 'filesystem',
  getProcessLogs: 'logs',
  stopPortMonitoring: 'monitor',
};

/** A refusal of the caller's input: a 4xx of the profile's error statuses of the operation (all of them when it lists no 4xx). */
export function expectInputRefused(t: Check, operationId: SandboxOperation, res: HttpResponse, situation: string): void {
  const status = refusalStatuses(t.config.profile.sandboxAddressErrorStatuses[STATUS_KEY[operationId]]);
  expectRefused(t, res, situation, { status, surface: 'sandbox' });
}

/** The processes of each case on the target, several cases side by side when no pid or name is in common (sideBySideProperty). */
export const processesApart = { state: 'processes' as const, itemsOf: (items: ProcessFixture[]) => items, keysOf: processKeys };
