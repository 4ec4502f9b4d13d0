// A fault is one deliberate defect of the reference implementation, breaking
// exactly one rule of the catalogue; the self-tests prove that rule catches it.
import type { Reply, Route } from '../area.ts';
import type { RuleId } from '../../spec/rules/index.ts';
import type { Selected } from '../selected.ts';
import type { FaultName } from './index.ts';

export interface FaultDefinition {
  /** kebab-case, unique. */
  name: string;
  /** The id of the rule it breaks. */
  rule: RuleId;
  description: string;
  /**
   * For faults that only reshape an answer: applied to every reply of the route.
   * Faults without it are read by the area code through `Faults.has`.
   */
  reshape?: (reply: Reply, route: Route) => Reply;
}

/** The fault the reference was started with: `faults.has(name)` in area code. */
export type Faults = Selected<FaultDefinition, FaultName>;

/** A reshape of the Error bodies one operation refuses with (`status`, or every 4xx): the faults of section 7's body. */
export function errorBodyChanged(operationId: string, change: (body: Record<string, unknown>) => Record<string, unknown>, status?: number): (reply: Reply, route: Route) => Reply {
  return (reply, route) =>
    route.operationId === operationId && (status === undefined ? reply.status >= 400 && reply.status < 500 : reply.status === status)
      ? { ...reply, body: change({ ...(reply.body as Record<string, unknown>) }) }
      : reply;
}

/** An Error body without its `error`. */
export const withoutError = ({ error: _error, ...rest }: Record<string, unknown>) => rest;
