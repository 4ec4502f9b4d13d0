// The generators: valid requests are valid parameter by parameter, invalid ones break
// exactly one parameter, and fixtures conform to their component schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { componentErrors } from '../harness/validator.ts';
import { defaultProfile } from '../spec/profile.ts';
import { maxWindowSeconds } from '../generators/metrics-window.ts';
import { findOperation, type Operation, type Parameter } from '../generators/operations.ts';
import { parameterBreaks, validParameterValue, type BreakKind } from '../generators/parameter-values.ts';
import { invalidRequest, validRequest, type GeneratedRequest } from '../generators/requests.ts';
import { customDomainArb, egressIpArb, functionArb, sandboxArb, uniqueByName, usageEventArb } from '../generators/components.ts';
import { allOperationIds } from './support/operation-ids.ts';
import { sampleFixtureSet, SCRAMBLE_PADDING, scrambleCaseAndSpaces, searchQueryArb } from '../generators/functions-fixtures.ts';
import { MAX_QUERY_LENGTH } from '../spec/facts.ts';
import { drawnOnce } from '../generators/drawn-once.ts';
import { nthInput } from '../harness/property.ts';

const ajv = new Ajv2020({ strict: false });
addFormats.default(ajv);

const OPERATIONS = allOperationIds;
/** Operations whose parameters have no constraint to break. */
const NOTHING_TO_BREAK = ['listEgressIps', 'listCustomDomains', 'getMetricsGroupByEnum', 'getProcessLogs'];
const RUNS = { numRuns: 200 };

/** The schema keyword each kind of break breaks. */
const KEYWORD_OF_BREAK: Partial<Record<BreakKind, string>> = {
  'below-minimum': 'minimum',
  'above-maximum': 'maximum',
  'not-an-integer': 'type',
  'not-a-boolean': 'type',
  'not-in-enum': 'enum',
  'too-many-items': 'x-max-items',
  'over-max-length': 'maxLength',
  'pattern-mismatch': 'pattern',
  'not-a-date-time': 'format',
};

/**
 * Whether a parameter's value is one the specification makes valid (undefined:
 * absent), optionally not counting one keyword.
 */
function isValid(parameter: Parameter, value: unknown, ignoring?: string): boolean {
  if (value === undefined) return !parameter.required;
  const { extensions } = parameter;
  const schema: Record<string, unknown> = { ...parameter.schema };
  // A clamped parameter accepts any value above its maximum.
  if (extensions['x-clamp-above-maximum']) delete schema.maximum;
  const list = extensions['x-comma-separated-enum'] as string[] | undefined;
  if (list) {
    const items = String(value).split(',');
    const maxItems = (extensions['x-max-items'] as number | undefined) ?? list.length;
    return (
      (ignoring === 'x-max-items' || items.length <= maxItems) &&
      new Set(items).size === items.length &&
      (ignoring === 'enum' || items.every((item) => list.includes(item)))
    );
  }
  if (ignoring) delete schema[ignoring];
  return ajv.validate(schema, value);
}

function valueOf(request: GeneratedRequest, parameter: Parameter): unknown {
  if (parameter.in === 'path') return request.pathParams[parameter.name];
  if (parameter.in === 'body') return request.body?.[parameter.name];
  return request.query[parameter.name];
}

/** The parameters (not headers) whose values are invalid. */
function invalidParameters(operation: Operation, request: GeneratedRequest): string[] {
  return operation.parameters
    .filter((p) => p.in !== 'header' && !isValid(p, valueOf(request, p)))
    .map((p) => p.name);
}

function windowProblem(request: GeneratedRequest): string | undefined {
  const { startTime, endTime, resolution } = request.query;
  if (typeof startTime !== 'string' || typeof endTime !== 'string') return undefined;
  const seconds = (Date.parse(endTime) - Date.parse(startTime)) / 1000;
  if (!(seconds > 0)) return 'the window is empty or reversed';
  const cap = maxWindowSeconds(defaultProfile, typeof resolution === 'string' ? resolution : undefined);
  return cap !== null && seconds > cap ? 'the window is beyond the cap of its resolution' : undefined;
}

function unknownParameters(operation: Operation, request: GeneratedRequest): string[] {
  const names = new Set(operation.parameters.map((p) => p.name));
  return [...Object.keys(request.query), ...Object.keys(request.pathParams)].filter((name) => !names.has(name));
}

describe('valid requests', () => {
  test.each(OPERATIONS)('%s: every parameter within its schema and the semantics of its extensions', (operationId) => {
    const operation = findOperation(operationId, defaultProfile);
    fc.assert(
      fc.property(validRequest(operationId), (request) => {
        expect(invalidParameters(operation, request)).toEqual([]);
        expect(unknownParameters(operation, request)).toEqual([]);
        expect(windowProblem(request)).toBeUndefined();
        if (request.query.anchor !== undefined) expect([undefined, 'createdAt:asc', 'createdAt:desc']).toContain(request.query.sort);
        if (operation.requestBody) expect(componentErrors('sandbox', 'FileWriteRequest', request.body)).toEqual([]);
        expect(request.urlPath).not.toMatch(/\{/);
      }),
      RUNS,
    );
  });

  test('a limit above its maximum is generated as valid, since the server clamps it', () => {
    const limits = fc.sample(validRequest('listFunctions'), 2000).map((r) => r.query.limit);
    expect(limits.some((limit) => typeof limit === 'number' && limit > 200)).toBe(true);
  });

  test('a non-admin caller gets no admin-only parameter or value', () => {
    fc.assert(
      fc.property(validRequest('getAccountMetrics', { asAdmin: false }), (request) => {
        expect(request.query.workspace).toBeUndefined();
        expect(String(request.query.groupBy ?? '').split(',')).not.toContain('workspace');
      }),
      RUNS,
    );
  });

  test('the secrets parameter and the metrics path come from the profile', () => {
    const profile = { ...defaultProfile, showSecretsParam: 'reveal', metricsPath: '/accounts/{accountId}/usage' };
    const sandboxRequests = fc.sample(validRequest('getSandbox', { profile }), 300);
    expect(sandboxRequests.some((r) => typeof r.query.reveal === 'boolean')).toBe(true);
    expect(sandboxRequests.every((r) => !('show_secrets' in r.query))).toBe(true);
    const [metrics] = fc.sample(validRequest('getAccountMetrics', { profile, pinned: { accountId: fc.constant('acc 1') } }), 1);
    expect(metrics?.urlPath).toBe('/accounts/acc%201/usage');
  });

  test('a path parameter that allows slashes keeps them, each segment encoded', () => {
    fc.assert(
      fc.property(validRequest('writeFile'), (request) => {
        expect(request.urlPath).toBe(`/filesystem/${request.pathParams.path?.split('/').map(encodeURIComponent).join('/')}`);
      }),
      RUNS,
    );
  });
});

describe('invalid requests', () => {
  const breakable = OPERATIONS.filter((id) => !NOTHING_TO_BREAK.includes(id));

  test.each(breakable)('%s: exactly one parameter breaks exactly one constraint', (operationId) => {
    const operation = findOperation(operationId, defaultProfile);
    fc.assert(
      fc.property(invalidRequest(operationId), (request) => {
        const { parameter, how } = request.broken;
        if (how === 'window-above-cap') {
          expect(invalidParameters(operation, request)).toEqual([]);
          expect(windowProblem(request)).toBe('the window is beyond the cap of its resolution');
          return;
        }
        expect(invalidParameters(operation, request)).toEqual([parameter]);
        const keyword = KEYWORD_OF_BREAK[how];
        const broken = operation.parameters.find((p) => p.name === parameter);
        if (keyword && broken) expect(isValid(broken, valueOf(request, broken), keyword)).toBe(true);
        if (!['startTime', 'endTime', 'resolution'].includes(parameter)) expect(windowProblem(request)).toBeUndefined();
      }),
      RUNS,
    );
  });

  test.each(NOTHING_TO_BREAK)('%s has nothing to break, and says so', (operationId) => {
    expect(() => invalidRequest(operationId)).toThrow(/no parameter with a constraint to break/);
  });

  test('the metrics breaks include the specified 400s: too many dimensions and a window beyond the cap', () => {
    const kinds = new Set(fc.sample(invalidRequest('getAccountMetrics', { asAdmin: false }), 2000).map((r) => r.broken.how));
    expect(kinds).toContain('too-many-items');
    expect(kinds).toContain('window-above-cap');
    expect(kinds).toContain('missing-required');
  });

  test('no break is a value the specification makes valid: no clamped limit above its maximum, no over-long q', () => {
    const hows = fc.sample(invalidRequest('listFunctions'), 2000).map((r) => `${r.broken.parameter}:${r.broken.how}`);
    expect(hows).not.toContain('limit:above-maximum');
    expect(hows).not.toContain('q:over-max-length');
    expect(new Set(hows)).toEqual(new Set(['limit:below-minimum', 'limit:not-an-integer', 'sort:not-in-enum', 'anchor:not-in-enum']));
  });
});

describe('parameter values', () => {
  const integer = (extensions: Record<string, unknown>): Parameter => ({
    name: 'n',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 10, ...extensions },
    extensions,
  });
  const text = (extensions: Record<string, unknown>): Parameter => ({
    name: 's',
    in: 'query',
    required: false,
    schema: { type: 'string', maxLength: 5, ...extensions },
    extensions,
  });
  const kinds = (p: Parameter) => parameterBreaks(p, { asAdmin: true }).map((b) => b.how);

  test('above the maximum is a break only where the value is not clamped', () => {
    expect(kinds(integer({}))).toContain('above-maximum');
    expect(kinds(integer({ 'x-clamp-above-maximum': true }))).not.toContain('above-maximum');
  });

  test('over maxLength is a break only where the specification does not allow cutting', () => {
    expect(kinds(text({}))).toContain('over-max-length');
    expect(kinds(text({ 'x-over-max-length': 'lenient' }))).not.toContain('over-max-length');
  });

  test('an admin-only parameter is neither generated nor broken for a non-admin caller', () => {
    const p = text({ 'x-admin-only': true });
    expect(validParameterValue(p, { asAdmin: false })).toBeUndefined();
    expect(kinds(p)).not.toEqual([]);
    expect(parameterBreaks(p, { asAdmin: false })).toEqual([]);
  });
});

describe('resources for fixtures', () => {
  test.each([
    ['Function', functionArb],
    ['Sandbox', sandboxArb],
    ['EgressIp', egressIpArb],
    ['CustomDomain', customDomainArb],
    ['UsageEvent', usageEventArb],
  ] as const)('%s samples conform to the component schema', (name, arb) => {
    fc.assert(
      fc.property(arb, (resource: unknown) => {
        expect(componentErrors('controlPlane', name, resource)).toEqual([]);
      }),
      RUNS,
    );
  });

  test('fixtures carry no read-only field but metadata.createdAt', () => {
    fc.assert(
      fc.property(functionArb, sandboxArb, egressIpArb, customDomainArb, (...resources) => {
        for (const resource of resources) {
          for (const field of ['status', 'events', 'state', 'lastUsedAt', 'expiresIn']) expect(resource).not.toHaveProperty(field);
          for (const field of ['updatedAt', 'createdBy', 'updatedBy', 'plan', 'url', 'workspace'])
            expect(resource.metadata).not.toHaveProperty(field);
        }
      }),
      RUNS,
    );
  });

  test('a function that is public or has a trigger timeout is generation mk3', () => {
    fc.assert(
      fc.property(functionArb, (fn) => {
        const spec = fn.spec ?? {};
        const triggers = (spec.triggers as { configuration?: { timeout?: number } }[] | undefined) ?? [];
        if (spec.public === true || triggers.some((t) => t.configuration?.timeout !== undefined))
          expect((spec.runtime as { generation?: string } | undefined)?.generation).toBe('mk3');
      }),
      RUNS,
    );
  });

  test('fixtures set metadata.createdAt some of the time', () => {
    expect(fc.sample(sandboxArb, 200).some((box) => typeof box.metadata.createdAt === 'string')).toBe(true);
  });

  test('uniqueByName gives distinct names', () => {
    fc.assert(
      fc.property(uniqueByName(functionArb, { minLength: 2, maxLength: 6 }), (functions) => {
        expect(new Set(functions.map((f) => f.metadata.name)).size).toBe(functions.length);
        expect(functions.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 50 },
    );
  });

  test('usage events are in UTC', () => {
    fc.assert(
      fc.property(usageEventArb, (event) => {
        expect(event.time).toMatch(/Z$/);
      }),
      RUNS,
    );
  });
});

describe('search queries (generators/functions-fixtures.ts)', () => {
  // Together: a query drawn within 200 - SCRAMBLE_PADDING and scrambled stays within the 200 characters a target may refuse beyond.
  test('a query is drawn within the length asked for, over label values longer than 200 characters too', () => {
    const options = { minSize: 20, maxSize: 60, sharedLabel: true, longLabelValues: true };
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 13, max: MAX_QUERY_LENGTH }), (seed, maxLength) => {
        const queries = fc.sample(searchQueryArb(sampleFixtureSet(seed, options), maxLength), { seed, numRuns: 20 });
        expect(Math.max(...queries.map((q) => q.length))).toBeLessThanOrEqual(maxLength);
      }),
      { numRuns: 100 },
    );
  });

  test('scrambling adds at most SCRAMBLE_PADDING spaces', () => {
    fc.assert(fc.property(fc.string(), fc.integer(), (text, seed) => {
      const [scrambled] = fc.sample(scrambleCaseAndSpaces(text), { seed, numRuns: 1 });
      expect(scrambled!.length - text.length).toBeLessThanOrEqual(SCRAMBLE_PADDING);
      expect(scrambled!.trim().toLowerCase()).toBe(text.trim().toLowerCase());
    }));
  });
});

describe('a draw several properties make alike, made once (drawnOnce)', () => {
  const counted = () => {
    let generated = 0;
    const arb = drawnOnce(fc.array(fc.nat(), { minLength: 3, maxLength: 3 }).map((xs) => (generated++, xs)));
    return { arb, generated: () => generated };
  };
  test('the same seed and index draw the same value, generated once; another draw is another value', () => {
    const { arb, generated } = counted();
    const first = nthInput(fc.tuple(arb, fc.nat()), 7, 3);
    const again = nthInput(fc.tuple(arb, fc.nat()), 7, 3);
    expect(again).toEqual(first);
    expect(again[0]).toBe(first[0]);
    expect(generated()).toBe(1);
    expect(nthInput(fc.tuple(arb, fc.nat()), 7, 4)).not.toEqual(first);
  });
  test('what is drawn after it does not depend on whether the draw was kept: a forgotten draw is made again, the same', () => {
    const seeds = Array.from({ length: 10 }, (_, i) => i);
    const { arb } = counted();
    const kept = nthInput(fc.tuple(arb, fc.nat()), 11, 0);
    for (const seed of seeds) nthInput(arb, seed, 0);
    expect(nthInput(fc.tuple(arb, fc.nat()), 11, 0)).toEqual(kept);
  });
  test('it shrinks as the arbitrary it wraps', () => {
    const { arb } = counted();
    const result = fc.check(fc.property(arb, (xs) => xs.every((x) => x < 5)), { seed: 3 });
    expect(result.failed).toBe(true);
    expect(Math.max(...result.counterexample![0]!)).toBe(5);
  });
});
