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

/** Authorization values that carry no valid credential: unknown tokens, a valid one altered, broken forms. */
const invalidAuthorization = (admin: string) =>
  fc.oneof(
    fc.string({ minLength: 8, maxLength: 64, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.') }).map((s) => `Bearer ${s}`),
    fc.nat({ max: admin.length - 1 }).map((i) => `Bearer ${admin.slice(0, i)}${admin[i] === 'x' ? 'y' : 'x'}${admin.slice(i + 1)}`),
    fc.integer({ min: 1, max: admin.length - 1 }).map((n) => `Bearer ${admin.slice(0, n)}`),
    fc.constantFrom('Bearer', 'Bearer ', `Basic ${Buffer.from('user:password').toString('base64')}`, `Token ${admin}x`),
  );

rule('auth.invalid-token', {}, async (t: Check) => {
  const arb = fc.tuple(controlPlaneReads(t.config), invalidAuthorization(t.config.credentials.admin));
  await t.property(arb, async ([call, authorization]) => {
    const res = await send(t, call, { authorization });
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
