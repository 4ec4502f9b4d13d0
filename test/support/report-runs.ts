// Real runs whose reports the report tests read: the command line in a child
// process, as a user runs it, against the reference implementation.
import { startReference } from '../../reference/server.ts';
import { runForResults, targetEnv } from './cli.ts';

/**
 * `--only auth.` against the reference started with the fault
 * `auth-no-scope-reads-sandboxes` and every option but the sandbox URL: its reports hold
 * passed rules, the failure of auth.no-scope-forbidden with its evidence, and the
 * two sandbox-address rules skipped for want of the sandbox URL.
 */
export async function runWithEveryStatus(): ReturnType<typeof runForResults> {
  const ref = await startReference({ fault: 'auth-no-scope-reads-sandboxes' });
  try {
    const env = targetEnv(ref);
    delete env.CP_SANDBOX_URL;
    return await runForResults(['--only', 'auth.'], env);
  } finally {
    await ref.close();
  }
}

/**
 * The SHOULD rule functions.sort.unknown-rejected against the reference started with
 * the fault `functions-unknown-sort-served`: its reports hold a warning, and `extra`
 * (for example `--strict`) decides the exit status.
 */
export async function runWithWarning(extra: string[] = []): ReturnType<typeof runForResults> {
  const ref = await startReference({ fault: 'functions-unknown-sort-served' });
  try {
    return await runForResults(['--only', 'functions.sort.', ...extra], targetEnv(ref));
  } finally {
    await ref.close();
  }
}
