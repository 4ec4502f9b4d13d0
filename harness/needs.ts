// What a check may need from the run, and the reason it is skipped without it.
import type { SuiteConfig } from './config.ts';

export type Need =
  | 'control'
  | 'member'
  | 'noScope'
  | 'otherWorkspace'
  | 'accountId'
  | 'sandboxUrl'
  | 'sandboxName'
  /** The name and pid of one running process of the sandbox (--process-name, --process-pid). */
  | 'process'
  /** Changes state on the target (control states, writes to the sandbox address). */
  | 'writes';

const needReasons: Record<Need, (c: SuiteConfig) => string | undefined> = {
  control: (c) => (c.controlUrl ? undefined : 'no --control-url given: this check needs fixtures on the target'),
  member: (c) => (c.credentials.member ? undefined : 'no --member-token given: this check needs a non-admin credential'),
  noScope: (c) => (c.credentials.noScope ? undefined : 'no --no-scope-token given: this check needs a credential without scopes'),
  otherWorkspace: (c) =>
    c.credentials.otherWorkspace ? undefined : 'no --other-workspace-token given: this check needs a second workspace',
  accountId: (c) => (c.accountId ? undefined : 'no --account-id given: the metrics checks need the account'),
  sandboxUrl: (c) => (c.sandboxUrl ? undefined : 'no --sandbox-url given: the sandbox-address checks need one sandbox'),
  sandboxName: (c) =>
    c.sandboxName || c.controlUrl ? undefined : 'no --sandbox-name and no --control-url: no sandbox to read',
  process: (c) =>
    c.processName && c.processPid ? undefined : 'no --process-name and --process-pid given: this check needs one running process of the sandbox',
  writes: (c) => (c.readOnly ? '--read-only: this check changes state on the target' : undefined),
};

/** Why the check cannot run with this configuration: the first need the run does not meet. */
export function unmetNeed(needs: readonly Need[], config: SuiteConfig): string | undefined {
  for (const need of needs) {
    const reason = needReasons[need](config);
    if (reason) return reason;
  }
  return undefined;
}
