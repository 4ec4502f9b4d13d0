// The operations of the two OpenAPI documents by operationId, with the details the
// specification leaves to the profile (parameter names, allowed values, paths)
// resolved, so the request generators see what the target is expected to accept.
import { loadSpecs, type ApiName } from '../spec/openapi.ts';
import type { Profile } from '../spec/profile.ts';
import type { JsonSchema } from './schema-arbitrary.ts';

const specs = await loadSpecs();

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie' | 'body';

/** A parameter as the target sees it; top-level request-body properties count as `body` parameters. */
export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  schema: JsonSchema;
  /** The `x-` extensions of the parameter object and of its schema, merged. */
  extensions: Readonly<Record<string, unknown>>;
}

export interface Operation {
  api: ApiName;
  operationId: string;
  method: string;
  /** The path template, with a profile-chosen path (`x-path-from-profile`) already applied. */
  path: string;
  parameters: Parameter[];
  requestBody?: JsonSchema;
}

interface ParameterObject {
  name: string;
  in: Exclude<ParameterLocation, 'body'>;
  required?: boolean;
  schema?: JsonSchema;
  [key: string]: unknown;
}

interface OperationObject {
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  [key: string]: unknown;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function extensionsOf(object: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(object).filter(([key]) => key.startsWith('x-')));
}

/** Profile values behind `x-values-from-profile`: a list of strings, or of `{name}` choices. */
function profileValues(profile: Profile, key: string): string[] {
  const value = profile[key as keyof Profile];
  if (!Array.isArray(value)) throw new Error(`profile key ${key} named by x-values-from-profile is not a list`);
  return value.map((item: unknown) => (typeof item === 'string' ? item : (item as { name: string }).name));
}

function profileString(profile: Profile, key: string): string {
  const value = profile[key as keyof Profile];
  if (typeof value !== 'string') throw new Error(`profile key ${key} named by an x-*-from-profile extension is not a string`);
  return value;
}

function resolveParameter(raw: ParameterObject, profile: Profile): Parameter {
  const { schema = {} } = raw;
  const extensions = { ...extensionsOf(raw), ...extensionsOf(schema) };
  const nameKey = extensions['x-name-from-profile'];
  const valuesKey = extensions['x-values-from-profile'];
  let resolvedSchema = schema;
  if (typeof valuesKey === 'string') {
    const values = profileValues(profile, valuesKey);
    resolvedSchema = schema['x-comma-separated-enum'] ? { ...schema, 'x-comma-separated-enum': values } : { ...schema, enum: values };
  }
  return {
    name: typeof nameKey === 'string' ? profileString(profile, nameKey) : raw.name,
    in: raw.in,
    required: raw.required ?? false,
    schema: resolvedSchema,
    extensions: { ...extensions, ...extensionsOf(resolvedSchema) },
  };
}

/** The top-level properties of a JSON request body, as `body` parameters. */
function bodyParameters(body: JsonSchema | undefined): Parameter[] {
  return Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'body' as const,
    required: body?.required?.includes(name) ?? false,
    schema,
    extensions: extensionsOf(schema),
  }));
}

/** The operation with this id in either document; throws when there is none. */
export function findOperation(operationId: string, profile: Profile): Operation {
  for (const api of Object.keys(specs) as ApiName[]) {
    for (const [path, item] of Object.entries(specs[api].paths ?? {}) as [string, Record<string, unknown>][]) {
      for (const method of METHODS) {
        const op = item[method] as OperationObject | undefined;
        if (op?.operationId !== operationId) continue;
        const pathKey = op['x-path-from-profile'];
        const raw = [...((item.parameters as ParameterObject[] | undefined) ?? []), ...(op.parameters ?? [])];
        const requestBody = op.requestBody?.content?.['application/json']?.schema;
        return {
          api,
          operationId,
          method: method.toUpperCase(),
          path: typeof pathKey === 'string' ? profileString(profile, pathKey) : path,
          parameters: [...raw.map((p) => resolveParameter(p, profile)), ...bodyParameters(requestBody)],
          ...(requestBody ? { requestBody } : {}),
        };
      }
    }
  }
  throw new Error(`no operation ${operationId} in the OpenAPI documents`);
}

/**
 * The path of a request: the template with each parameter URL-encoded. A parameter
 * marked `x-allow-slashes` keeps its slashes (each segment is encoded alone).
 */
export function expandPath(operation: Operation, values: Readonly<Record<string, string>>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name} of ${operation.operationId}`);
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return parameter?.extensions['x-allow-slashes'] ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}
