import type { Route, Surface } from './area.ts';

export interface Match {
  route: Route;
  params: Record<string, string>;
}

/** Finds the route of a request; `segments` are the raw (still encoded) path segments under the surface. */
export function matchRoute(routes: readonly Route[], surface: Surface, method: string, segments: string[]): Match | 'method-not-allowed' | undefined {
  let pathMatched = false;
  for (const route of routes) {
    if (route.surface !== surface) continue;
    const params = matchPath(route.path, segments);
    if (!params) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched ? 'method-not-allowed' : undefined;
}

function matchPath(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.startsWith('*')) {
      const rest = segments.slice(i);
      if (rest.length === 0) return undefined;
      params[part.slice(1)] = rest.map(decode).join('/');
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (part !== segment) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
