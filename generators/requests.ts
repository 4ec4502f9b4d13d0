// Requests derived from the OpenAPI documents, by operationId: valid ones (each
// optional parameter present or not, each value within its schema and the semantics
// of its `x-` extensions) and invalid ones (exactly one parameter breaks exactly one
// constraint). Nothing here is written per endpoint: it loops over the operation's
// parameters. Header parameters are left out: `Service-Version` selects the
// response shape, so checks set it themselves.
import fc from 'fast-check';
import type { QueryValue } from '../spec/openapi.ts';
import { defaultProfile, type Profile } from '../spec/profile.ts';
import { hasWindow, resolutionParameter, validWindowArb, WINDOW_END, WINDOW_START, windowAboveCapArb, type Window } from './metrics-window.ts';
import { expandPath, findOperation, type Operation, type Parameter, type ParameterLocation } from './operations.ts';
import { parameterBreaks, validParameterValue, type BreakKind, type CallerOptions } from './parameter-values.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';

export interface RequestGenerationOptions {
  /** Where the specification is silent (parameter names, resolutions, paths); default: the profile defaults. */
  profile?: Profile;
  /** Whether the caller is admin (default true): admin-only parameters and values appear only for admins. */
  asAdmin?: boolean;
  /**
   * Values only the target's data can supply (accountId, workspace, a cursor from an
   * earlier page), by parameter name. They replace the generated values and are
   * never broken; optional parameters stay optional.
   */
  pinned?: Readonly<Record<string, fc.Arbitrary<QueryValue>>>;
}

export interface GeneratedRequest {
  operationId: string;
  method: string;
  /** The path to append to the server URL, parameters filled in and encoded. */
  urlPath: string;
  /** Path parameters, not encoded. */
  pathParams: Record<string, string>;
  query: Record<string, QueryValue>;
  /** The JSON body, for operations that take one. */
  body?: Record<string, unknown>;
}

export interface BrokenParameter {
  parameter: string;
  in: ParameterLocation;
  how: BreakKind;
}

export interface InvalidRequest extends GeneratedRequest {
  broken: BrokenParameter;
}

type Draft = Pick<GeneratedRequest, 'pathParams' | 'query' | 'body'>;

interface Candidate {
  parameter: Parameter;
  how: BreakKind;
  apply: (draft: Draft) => fc.Arbitrary<Draft>;
}

function callerOf(options: RequestGenerationOptions): CallerOptions {
  return { asAdmin: options.asAdmin ?? true };
}

/** Keeps only the defined entries, so an absent optional parameter is absent, not `undefined`. */
function defined<T>(record: Record<string, T | undefined>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Record<string, T>;
}

function withValue(draft: Draft, parameter: Parameter, value: QueryValue | undefined): Draft {
  switch (parameter.in) {
    case 'path':
      return { ...draft, pathParams: { ...draft.pathParams, [parameter.name]: String(value) } };
    case 'body':
      return { ...draft, body: defined({ ...draft.body, [parameter.name]: value }) };
    default:
      return { ...draft, query: defined({ ...draft.query, [parameter.name]: value }) };
  }
}

/** `x-only-with-<other>: [values]`: the parameter is supported only when <other> (or its default) is one of them. */
function dependency(parameter: Parameter): { on: string; values: readonly unknown[] } | undefined {
  for (const [key, values] of Object.entries(parameter.extensions)) {
    const match = /^x-only-with-(.+)$/.exec(key);
    if (match?.[1] && Array.isArray(values)) return { on: match[1], values };
  }
  return undefined;
}

/**
 * Resolves combinations the specification does not define: a parameter supported
 * only with some values of another (`x-only-with-<other>`) is left out when the other
 * has a different value or is the broken one. When the dependent parameter is itself
 * the broken one, the other goes back to its default instead, so the break stays
 * the only thing wrong.
 */
function withoutUnsupportedCombinations(operation: Operation, draft: Draft, broken?: Parameter): Draft {
  const query = { ...draft.query };
  for (const parameter of operation.parameters) {
    const dep = dependency(parameter);
    if (!dep || query[parameter.name] === undefined) continue;
    const other = operation.parameters.find((p) => p.name === dep.on);
    if (broken?.name === dep.on) delete query[parameter.name];
    else if (dep.values.includes(query[dep.on] ?? other?.schema.default)) continue;
    else if (broken?.name === parameter.name) delete query[dep.on];
    else delete query[parameter.name];
  }
  return { ...draft, query };
}

/** A valid draft: the generic values, then the window fitted to the chosen resolution. */
function validDraftArb(operation: Operation, options: RequestGenerationOptions): fc.Arbitrary<Draft> {
  const caller = callerOf(options);
  const pathModel: Record<string, fc.Arbitrary<string>> = {};
  const queryModel: Record<string, fc.Arbitrary<QueryValue>> = {};
  const requiredQuery: string[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const arb = options.pinned?.[parameter.name] ?? validParameterValue(parameter, caller);
    if (!arb) continue;
    if (parameter.in === 'path') pathModel[parameter.name] = arb.map(String);
    else {
      queryModel[parameter.name] = arb;
      if (parameter.required) requiredQuery.push(parameter.name);
    }
  }
  const draft: fc.Arbitrary<Draft> = fc.record({
    pathParams: fc.record(pathModel, { noNullPrototype: true }),
    query: fc.record(queryModel, { requiredKeys: requiredQuery, noNullPrototype: true }),
    ...(operation.requestBody
      ? { body: arbitraryFromSchema(operation.requestBody, { skipReadOnly: true }) as fc.Arbitrary<Record<string, unknown>> }
      : {}),
  });
  const profile = options.profile ?? defaultProfile;
  const resolution = resolutionParameter(operation.parameters);
  const windowed = hasWindow(operation.parameters) && !options.pinned?.[WINDOW_START] && !options.pinned?.[WINDOW_END];
  // One window arbitrary per resolution, built once: building arbitraries inside `chain` on every sample is slow.
  const windows = new Map<string | undefined, fc.Arbitrary<Window>>();
  const windowFor = (resolutionValue: string | undefined): fc.Arbitrary<Window> => {
    let arb = windows.get(resolutionValue);
    if (!arb) windows.set(resolutionValue, (arb = validWindowArb(profile, resolutionValue)));
    return arb;
  };
  const fitted = windowed
    ? draft.chain((d) => {
        const chosen = resolution ? d.query[resolution.name] : undefined;
        return windowFor(typeof chosen === 'string' ? chosen : undefined).map((w) => ({ ...d, query: { ...d.query, ...w } }));
      })
    : draft;
  return fitted.map((d) => withoutUnsupportedCombinations(operation, d));
}

function finish(operation: Operation, draft: Draft): GeneratedRequest {
  return {
    operationId: operation.operationId,
    method: operation.method,
    urlPath: expandPath(operation, draft.pathParams),
    ...draft,
  };
}

/** Requests the target must accept: every parameter valid, optional ones sometimes absent. */
export function validRequest(operationId: string, options: RequestGenerationOptions = {}): fc.Arbitrary<GeneratedRequest> {
  const operation = findOperation(operationId, options.profile ?? defaultProfile);
  return validDraftArb(operation, options).map((draft) => finish(operation, draft));
}

/** Every single-constraint break the operation's parameters allow. */
function breakCandidates(operation: Operation, options: RequestGenerationOptions): Candidate[] {
  const candidates: Candidate[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header' || parameter.in === 'cookie' || options.pinned?.[parameter.name]) continue;
    for (const { how, value } of parameterBreaks(parameter, callerOf(options))) {
      candidates.push({ parameter, how, apply: (draft) => value.map((v) => withValue(draft, parameter, v)) });
    }
  }
  const resolution = resolutionParameter(operation.parameters);
  const aboveCap = windowAboveCapArb(options.profile ?? defaultProfile);
  if (resolution && aboveCap && hasWindow(operation.parameters)) {
    candidates.push({
      parameter: resolution,
      how: 'window-above-cap',
      apply: (draft) =>
        aboveCap.map(({ resolution: value, ...window }) => ({ ...draft, query: { ...draft.query, ...window, [resolution.name]: value } })),
    });
  }
  return candidates;
}

/** Requests with exactly one parameter that breaks exactly one constraint; throws when the operation has none to break. */
export function invalidRequest(operationId: string, options: RequestGenerationOptions = {}): fc.Arbitrary<InvalidRequest> {
  const operation = findOperation(operationId, options.profile ?? defaultProfile);
  const candidates = breakCandidates(operation, options);
  if (candidates.length === 0) throw new Error(`${operationId} has no parameter with a constraint to break`);
  const valid = validDraftArb(operation, options);
  return fc.constantFrom(...candidates).chain((candidate) =>
    valid
      .chain(candidate.apply)
      .map((draft) => ({
        ...finish(operation, withoutUnsupportedCombinations(operation, draft, candidate.parameter)),
        broken: { parameter: candidate.parameter.name, in: candidate.parameter.in, how: candidate.how },
      })),
  );
}
