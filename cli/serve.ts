// `cp-conformance serve`: the reference implementation for demos, for trying a
// fault or a legal variant by hand, and for pointing `run --base-url` at.
import { CREDENTIAL_VARIABLES, type CredentialName } from '../harness/config.ts';
import { faults } from '../reference/faults/index.ts';
import { variants } from '../reference/variants/index.ts';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { DATA_SETS } from '../reference/demo-data.ts';
import { RunError } from '../runner/run-error.ts';

export async function serve(options: { port?: number; fault?: string; variant?: string; data?: string }): Promise<void> {
  if (options.data !== undefined && !(DATA_SETS as readonly string[]).includes(options.data))
    throw new RunError(`unknown data set "${options.data}"; the data sets are: ${DATA_SETS.join(', ')}`);
  if (options.fault !== undefined && !faults.some((f) => f.name === options.fault))
    throw new RunError(`unknown fault "${options.fault}"; the faults are: ${faults.map((f) => f.name).join(', ')}`);
  const variant = options.variant === undefined ? undefined : variants.find((v) => v.name === options.variant);
  if (options.variant !== undefined && !variant)
    throw new RunError(`unknown variant "${options.variant}"; the variants are: ${variants.map((v) => v.name).join(', ')}`);
  let handle;
  try {
    handle = await startReference(options);
  } catch (error) {
    throw new RunError(`cannot start the reference implementation: ${(error as Error).message}`);
  }
  process.stdout.write(
    [
      `reference implementation${handle.fault ? ` with the fault "${handle.fault}"` : ''}${variant ? ` with the variant "${variant.name}" (${variant.description})` : ''} listening`,
      ...Object.entries(targetEnv(handle)).map(([name, value]) => `${name}=${value}`),
      ...(handle.demo
        ? [
            '',
            `It holds the demo data set. Its test-control endpoint is at ${handle.controlUrl}; it is left out above, so that \`run\` works on the data the target holds (CP_CONTROL_URL set: on fixtures it sets).`,
          ]
        : []),
      '',
      `Export these lines and run \`cp-conformance run${variant?.profile ? ` --profile ${variant.profile}` : ''}\`. Ctrl-C stops the server.`,
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => void handle.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/**
 * The environment that points `run` at a started reference implementation, with every
 * credential; holding a data set, with what a run on it reads instead of the control URL.
 */
export function targetEnv(handle: ReferenceHandle): Record<string, string> {
  const c = handle.credentials;
  const demo = handle.demo;
  return {
    CP_BASE_URL: handle.baseUrl,
    CP_SANDBOX_URL: handle.sandboxUrl,
    ...(demo ? { CP_SANDBOX_NAME: demo.sandboxName, CP_PROCESS_NAME: demo.processName, CP_PROCESS_PID: demo.processPid } : { CP_CONTROL_URL: handle.controlUrl }),
    CP_ACCOUNT_ID: handle.accountId,
    ...Object.fromEntries(Object.entries(CREDENTIAL_VARIABLES).map(([name, variable]) => [variable, c[name as CredentialName]])),
  };
}
