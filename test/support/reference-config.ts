import type { SuiteConfig } from '../../harness/config.ts';
import { createShared } from '../../harness/coordination.ts';
import type { ReferenceHandle } from '../../reference/server.ts';
import { defaultProfile } from '../../spec/profile.ts';

/** The suite configuration of an in-process run against a started reference, with every credential. */
export function referenceConfig(ref: ReferenceHandle, settings: Pick<SuiteConfig, 'seed' | 'runs'> & Partial<SuiteConfig>): SuiteConfig {
  return {
    baseUrl: ref.baseUrl,
    sandboxUrl: ref.sandboxUrl,
    controlUrl: ref.controlUrl,
    accountId: ref.accountId,
    credentials: ref.credentials,
    profile: defaultProfile,
    timeoutMs: 10_000,
    concurrency: 1,
    readOnly: false,
    shared: createShared(),
    ...settings,
  };
}

/**
 * The configuration of a run on the data a reference started with `data: 'demo'` holds
 * (CONTRACT 1.3): every credential, the demo's sandbox and process, and no control URL.
 */
export function existingDataConfig(ref: ReferenceHandle, settings: Pick<SuiteConfig, 'seed' | 'runs'> & Partial<SuiteConfig>): SuiteConfig {
  if (!ref.demo) throw new Error('the reference holds no demo data: start it with data: "demo"');
  const { controlUrl: _none, ...config } = referenceConfig(ref, settings);
  return { ...config, ...ref.demo };
}
