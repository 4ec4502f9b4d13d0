// Section 7, read once for every area: the control plane's Error body ("error |
// string | Required", "code | integer | HTTP status code", "message | string") and the
// sandbox address's ("an object with `error` (string)"). Only `error` is Required
// (CONTRACT 3): `code` may be absent and, when present, equals the HTTP status.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { describeBody, isObject } from './json.ts';


/** Why `res` does not carry the control-plane Error body, or undefined when it does. */
export function errorBodyProblem(res: HttpResponse): string | undefined {
  const body = res.json;
  if (!isObject(body)) return `the answer has ${describeBody(res)}, not an Error object {error, code?, message?}`;
  if (typeof body.error !== 'string') return 'the Error body has no string "error" (section 7: Required)';
  // A null where nothing is required is a field left out (harness/validator.ts, absentNulls).
  if (body.code !== undefined && body.code !== null && body.code !== res.status)
    return `the Error body's code is ${JSON.stringify(body.code)}, not the HTTP status ${res.status} (section 7: "code | integer | HTTP status code")`;
  if (body.message !== undefined && body.message !== null && typeof body.message !== 'string') return `the Error body's message is ${JSON.stringify(body.message)}, not a string`;
  return undefined;
}

/** Why `res` does not carry the sandbox-address error body, or undefined when it does. */
export function sandboxErrorProblem(res: HttpResponse): string | undefined {
  const body = res.json;
  if (!isObject(body) || typeof body.error !== 'string') return `the answer has ${describeBody(res)}, not the sandbox-address error body {error: string}`;
  return undefined;
}

/**
 * The statuses a refusal of the caller's input may take, from a profile's list of error
 * statuses that section 7 does not show: its 4xx, or the whole list when it holds none.
 */
export function refusalStatuses(listed: readonly number[]): number[] {
  const clientErrors = listed.filter((s) => s >= 400 && s < 500);
  return clientErrors.length ? clientErrors : [...listed];
}

export interface Refusal {
  /** The status the words state; absent: any 4xx. */
  status?: number | readonly number[];
  /** Which error body: the control plane's (default) or the sandbox address's. */
  surface?: 'control' | 'sandbox';
}

/** Fails the check unless `what` was refused: the stated status (else a 4xx) and the error body of its surface. */
export function expectRefused(t: Check, res: HttpResponse, what: string, refusal: Refusal = {}): void {
  const statuses = refusal.status === undefined ? undefined : ([] as number[]).concat(refusal.status);
  const expected = statuses ? statuses.join(' or ') : 'a 4xx';
  const refused = statuses ? statuses.includes(res.status) : res.status >= 400 && res.status < 500;
  t.assert(refused, `${what} must be refused with ${expected} and an error body; got ${res.status} with ${describeBody(res)}`);
  const problem = refusal.surface === 'sandbox' ? sandboxErrorProblem(res) : errorBodyProblem(res);
  t.assert(!problem, `${what} is refused with ${res.status} but ${problem}`);
}
