// Provider states (CONTRACT section 2): the suite asks the target to put itself
// into a named state before a check.
import { createHash } from 'node:crypto';
import { controlAnswer, noVerdictReason, unsupportedReason } from '../spec/control-answers.ts';
import { stateParamsError, type StateName } from '../spec/test-control.ts';
import type { SuiteConfig } from './config.ts';
import type { HttpResponse } from './http.ts';
import { unmetNeed } from './needs.ts';
import { Skip, SuiteError, Unsupported } from './violation.ts';

/** The params of a state that is a list of fixtures (CONTRACT section 2): `events` for usage, `items` for the others. */
export function listParams(state: StateName, list: readonly unknown[]): object {
  return state === 'usage' ? { events: list } : { items: list };
}

/** 64 bits naming a provider state and its params, for checks that share it (never 0, 0: harness/coordination.ts). */
export type StateKey = readonly [number, number];

export function stateKey(state: StateName, params: object): StateKey {
  const digest = createHash('sha256').update(`${state}:${JSON.stringify(params)}`).digest();
  return [digest.readInt32LE(0), digest.readInt32LE(4) || 1];
}

/** A state no control endpoint knows: its answer says whether the endpoint takes the admin, without changing anything. */
export const PROBE_STATE = 'cp-conformance-probe-no-such-state';

/** How a check sets provider states (harness/check.ts). */
interface StatePosting {
  /** Waits until the check may set each of `states`: the locks of their fixture groups, taken together. */
  enterEach(states: readonly StateName[]): Promise<void>;
  post(state: StateName, params: object): Promise<HttpResponse>;
  /** Posts PROBE_STATE. */
  probe(): Promise<HttpResponse>;
  /** Sends at once; the evidence after them does not depend on which answer came first. */
  atOnce<T>(tasks: ReadonlyArray<() => Promise<T>>): Promise<T[]>;
}

type StateAndParams = readonly [StateName, object];

export class ControlClient {
  constructor(
    private readonly config: SuiteConfig,
    private readonly posting: StatePosting,
  ) {}

  /** Puts the target into `state`; skips the check when there is no control URL or the state is not supported. */
  set(state: StateName, params: object = {}): Promise<void> {
    return this.setEach([[state, params]]);
  }

  /**
   * Puts the target into states of different fixture groups: their locks taken together
   * (FixtureLocks.enterEach), then every state sent at once, each a round trip that waits
   * on no other.
   */
  async setEach(states: readonly StateAndParams[]): Promise<void> {
    this.mayPost();
    await this.posting.enterEach(states.map(([state]) => state));
    await this.post(states);
  }

  /** Puts the target into a state whose group the check holds already (a shared state it installs, FixtureLocks.share). */
  async setHeld(state: StateName, params: object): Promise<void> {
    this.mayPost();
    await this.post([[state, params]]);
  }

  /**
   * Asks the control endpoint for a state it does not know (CONTRACT 2); what its answer
   * means before the run is the table's (spec/control-answers.ts). Nothing on the target changes.
   */
  probe(): Promise<HttpResponse> {
    this.mayPost();
    return this.posting.probe();
  }

  private mayPost(): void {
    const unmet = unmetNeed(['control'], this.config);
    if (unmet) throw new Skip(unmet);
    if (this.config.readOnly) throw new Skip('--read-only: this check sets a provider state on the target');
  }

  private async post(states: readonly StateAndParams[]): Promise<void> {
    for (const [state, params] of states) {
      const error = stateParamsError(state, params);
      if (error) throw new Error(`cp-conformance would send the state "${state}" params its schema refuses (a defect of cp-conformance): ${error}`);
    }
    const answers = await this.posting.atOnce(states.map(([state, params]) => () => this.posting.post(state, params)));
    // What each answer means is the table's (spec/control-answers.ts, docs/test-control.md).
    answers.forEach((res, i) => {
      const state = states[i]![0];
      const { duringRun } = controlAnswer(res.status);
      if (duringRun === 'goes on') return;
      if (duringRun === 'unsupported') throw new Unsupported(unsupportedReason(state, res.status), state);
      throw new SuiteError(noVerdictReason(state, res.status), res.exchange);
    });
  }
}
