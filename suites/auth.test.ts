// Section 5: every request carries `Authorization: Bearer <token>`; section 7: a
// refusal carries the Error body with `code` equal to the HTTP status.
import fc from 'fast-check';
import type { Check } from '../harness/check.ts';
import { rule } from '../harness/check.ts';
import type { HttpResponse, RequestOptions } from '../harness/http.ts';
import { responseErrors } from '../harness/validator.ts';
import { controlPlaneReads, sandboxAddressCalls, type PreparedCall } from './support/operations.ts';

/** The Error body of section 7 with `code` equal to the status. */
function assertErrorBody(t: Check, res: HttpResponse, operationId: string): void {
  const body = res.json as { code?: unknown } | undefined;
  t.assert(res.isJson, `the ${res.status} answer must carry the Error body of section 7, got a non-JSON body`);
  const errors = responseErrors('controlPlane', operationId, res.status, res.json);
  t.assert(errors.length === 0, `the ${res.status} answer is not an Error body: ${errors.join('; ')}`);
  t.assert(body?.code === res.status, `the Error body's code must equal the HTTP status ${res.status}, got ${JSON.stringify(body?.code)}`);
}

function send(t: Check, call: PreparedCall, auth: Pick<RequestOptions, 'token' | 'authorization'>): Promise<HttpResponse> {
  return call.api === 'sandbox'
    ? t.sandbox(call.path, { method: call.method, query: call.query, body: call.body, ...auth })
    : t.api(call.path, { method: call.method, query: call.query, ...auth });
}

rule('auth.missing-credentials', {}, async (t: Check) => {
  await t.property(controlPlaneReads(t.config), async (call) => {
    const res = await send(t, call, {});
    t.assert(res.status === 401, `${call.method} ${call.path} without credentials must be refused with 401, got ${res.status}`);
    assertErrorBody(t, res, call.operationId);
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

rule('auth.invalid-token', {}, async (t: Check) => {
  const admin = t.config.credentials.admin;
  await t.property(fc.tuple(controlPlaneReads(t.config), invalidCredential(admin)), async ([call, credential]) => {
    const res = await send(t, call, { authorization: authorizationOf(credential, admin) });
    t.assert(res.status === 401, `${call.method} ${call.path} with an invalid credential must be refused with 401, got ${res.status}`);
    assertErrorBody(t, res, call.operationId);
  });
});

rule('auth.no-scope-forbidden', { needs: ['noScope'] }, async (t: Check) => {
  await t.property(controlPlaneReads(t.config), async (call) => {
    const res = await send(t, call, { token: t.token('noScope') });
    t.assert(res.status === 403, `${call.method} ${call.path} with a credential that holds no scope must be refused with 403, got ${res.status}`);
    assertErrorBody(t, res, call.operationId);
  });
});

rule('auth.sandbox-address-requires-token', { needs: ['sandboxUrl'] }, async (t: Check) => {
  // In read-only mode only the GET is sent: a target that wrongly accepts a PUT or DELETE would change.
  await t.property(sandboxAddressCalls(t.config), async (call) => {
    const res = await send(t, call, {});
    t.assert(res.status >= 400 && res.status < 500, `${call.method} ${call.path} without a bearer token must be refused with a 4xx, got ${res.status}`);
    const body = res.json as { error?: unknown } | undefined;
    t.assert(typeof body?.error === 'string', `the refusal must carry the sandbox-address error body {error: string}, got ${res.text.slice(0, 200)}`);
  });
});
