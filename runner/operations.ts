// Which operation of the OpenAPI documents a request is: `diff` groups what it finds by it.
import { loadSpecs, type OpenApiDocument } from '../spec/openapi.ts';

interface Template {
  method: string;
  pattern: RegExp;
  name: string;
}

function templatesOf(doc: OpenApiDocument, root: string): Template[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) => {
    // A path parameter matches one segment; the last one of a path (a file's path) may span several.
    const pattern = new RegExp(`^${root}${path.replace(/\{[^}]+\}(?=$)/, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return Object.entries(item as Record<string, { operationId?: string }>)
      .filter(([, op]) => typeof op === 'object' && op !== null && typeof op.operationId === 'string')
      .map(([method, op]) => ({ method: method.toUpperCase(), pattern, name: `${op.operationId} (${method.toUpperCase()} ${path})` }));
  });
}

/** Names a request by its operation, given as method and `{base}/…` or `{sandbox}/…` target; else by its method and path. */
export async function operationNamer(): Promise<(method: string, target: string) => string> {
  const specs = await loadSpecs();
  const templates = [...templatesOf(specs.controlPlane, '\\{base\\}'), ...templatesOf(specs.sandbox, '\\{sandbox\\}')];
  return (method, target) => {
    const path = target.split('?')[0]!;
    return templates.find((t) => t.method === method && t.pattern.test(path))?.name ?? `${method} ${path}`;
  };
}
