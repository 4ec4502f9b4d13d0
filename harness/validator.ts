// Response schemas of the OpenAPI documents, compiled with ajv once per worker.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { loadSpecs, type ApiName, type OpenApiDocument } from '../spec/openapi.ts';
import { jsonType, shapeOf, type SchemaNode } from '../spec/schema-shapes.ts';

const specs = await loadSpecs();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
ajv.addFormat('date-time', rememberingValidity(fullFormats['date-time'] as { validate: (text: string) => boolean; compare: (a: string, b: string) => number | undefined }));

/** The verdicts kept: past them the memory starts anew. */
const REMEMBERED_TEXTS = 50_000;

/**
 * ajv-formats' date-time, with each text's verdict kept: an answer repeats its timestamps
 * (every entry's buckets, page after page), and each check of one splits and matches it
 * anew (about a tenth of what a run allocates, on existing data at scale).
 */
function rememberingValidity<F extends { validate: (text: string) => boolean }>(format: F): F {
  const verdicts = new Map<string, boolean>();
  const validate = (text: string): boolean => {
    let valid = verdicts.get(text);
    if (valid === undefined) {
      if (verdicts.size >= REMEMBERED_TEXTS) verdicts.clear();
      verdicts.set(text, (valid = format.validate(text)));
    }
    return valid;
  };
  return { ...format, validate };
}
const compiled = new Map<string, ValidateFunction>();

interface OperationObject {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

function findOperation(doc: OpenApiDocument, operationId: string): OperationObject {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, OperationObject>)) {
      if (op && typeof op === 'object' && op.operationId === operationId) return op;
    }
  }
  throw new Error(`no operation ${operationId} in the OpenAPI documents`);
}

/** The JSON schema of an operation's response with this status (or the `default`/`4XX` one). */
export function responseSchema(api: ApiName, operationId: string, status: number): object | undefined {
  const responses = findOperation(specs[api], operationId).responses ?? {};
  const entry = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return entry?.content?.['application/json']?.schema;
}

function validatorFor(key: string, schema: object): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = ajv.compile(schema);
    compiled.set(key, fn);
  }
  return fn;
}

function describe(fn: ValidateFunction): string[] {
  return (fn.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? 'is invalid'}`);
}

/** Errors of `body` against the documented response of `operationId` for `status`; [] when it conforms. A null where the document requires nothing is an absent field (absentNulls). */
export function responseErrors(api: ApiName, operationId: string, status: number, body: unknown): string[] {
  const schema = responseSchema(api, operationId, status);
  if (!schema) return [`the document has no JSON response for ${operationId} with status ${status}`];
  const fn = validatorFor(`${api}:${operationId}:${status}`, schema);
  return fn(absentNulls(schema, body)) ? [] : describe(fn);
}

/** Errors of `value` against a named component schema, e.g. `FunctionList`; a null where the schema requires nothing is an absent field. */
export function componentErrors(api: ApiName, name: string, value: unknown): string[] {
  const schema = specs[api].components?.schemas?.[name];
  if (!schema) throw new Error(`no component schema ${name} in the ${api} document`);
  const fn = validatorFor(`${api}#${name}`, schema);
  return fn(absentNulls(schema, value)) ? [] : describe(fn);
}

/** The keywords of the documents' (dereferenced) schemas that absentNulls reads. */
/**
 * CONTRACT 3: "A field is required only where the specification marks it Required (...);
 * any other field may be absent". Jackson, Go without omitempty and Pydantic's
 * model_dump() write an absent field as null, so a null is read as the field left out
 * wherever the field is not required. Which fields are is held in one place: the
 * `required` lists of the OpenAPI documents (spec/*.openapi.yaml), which are CONTRACT 3's
 * list (metadata.name, the Error body's error, Port.target, a Function's metadata and
 * spec, and what a stated behaviour cannot be observed without). `value` without those
 * nulls, at any depth of the objects the schema describes (fields it does not name
 * included, such as the profile's run-state field); a required field's null, an item of
 * an array and a value of a free-form map are kept, and judged as they are. What holds
 * no such null is returned as it is (the same object), the rest copied.
 */
export function absentNulls(schema: object | undefined, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !schema) return value;
  const shape = shapeOf(schema as SchemaNode, jsonType(value));
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const read = absentNulls(shape.items, item);
      if (read !== item) (copy ??= [...value])[i] = read;
    });
    return copy ?? value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const item = object[key];
    if (shape.properties) {
      if (item === null && !shape.required.has(key)) {
        copy ??= { ...object };
        delete copy[key];
        continue;
      }
      const read = absentNulls(shape.properties[key], item);
      if (read !== item) (copy ??= { ...object })[key] = read;
    } else if (shape.values) {
      // A map: its keys are the caller's, its values kept; only their own fields are read.
      const read = absentNulls(shape.values, item);
      if (read !== item) (copy ??= { ...object })[key] = read;
    }
  }
  return copy ?? value;
}

/** The answer of `operationId` with `status` read as absentNulls reads it: every null where the document requires nothing left out. */
export function withoutAbsentNulls<T>(api: ApiName, operationId: string, status: number, body: T): T {
  return absentNulls(responseSchema(api, operationId, status), body) as T;
}
