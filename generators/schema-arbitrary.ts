// JSON Schema → fast-check arbitrary, for the subset of JSON Schema 2020-12 the two
// OpenAPI documents use. The generators derive requests and fixtures from the
// documents through this converter instead of restating each shape by hand.
import fc from 'fast-check';

/** The JSON Schema keywords the documents use (after dereferencing). */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  enum?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  maxProperties?: number;
  oneOf?: readonly JsonSchema[];
  /** In these documents the first branch is the specification's letter; later ones are what a profile admits (`x-representation-from-profile`). */
  anyOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  readOnly?: boolean;
  [extension: `x-${string}`]: unknown;
}

export interface SchemaArbitraryOptions {
  /** Leave out readOnly properties: the server fills them, so requests and fixtures do not send them. */
  skipReadOnly?: boolean;
  /**
   * Arbitraries that replace the derived one at a property path, for semantics the
   * schema cannot state. Paths join property names with `.`, array items are `[]`,
   * map values `{}`: `metadata.createdAt`, `spec.triggers[].configuration.schedule`.
   * An override also keeps a readOnly property that `skipReadOnly` would leave out.
   */
  overrides?: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  /**
   * The strings of a string schema without a format or pattern (fast-check's printable
   * ASCII by default). Fixtures give text a server keeps as set: a blank at either end is
   * trimmed by some servers and kept by others, which the specification leaves open.
   */
  plainStrings?: fc.Arbitrary<string>;
}

/** Arrays and maps without a maxItems stay this small, so fixtures stay readable in reports. */
const DEFAULT_MAX_ITEMS = 3;
/** Timestamps stay in a plausible range, whole seconds. */
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date('2099-12-31T23:59:59Z');

/** RFC 3339 UTC timestamps (`2024-05-01T12:00:00Z`) between two instants. */
export function dateTimeArb(min: Date = EARLIEST, max: Date = LATEST): fc.Arbitrary<string> {
  return fc
    .integer({ min: Math.ceil(min.getTime() / 1000), max: Math.floor(max.getTime() / 1000) })
    .map((seconds) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'));
}

/** One schema out of an `allOf`: properties and required lists merged, other keywords from the last part. */
function flattenAllOf(schema: JsonSchema): JsonSchema {
  if (!schema.allOf) return schema;
  const { allOf, ...rest } = schema;
  let merged: JsonSchema = {};
  for (const part of [...allOf.map(flattenAllOf), rest]) {
    merged = {
      ...merged,
      ...part,
      ...(merged.properties || part.properties ? { properties: { ...merged.properties, ...part.properties } } : {}),
      ...(merged.required || part.required ? { required: [...(merged.required ?? []), ...(part.required ?? [])] } : {}),
    };
  }
  return merged;
}

/** An arbitrary of the values `schema` accepts. Throws on a keyword outside the supported subset. */
export function arbitraryFromSchema(schema: JsonSchema, options: SchemaArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return convert(flattenAllOf(schema), '', options);
}

function convert(schema: JsonSchema, path: string, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const override = options.overrides?.[path];
  if (override) return override;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((alt) => convert(flattenAllOf(alt), path, options)));
  // Generated inputs follow the letter: a target on another profile gets its representation through overrides.
  if (schema.anyOf) return convert(flattenAllOf(schema.anyOf[0]!), path, options);
  switch (schema.type) {
    case 'string':
      return options.plainStrings && schema.format === undefined && schema.pattern === undefined ? withinLength(options.plainStrings, schema) : stringArb(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum, max: schema.maximum });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(convert(flattenAllOf(schema.items ?? { type: 'string' }), `${path}[]`, options), {
        minLength: schema.minItems ?? 0,
        maxLength: schema.maxItems ?? Math.max(DEFAULT_MAX_ITEMS, schema.minItems ?? 0),
      });
    case 'object':
      return objectArb(schema, path, options);
    default:
      throw new Error(`schema at "${path || '(root)'}" uses a shape the generator does not support: ${JSON.stringify(schema)}`);
  }
}

function withinLength(strings: fc.Arbitrary<string>, { minLength = 0, maxLength = Infinity }: JsonSchema): fc.Arbitrary<string> {
  return minLength === 0 && maxLength === Infinity ? strings : strings.filter((s) => s.length >= minLength && s.length <= maxLength);
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return dateTimeArb();
  const minLength = schema.minLength ?? 0;
  if (schema.pattern !== undefined) {
    return fc
      .stringMatching(new RegExp(schema.pattern), { maxLength: schema.maxLength })
      .filter((s) => s.length >= minLength);
  }
  return fc.string({ minLength, maxLength: schema.maxLength });
}

function objectArb(schema: JsonSchema, path: string, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  if (schema.maxProperties === 0) return fc.constant({});
  if (!schema.properties) {
    // A map (`additionalProperties: {schema}`) or a free-form object: string keys, values of the map's schema.
    const values = typeof schema.additionalProperties === 'object' ? flattenAllOf(schema.additionalProperties) : { type: 'string' as const };
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), convert(values, `${path}{}`, options), {
      maxKeys: DEFAULT_MAX_ITEMS,
      noNullPrototype: true,
    });
  }
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, raw] of Object.entries(schema.properties)) {
    const propertyPath = path ? `${path}.${name}` : name;
    const property = flattenAllOf(raw);
    if (options.skipReadOnly && property.readOnly && !options.overrides?.[propertyPath]) continue;
    model[name] = convert(property, propertyPath, options);
  }
  const requiredKeys = (schema.required ?? []).filter((name) => name in model);
  return fc.record(model, { requiredKeys, noNullPrototype: true });
}
