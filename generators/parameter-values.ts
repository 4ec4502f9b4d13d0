// Values of one parameter: the ones its schema and `x-` extensions make valid, and
// the ones that break exactly one of its constraints. A value the specification's
// semantics make valid (a clamped limit above its maximum, an over-long `q` that
// may be cut) is never offered as a break: a false alarm is a defect of the suite.
import fc from 'fast-check';
import { stringMatching } from './string-matching.ts';
import type { QueryValue } from '../spec/openapi.ts';
import type { Parameter } from './operations.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';

export type BreakKind =
  | 'missing-required'
  | 'below-minimum'
  | 'above-maximum'
  | 'not-an-integer'
  | 'not-a-boolean'
  | 'not-in-enum'
  | 'too-many-items'
  | 'over-max-length'
  | 'pattern-mismatch'
  | 'not-a-date-time'
  /** Cross-parameter: an explicit metrics resolution with a window beyond its cap (see metrics-window.ts). */
  | 'window-above-cap';

export interface ParameterBreak {
  how: BreakKind;
  /** The broken value; undefined means the parameter is left out. */
  value: fc.Arbitrary<QueryValue | undefined>;
}

export interface CallerOptions {
  /** Whether the caller is account/workspace admin: admin-only parameters and values appear only then. */
  asAdmin: boolean;
}

/**
 * Parameters whose only valid values come from an earlier response (`meta.nextCursor`):
 * no value can be made up for them, so they are generated only when the caller pins one.
 */
const FROM_PREVIOUS_RESPONSE = new Set(['cursor']);

/**
 * One path segment that no router or URL parser rewrites: non-empty, no `/`, not `.`
 * or `..` (WHATWG URLs resolve those even when percent-encoded).
 */
const PATH_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,23}$/;
const PATH_SEGMENT_CHARS = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const segmentArb = stringMatching(PATH_SEGMENT);

/** A lowercase token that is none of `values`, not even by case or surrounding space. */
function unknownTokenArb(values: readonly unknown[]): fc.Arbitrary<string> {
  const known = new Set(values.map((v) => String(v).toLowerCase()));
  return stringMatching(/^[a-z][a-z0-9_]{0,15}$/).filter((token) => !known.has(token));
}

/** Strings no date-time parser accepts (numbers are left out: a lenient server may read epoch seconds). */
const NOT_A_DATE_TIME = ['not-a-date', 'yesterday', '2024-13-45T25:61:00Z'];
/** Strings no boolean parser accepts (`yes`, `1`, `t` are left out: lenient parsers read them). */
const NOT_A_BOOLEAN = ['maybe', 'neither', 'truthy'];

function commaEnum(parameter: Parameter, options: CallerOptions): string[] | undefined {
  const values = parameter.extensions['x-comma-separated-enum'] as string[] | undefined;
  const adminOnly = parameter.extensions['x-admin-only-value'];
  return values?.filter((v) => options.asAdmin || v !== adminOnly);
}

function lengthFits(parameter: Parameter): (value: string) => boolean {
  const { minLength = 0, maxLength = Infinity } = parameter.schema;
  return (value) => value.length >= minLength && value.length <= maxLength;
}

function pathValueArb(parameter: Parameter): fc.Arbitrary<string> {
  const { schema } = parameter;
  if (schema.pattern !== undefined || schema.enum) {
    return (arbitraryFromSchema(schema) as fc.Arbitrary<string>).filter((v) => v !== '' && v !== '.' && v !== '..' && !v.includes('/'));
  }
  if (parameter.extensions['x-allow-slashes']) {
    return fc.array(segmentArb, { minLength: 1, maxLength: 4 }).map((segments) => segments.join('/')).filter(lengthFits(parameter));
  }
  return segmentArb.filter(lengthFits(parameter));
}

/**
 * An arbitrary of the values the target must accept for this parameter, or undefined
 * when the parameter is to be left out (admin-only for a non-admin caller, or a value
 * only an earlier response can supply).
 */
export function validParameterValue(parameter: Parameter, options: CallerOptions): fc.Arbitrary<QueryValue> | undefined {
  if (parameter.extensions['x-admin-only'] && !options.asAdmin) return undefined;
  if (FROM_PREVIOUS_RESPONSE.has(parameter.name)) return undefined;
  if (parameter.in === 'path') return pathValueArb(parameter);
  const { schema } = parameter;
  const values = commaEnum(parameter, options);
  if (values) {
    if (values.length === 0) return undefined;
    const maxItems = (parameter.extensions['x-max-items'] as number | undefined) ?? values.length;
    return fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: maxItems }).map((list) => list.join(','));
  }
  if (schema.type === 'integer' && parameter.extensions['x-clamp-above-maximum'] && schema.maximum !== undefined) {
    // Above the maximum is valid too: the server clamps it.
    return fc.oneof(
      fc.integer({ min: schema.minimum, max: schema.maximum }),
      fc.integer({ min: schema.maximum + 1, max: 2 ** 31 - 1 }),
    );
  }
  return arbitraryFromSchema(schema) as fc.Arbitrary<QueryValue>;
}

/** Every way to break exactly one constraint of this parameter, keeping its other constraints. */
export function parameterBreaks(parameter: Parameter, options: CallerOptions): ParameterBreak[] {
  // A non-admin caller using an admin-only parameter gets 403, whatever the value: no clean break.
  if (parameter.extensions['x-admin-only'] && !options.asAdmin) return [];
  const { schema } = parameter;
  const breaks: ParameterBreak[] = [];
  const add = (how: BreakKind, value: fc.Arbitrary<QueryValue | undefined>) => breaks.push({ how, value });

  if (parameter.required && parameter.in !== 'path') add('missing-required', fc.constant(undefined));
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.minimum !== undefined) add('below-minimum', fc.integer({ min: schema.minimum - 1000, max: schema.minimum - 1 }));
    if (schema.maximum !== undefined && !parameter.extensions['x-clamp-above-maximum'])
      add('above-maximum', fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1000 }));
  }
  if (schema.type === 'integer') {
    const low = schema.minimum ?? 0;
    const high = Math.max(low, (schema.maximum ?? low + 1000) - 1);
    add('not-an-integer', fc.oneof(fc.integer({ min: low, max: high }).map((n) => `${n}.5`), stringMatching(/^[a-z]{1,8}$/)));
  }
  if (schema.type === 'boolean') add('not-a-boolean', fc.constantFrom(...NOT_A_BOOLEAN));
  if (schema.enum) add('not-in-enum', unknownTokenArb(schema.enum));
  const values = commaEnum(parameter, options);
  if (values && values.length > 0) {
    const maxItems = (parameter.extensions['x-max-items'] as number | undefined) ?? values.length;
    const someValid = fc.uniqueArray(fc.constantFrom(...values), { maxLength: maxItems - 1 });
    add('not-in-enum', fc.tuple(someValid, unknownTokenArb(values)).map(([valid, unknown]) => [...valid, unknown].join(',')));
    if (values.length > maxItems)
      add('too-many-items', fc.uniqueArray(fc.constantFrom(...values), { minLength: maxItems + 1 }).map((list) => list.join(',')));
  }
  if (schema.maxLength !== undefined && parameter.extensions['x-over-max-length'] !== 'lenient') {
    const tooLong = schema.maxLength + 1;
    // Still matching the pattern (and one path segment), so that the length is the only thing wrong.
    const candidates =
      schema.pattern !== undefined
        ? stringMatching(new RegExp(schema.pattern), { size: 'max', maxLength: tooLong + 50 })
        : parameter.in === 'path'
          ? stringMatching(/^[A-Za-z0-9_-]+$/, { size: 'max', maxLength: tooLong + 50 })
          : fc.string({ minLength: tooLong, maxLength: tooLong + 50 });
    add('over-max-length', candidates.filter((v) => v.length >= tooLong && (parameter.in !== 'path' || PATH_SEGMENT_CHARS.test(v))));
  }
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern);
    const candidates = parameter.in === 'path' ? segmentArb : fc.string({ minLength: 1, maxLength: schema.maxLength });
    add('pattern-mismatch', candidates.filter((v) => !pattern.test(v) && lengthFits(parameter)(v)));
  }
  if (schema.format === 'date-time') add('not-a-date-time', fc.constantFrom(...NOT_A_DATE_TIME));
  return breaks;
}
