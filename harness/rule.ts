// How a suite states the check of one rule: `rule(id, {needs}, async (t) => ...)` is a
// plain value (the rule's id, what the check needs from the run, its body). A suite
// file exports its checks as `checks`; harness/run-check.ts runs one and returns its
// outcome, suites/checks.entry.ts makes each a vitest test.
import type { RuleId } from '../spec/rules/index.ts';
import type { StateName } from '../spec/test-control.ts';
import type { Check } from './check.ts';
import type { Need } from './needs.ts';

export type { Need } from './needs.ts';

export interface RuleOptions {
  needs?: Need[];
  /**
   * The provider states the check may set (with the `control` need: must set; without it:
   * sets where it can, else reads what the target holds). The check posts no other
   * (Check refuses to), so `doctor` and docs/test-control.md can tell what each state enables.
   */
  states?: StateName[];
  /** The rounds of fixtures the check reads beside others (Check.shareState): such checks are run together. */
  shares?: string;
  /** The check resets the target (and moves its clock): it holds every fixture group, so it runs before any other check takes one. */
  resetsTarget?: boolean;
  /**
   * The check can also work on the data the target already holds (CONTRACT 1.3), where it
   * cannot set fixtures (no control URL, --read-only, the state unsupported): `true` with
   * the rule's needs but `control` and the `writes` the states are, or the needs it then has.
   */
  existing?: true | Need[];
}

export interface CheckDefinition<Id extends string = RuleId> {
  /** The rule of the catalogue (spec/rules/) the check shows; for a library caller's extension check (lib/extension.ts), an id of its own namespace. */
  readonly id: Id;
  readonly needs: readonly Need[];
  readonly states: readonly StateName[];
  readonly shares?: string;
  readonly resetsTarget?: boolean;
  /** What the check needs to work on the target's existing data; absent, it only works on fixtures it sets. */
  readonly existing?: readonly Need[];
  readonly body: (t: Check) => Promise<void>;
}

export function rule(id: RuleId, options: RuleOptions, body: (t: Check) => Promise<void>): CheckDefinition {
  return defineCheck(id, options, body);
}

/** `rule` for any id: the library's extension checks are defined by the same steps (lib/extension.ts). */
export function defineCheck<Id extends string>(id: Id, options: RuleOptions, body: (t: Check) => Promise<void>): CheckDefinition<Id> {
  const { needs = [], shares, resetsTarget, existing } = options;
  // A check that moves the clock may lead the clock's timeline, which moves it and resets the target for every check on it (Check.withClock).
  const states = resetsTarget ? [...new Set([...(options.states ?? []), 'clock', 'reset'] as const)] : (options.states ?? []);
  if (needs.includes('control') && states.length === 0) throw new Error(`${id} needs the control URL but names no provider state`);
  const onExisting = existing === true ? needs.filter((need) => need !== 'control' && need !== 'writes') : existing;
  return { id, needs, states, shares, resetsTarget, ...(onExisting ? { existing: onExisting } : {}), body };
}
