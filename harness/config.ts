import type { Profile } from '../spec/profile.ts';
import type { CredentialVariable } from './curl.ts';

/** The credentials a run may hold; only `admin` is always present. */
export interface Credentials {
  admin: string;
  member?: string;
  noScope?: string;
  otherWorkspace?: string;
}
export type CredentialName = keyof Credentials;

/** The environment variable each credential comes from (CONTRACT 1); a curl line names it instead of the value. */
export const CREDENTIAL_VARIABLES = {
  admin: 'CP_TOKEN',
  member: 'CP_MEMBER_TOKEN',
  noScope: 'CP_NO_SCOPE_TOKEN',
  otherWorkspace: 'CP_OTHER_WORKSPACE_TOKEN',
} as const satisfies Record<CredentialName, string>;

/** The credentials a run holds, each with its variable. */
export function credentialVariables(credentials: Credentials): CredentialVariable[] {
  return Object.entries(credentials)
    .filter((entry): entry is [CredentialName, string] => entry[1] !== undefined)
    .map(([name, value]) => ({ value, variable: CREDENTIAL_VARIABLES[name] }));
}

/** Everything a suite needs to reach the target; handed from the runner to the suites through vitest's `provide`. */
export interface SuiteConfig {
  baseUrl: string;
  sandboxUrl?: string;
  controlUrl?: string;
  accountId?: string;
  sandboxName?: string;
  /** One running process of the sandbox at sandboxUrl, for the process checks on existing data. */
  processName?: string;
  processPid?: string;
  credentials: Credentials;
  profile: Profile;
  seed: number;
  /** Generated cases per property. */
  runs: number;
  /** Checks run at once, and cases of one property at once (harness/property.ts). */
  concurrency: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Only checks that change nothing on the target. */
  readOnly: boolean;
  /** --max-requests: absent, the run sends as many requests as its checks need. */
  maxRequests?: number;
  /** --rate-limit: requests a second at most in the whole run; absent, unpaced. */
  rateLimit?: number;
  /**
   * Bench only (`npm run bench -- --scale`), never a command-line option: the fixture-heavy
   * checks (functions.pagination.every-item-once, metrics.pagination.complete,
   * metrics.summary.total-cost) set this many functions / usage events once and run a few
   * cases over them instead of their generated small sets.
   */
  fixtureScale?: { functions: number; usageEvents: number };
  /** A file every exchange of the run is appended to, whole and masked (harness/exchange-log.ts): for `run --har` and `diff`. */
  exchangeLog?: string;
  /** Memory every worker shares: the request count and the fixture locks (harness/coordination.ts). */
  shared: SharedArrayBuffer;
}
