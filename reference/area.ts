// What each area of the reference implementation (functions, metrics, resources,
// sandbox address) gives the server: its routes, its provider states, its reset.
import type { Clock } from './clock.ts';
import type { CursorCodec } from './cursors.ts';
import type { Faults } from './faults/registry.ts';
import type { Principal } from './identities.ts';
import type { Variants } from './variants/registry.ts';

export type Surface = 'control' | 'sandbox';

export interface RouteRequest {
  /** Decoded path parameters; a `*name` parameter holds the rest of the path. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  principal: Principal;
}

export interface Reply {
  status: number;
  body: unknown;
  /** The Content-Type of a body; `application/json` when absent (a variant's reshape sets another). */
  contentType?: string;
  /** A body sent as it is, not as JSON: the faults that answer text set it, with its contentType. */
  text?: string;
}

export interface Route {
  method: 'GET' | 'PUT' | 'DELETE';
  surface: Surface;
  /** Path under the surface's base URL, e.g. `/functions`, `/sandboxes/:sandboxName`, `/filesystem/*path`. */
  path: string;
  /** The OpenAPI operationId, used by faults that reshape a reply. */
  operationId: string;
  /** Scopes that grant access besides `admin`; `any` admits every credential that holds a scope. */
  scopes: readonly string[] | 'any';
  handle(request: RouteRequest): Reply;
}

/** A provider state handler, given params that fit the state's schema; throws `BadStateParams` for params it cannot apply all the same. */
export type StateHandler = (params: Record<string, unknown>, principal: Principal) => void;

export class BadStateParams extends Error {}

export interface Area {
  routes: Route[];
  states: Record<string, StateHandler>;
  reset(): void;
}

export interface AreaEnv {
  clock: Clock;
  cursors: CursorCodec;
  faults: Faults;
  variants: Variants;
  accountId: string;
  /** Every workspace of the account. */
  workspaces: readonly string[];
}

/** The control-plane Error body of section 7. */
export function apiError(status: number, error: string, message: string): Reply {
  return { status, body: { error, code: status, message } };
}

/** The sandbox-address error body of section 7. */
export function sandboxError(status: number, error: string): Reply {
  return { status, body: { error } };
}
