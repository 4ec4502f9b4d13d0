// What one generated case of a property did, kept apart from the cases running beside
// it: the last exchange it sent (the evidence of an assertion that names none) and
// whether it changed the target (set a provider state, or sent anything but a GET), in
// which case the cases of its property run one at a time.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../results/model.ts';

export interface CaseScope {
  lastExchange?: Exchange;
  changedTarget: boolean;
  /** Other cases of the property may be in flight: changing the target now would change their answers. */
  concurrent: boolean;
}

const scopes = new AsyncLocalStorage<CaseScope>();

/** The scope of the case this code runs for, if it runs for one. */
export const currentCase = (): CaseScope | undefined => scopes.getStore();

/** Runs one case in a scope of its own. */
export async function inCase(concurrent: boolean, run: () => Promise<void>): Promise<CaseScope> {
  const scope: CaseScope = { changedTarget: false, concurrent };
  await scopes.run(scope, run);
  return scope;
}

/** A defect of the check, not of the target: a case changed the target while others of its property were in flight. */
export class TargetChangedBesideOthers extends Error {
  constructor(what: string) {
    super(`${what} in a case that runs beside others: a property whose cases change the target must do so from its first case`);
    this.name = 'TargetChangedBesideOthers';
  }
}

/** Called before a request that changes the target (a provider state, a PUT, a DELETE). */
export function noteTargetChange(what: string): void {
  const scope = scopes.getStore();
  if (!scope) return;
  // Its first case changed nothing, so its cases run at once.
  if (scope.concurrent) throw new TargetChangedBesideOthers(what);
  scope.changedTarget = true;
}

/**
 * Runs reads at once, each in a scope of its own (an assertion names its own last
 * exchange), and waits for all of them; the first failure in the tasks' order is
 * thrown, so the evidence does not depend on which answer came first.
 */
export async function atOnce<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(tasks.map((task) => scopes.run({ changedTarget: false, concurrent: true }, task)));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
