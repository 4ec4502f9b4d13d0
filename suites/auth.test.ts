// Section 5: every request carries `Authorization: Bearer <token>`. Section 7 states
// the refusal's status for GET /functions only (401 "Credentials invalid or missing",
// 403 "Insufficient permissions to list functions"); elsewhere a refusal is any 4xx.
// Every refusal carries the Error body of section 7 (suites/support/error-body.ts).
import fc from 'fast-check';
import type { Check } from '../harness/check.ts';
import { rule, type RuleOptions } from '../harness/rule.ts';
import type { HttpResponse, RequestOptions } from '../harness/http.ts';
import { expectRefused } from './support/error-body.ts';
import { sandboxFixture } from '../generators/resources-fixtures.ts';
import { processes } from '../generators/sandbox-address-inputs.ts';
import { controlPlaneReads, sandboxAddressCalls, type CallSet, type PreparedCall } from './support/calls.ts';

/** The status section 7 states for GET /functions; other reads have none stated. */
const refusalOf = (call: PreparedCall, stated: 401 | 403) => (call.operationId === 'listFunctions' ? { status: stated } : {});

/**
 * A property whose every case sends one call of each operation (`calls`), each refused as
 * `expect` says: as many cases as make --runs calls in all, so that every operation is
 * reached whatever --runs is, and the run sends no more than one call a case would.
 */
function eachCallRefused<E>(t: Check, calls: CallSet, extra: fc.Arbitrary<E>, expect: (call: PreparedCall, extra: E) => Promise<void>): Promise<void> {
  return t.property(fc.tuple(calls.each, extra), async ([drawn, more]) => void (await t.atOnce(drawn.map((call) => () => expect(call, more)))), {
    runs: Math.ceil(t.config.runs / calls.operations.length),
  });
}

function send(t: Check, call: PreparedCall, auth: Pick<RequestOptions, 'token' | 'authorization'>): Promise<HttpResponse> {
  return call.api === 'sandbox'
    ? t.sandbox(call.path, { method: call.method, query: call.query, body: call.body, ...auth })
    : t.api(call.path, { method: call.method, query: call.query, ...auth });
}

/**
 * A sandbox that exists, for the reads that must be refused: set through the state where
 * the run can, else the one --sandbox-name names; without either the reads leave
 * GET /sandboxes/{sandboxName} out, and say so.
 */
async function existingSandbox(t: Check): Promise<string | undefined> {
  if (t.data === 'set') {
    const [sandbox] = fc.sample(sandboxFixture(t.config.profile), { seed: t.seed, numRuns: 1 });
    await t.control.set('sandboxes', { items: [sandbox] });
    return (sandbox!.metadata as { name: string }).name;
  }
  if (t.config.sandboxName) return t.config.sandboxName;
  t.note('GET /sandboxes/{sandboxName} was not asked: no sandbox is known to exist (--sandbox-name or --control-url would give one)');
  return undefined;
}

/** The reads of the control plane that must be refused, of resources that exist. */
const refusedReads = async (t: Check) => controlPlaneReads(t.config, await existingSandbox(t));

/**
 * A process of the sandbox, for the calls that name one: set through the state where the
 * run can, else the one --process-pid names; without either they name a process that may
 * not exist, whose 404 passes for a refusal, and the check says so.
 */
async function existingProcess(t: Check): Promise<{ pid: string; name?: string } | undefined> {
  if (t.data === 'set') {
    const [items] = fc.sample(processes, { seed: t.seed, numRuns: 1 });
    await t.control.set('processes', { items });
    return items![0];
  }
  if (t.config.processPid) return { pid: t.config.processPid, ...(t.config.processName ? { name: t.config.processName } : {}) };
  t.note('the process logs and monitor were asked of generated processes, which may not exist: a 404 for an unknown process reads as a refusal (--process-pid would give one that exists)');
  return undefined;
}

/** The calls of the sandbox address, of a process that exists where one is known. */
const refusedSandboxCalls = async (t: Check) => sandboxAddressCalls(t.config, await existingProcess(t));

/** Reads one existing sandbox, set where the run can set it. */
const READS_A_SANDBOX: Pick<RuleOptions, 'states' | 'existing'> = { states: ['sandboxes'], existing: true };

const missingCredentials = rule('auth.missing-credentials', READS_A_SANDBOX, async (t: Check) => {
  await eachCallRefused(t, await refusedReads(t), fc.constant(undefined), async (call) => {
    expectRefused(t, await send(t, call, {}), `${call.method} ${call.path} without credentials`, refusalOf(call, 401));
  });
});

/**
 * Credentials that are not valid: unknown tokens (some as long as the admin token),
 * broken header forms. None is derived from a real token: a target that echoes the
 * header back would put a near copy of the credential into the evidence.
 */
type InvalidCredential =
  | { kind: 'unknown token'; token: string }
  | { kind: 'malformed header'; form: 'Bearer' | 'Bearer and a space' | 'Basic' | 'Token scheme' };

const tokenAlphabet = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.');

const invalidCredential = (admin: string): fc.Arbitrary<InvalidCredential> =>
  fc.oneof(
    fc.string({ minLength: 8, maxLength: 64, unit: tokenAlphabet }).map((token) => ({ kind: 'unknown token' as const, token })),
    fc.string({ minLength: admin.length, maxLength: admin.length, unit: tokenAlphabet }).map((token) => ({ kind: 'unknown token' as const, token })),
    fc.constantFrom('Bearer', 'Bearer and a space', 'Basic', 'Token scheme').map((form) => ({ kind: 'malformed header' as const, form })),
  );

function authorizationOf(credential: InvalidCredential, admin: string): string {
  if (credential.kind === 'unknown token') return `Bearer ${credential.token}`;
  return { Bearer: 'Bearer', 'Bearer and a space': 'Bearer ', Basic: `Basic ${Buffer.from('user:password').toString('base64')}`, 'Token scheme': `Token ${admin}` }[credential.form];
}

const invalidToken = rule('auth.invalid-token', READS_A_SANDBOX, async (t: Check) => {
  const admin = t.config.credentials.admin;
  const calls = await refusedReads(t);
  const expectRefusedWith = async (call: PreparedCall, credential: InvalidCredential) => {
    const res = await send(t, call, { authorization: authorizationOf(credential, admin) });
    expectRefused(t, res, `${call.method} ${call.path} with an invalid credential (${credential.kind}${credential.kind === 'malformed header' ? `: ${credential.form}` : ''})`, refusalOf(call, 401));
  };
  await eachCallRefused(t, calls, invalidCredential(admin), expectRefusedWith);
  // The admin's own token under another scheme, on every read, every run: drawn among the other invalid forms, it goes unsent in some.
  const [each] = fc.sample(calls.each, { seed: t.seed, numRuns: 1 });
  await t.atOnce(each!.map((call) => () => expectRefusedWith(call, { kind: 'malformed header', form: 'Token scheme' })));
});

const noScopeForbidden = rule('auth.no-scope-forbidden', { ...READS_A_SANDBOX, needs: ['noScope'] }, async (t: Check) => {
  await eachCallRefused(t, await refusedReads(t), fc.constant(undefined), async (call) => {
    const res = await send(t, call, { token: t.token('noScope') });
    expectRefused(t, res, `${call.method} ${call.path} with a credential that holds no scope`, refusalOf(call, 403));
  });
});

/** Names one existing process, set where the run can set it. */
const NAMES_A_PROCESS: RuleOptions = { needs: ['sandboxUrl'], states: ['processes'], existing: true };

const sandboxAddressInvalidToken = rule('auth.sandbox-address-invalid-token', NAMES_A_PROCESS, async (t: Check) => {
  const admin = t.config.credentials.admin;
  // In read-only mode only the GET is sent: a target that wrongly accepts a PUT or DELETE would change.
  await eachCallRefused(t, await refusedSandboxCalls(t), invalidCredential(admin), async (call, credential) => {
    const res = await send(t, call, { authorization: authorizationOf(credential, admin) });
    expectRefused(t, res, `${call.method} ${call.path} with an invalid credential (${credential.kind})`, { surface: 'sandbox' });
  });
});

const sandboxAddressRequiresToken = rule('auth.sandbox-address-requires-token', NAMES_A_PROCESS, async (t: Check) => {
  // In read-only mode only the GET is sent: a target that wrongly accepts a PUT or DELETE would change.
  await eachCallRefused(t, await refusedSandboxCalls(t), fc.constant(undefined), async (call) => {
    expectRefused(t, await send(t, call, {}), `${call.method} ${call.path} without a bearer token`, { surface: 'sandbox' });
  });
});

export const checks = [missingCredentials, invalidToken, noScopeForbidden, sandboxAddressInvalidToken, sandboxAddressRequiresToken];
