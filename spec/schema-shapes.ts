// What a schema of the OpenAPI documents says of the fields of a value of one JSON type:
// its properties (allOf merged, and of anyOf or oneOf the branch of that type), which of
// them are required, and the schema of its items or of a map's values. Read by the suite
// (harness/validator.ts: a null where nothing is required is a field left out) and by the
// reference's variant that writes every field left out as null: one reading of the
// documents' `required` lists for both.

/** The parts of a schema the shapes read. */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  items?: SchemaNode;
  additionalProperties?: boolean | SchemaNode;
  allOf?: readonly SchemaNode[];
  anyOf?: readonly SchemaNode[];
  oneOf?: readonly SchemaNode[];
}

/** The fields a schema describes for a value of one JSON type. */
export interface Shape {
  properties?: Record<string, SchemaNode>;
  required: ReadonlySet<string>;
  items?: SchemaNode;
  /** The schema of a map's values (additionalProperties). */
  values?: SchemaNode;
}

export const jsonType = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/** The shapes worked out, by schema and JSON type: an answer repeats its schemas (every entry, every point). */
const shapes = new WeakMap<SchemaNode, Map<string, Shape>>();

/** The shape of `schema` for a value of `type`. */
export function shapeOf(schema: SchemaNode, type: string): Shape {
  let byType = shapes.get(schema);
  if (!byType) shapes.set(schema, (byType = new Map()));
  let shape = byType.get(type);
  if (!shape) {
    const branch = (schema.anyOf ?? schema.oneOf)?.find((b) => b.type === undefined || b.type === type || (b.type === 'integer' && type === 'number'));
    const parts = [schema, ...(schema.allOf ?? []), ...(branch ? [branch] : [])];
    const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {})) as Record<string, SchemaNode>;
    shape = {
      properties: Object.keys(properties).length ? properties : undefined,
      required: new Set(parts.flatMap((p) => p.required ?? [])),
      items: parts.map((p) => p.items).find(Boolean),
      values: parts.map((p) => p.additionalProperties).find((a): a is SchemaNode => typeof a === 'object'),
    };
    byType.set(type, shape);
  }
  return shape;
}
