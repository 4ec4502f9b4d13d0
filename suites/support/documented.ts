// Answers checked against the OpenAPI documents (spec/), shared by every area.
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { responseErrors } from '../../harness/validator.ts';

import { show } from './json.ts';


/** How a JSON answer differs from the document's response for its status; [] when it matches. */
export function documentErrors(operationId: string, res: HttpResponse, api: 'controlPlane' | 'sandbox' = 'controlPlane'): string[] {
  if (!res.isJson) return [`${operationId} answered ${res.status} with a body that is not JSON: ${show(res.text)}`];
  const errors = responseErrors(api, operationId, res.status, res.json);
  return errors.length ? [`the ${res.status} answer of ${operationId} does not match the OpenAPI document: ${errors.join('; ')}`] : [];
}

/** Fails the check with every problem found. */
export function expectNoProblems(t: Check, problems: string[]): void {
  t.assert(problems.length === 0, problems.slice(0, 8).join('; ') + (problems.length > 8 ? `; and ${problems.length - 8} more` : ''));
}

/** Fails the check when the answer is not JSON or does not match the document. */
export function expectDocumented(t: Check, operationId: string, res: HttpResponse, api: 'controlPlane' | 'sandbox' = 'controlPlane'): void {
  expectNoProblems(t, documentErrors(operationId, res, api));
}
