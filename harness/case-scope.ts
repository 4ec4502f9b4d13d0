// What one generated case of a property did, kept apart from the cases running beside
// it: the last exchange it sent (the evidence of an assertion that names none) and
// whether it changed the target (set a provider state, or sent a write with a
// credential), in which case the cases of its property run one at a time.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../results/model.ts';

export interface CaseScope {
  lastExchange?: Exchange;
  changedTarget: boolean;
  /** Other cases of the property may be in flight: changing the target now would change their answers. */
  concurrent: boolean;
  /** One of the writes of t.atOnce(tasks, writes): it may write its own resource, not set a provider state. */
  ownWrite?: boolean;
  /** Which case it is, for the exchange log ("case 3"). */
  label?: string;
}

const scopes = new AsyncLocalStorage<CaseScope>();

/** The scope of the case this code runs for, if it runs for one. */
export const currentCase = (): CaseScope | undefined => scopes.getStore();

/** How `run` ended, in a scope of its own: what it threw (undefined when it did not) and what it did. */
export async function settle(concurrent: boolean, run: () => Promise<unknown>, ownWrite = false, label = currentCase()?.label): Promise<{ error: unknown; scope: CaseScope }> {
  const scope: CaseScope = { changedTarget: false, concurrent, ownWrite, ...(label === undefined ? {} : { label }) };
  try {
    await scopes.run(scope, run);
    return { error: undefined, scope };
  } catch (error) {
    return { error: error ?? new Error('the check threw nothing'), scope };
  }
}

/** A defect of the check, not of the target: a case changed the target while others of its property were in flight. */
export class TargetChangedBesideOthers extends Error {
  constructor(what: string) {
    super(`${what} in a case that runs beside others: a property whose cases change the target must do so from its first case, and its check may set no fixtures before it`);
    this.name = 'TargetChangedBesideOthers';
  }
}

/** Called before a request that changes the target (a provider state, a PUT, a DELETE). */
export function noteTargetChange(what: string, kind: 'state' | 'write'): void {
  const scope = scopes.getStore();
  if (!scope) return;
  // A check takes its fixture locks in its own scope, before any writes of t.atOnce: two tasks taking one group would wait on each other.
  if (scope.ownWrite && kind === 'state') throw new Error(`${what} in one of the writes of t.atOnce: a check sets its provider states before them`);
  // Its first case changed nothing, so its cases run at once.
  if (scope.concurrent) throw new TargetChangedBesideOthers(what);
  scope.changedTarget = true;
}

/**
 * Runs reads at once, each in a scope of its own (an assertion names its own last
 * exchange), and waits for all of them; with `writes`, writes that each change a
 * resource of its own, which no other task reads (the monitor of one process each).
 * The first failure in the tasks' order is thrown, and the last exchange after them is
 * that of the last task that sent one, so the evidence does not depend on which answer
 * came first.
 */
export async function atOnce<T>(tasks: ReadonlyArray<() => Promise<T>>, writes?: string): Promise<{ values: T[]; lastExchange: Exchange | undefined }> {
  // Writes each to a resource of its own (`writes` says what): the case changes the target, once for all of them.
  if (writes !== undefined) noteTargetChange(writes, 'write');
  const values: T[] = [];
  const settled = await Promise.all(tasks.map((task, i) => settle(writes === undefined, async () => void (values[i] = await task()), writes !== undefined)));
  const failure = settled.find((s) => s.error !== undefined);
  if (failure) throw failure.error;
  return { values, lastExchange: settled.findLast((s) => s.scope.lastExchange)?.scope.lastExchange };
}
