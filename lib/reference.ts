// The embedded reference implementation, for a caller's own tests: a server that follows
// the specification (or breaks it with one deliberate fault of reference/faults/, or makes
// one legal variant's choice) on a loopback port, with the options that point runRules at it.
import type { DataSetName } from '../reference/demo-data.ts';
import type { FaultName } from '../reference/faults/index.ts';
import type { VariantName } from '../reference/variants/index.ts';
import type { TargetOptions } from './run.ts';

export interface ReferenceOptions {
  /** One deliberate fault: the rule it breaks fails (`cp-conformance serve --fault`). */
  fault?: FaultName;
  /** One choice the specification leaves open, made the other way: every rule still passes. */
  variant?: VariantName;
  /** Hold a data set from the start and offer no control URL: a run on existing data, as against a deployment. */
  data?: DataSetName;
  /** Default: a free port. */
  port?: number;
}

export interface Reference {
  /** Spread into runRules' options: its URLs and every credential. */
  readonly target: TargetOptions;
  readonly baseUrl: string;
  readonly sandboxUrl: string;
  readonly controlUrl: string;
  readonly accountId: string;
  readonly credentials: { readonly admin: string; readonly member: string; readonly noScope: string; readonly otherWorkspace: string };
  close(): Promise<void>;
}

export async function startReference(options: ReferenceOptions = {}): Promise<Reference> {
  // Loaded on first use: a caller that tests its own server never loads the reference.
  const { startReference: start } = await import('../reference/server.ts');
  const handle = await start(options);
  const { baseUrl, sandboxUrl, controlUrl, accountId, credentials, demo } = handle;
  const target: TargetOptions = {
    baseUrl,
    token: credentials.admin,
    memberToken: credentials.member,
    noScopeToken: credentials.noScope,
    otherWorkspaceToken: credentials.otherWorkspace,
    accountId,
    sandboxUrl,
    // Holding a data set it is tested as a deployment is, with no control URL (as runner/run.ts tests it).
    ...(demo ? { sandboxName: demo.sandboxName, processName: demo.processName, processPid: demo.processPid } : { controlUrl }),
  };
  return { target, baseUrl, sandboxUrl, controlUrl, accountId, credentials, close: () => handle.close() };
}
