// What put a check's fixtures in place (Exchange.setup): the provider states in force,
// one per fixture group, as curl lines to the control endpoint. Pasted before a failing
// request's own curl line, they reproduce the failure against a target that has the
// control endpoint, after the run has removed the fixtures.
import type { Exchange, SetupStep } from '../results/model.ts';
import type { StateName } from '../spec/test-control.ts';
import { groupOfState } from './coordination.ts';
import { curlLine, type CredentialVariable } from './curl.ts';
import type { Redactor } from './redact.ts';
import { SuiteError } from './violation.ts';

export class StatesInForce {
  /** The last state set in each group, in the order first set; `clock` last, as the offset moved since the last reset. */
  private readonly byGroup = new Map<string, { state: StateName; params: object }>();
  private clockSeconds = 0;
  private steps: SetupStep[] | undefined;

  constructor(
    private readonly control: { url: string; admin: string; credentials: readonly CredentialVariable[]; redactor: Redactor },
  ) {}

  /** A state the target now holds for the check (set by it, or shared with others). */
  set(state: StateName, params: object): void {
    this.steps = undefined;
    if (state === 'reset') {
      this.byGroup.clear();
      this.clockSeconds = 0;
    } else if (state === 'clock') this.clockSeconds += (params as { advanceSeconds: number }).advanceSeconds;
    else {
      const group = groupOfState[state];
      this.byGroup.delete(group);
      this.byGroup.set(group, { state, params });
    }
  }

  /** The state of each group in force now, but the clock's: what a read-back compares the target with (suites/support/held.ts). */
  get held(): Array<{ state: StateName; params: object }> {
    return [...this.byGroup.values()];
  }

  /** The steps in force now (the same array until a state changes), each curl line written on first read; undefined before any. */
  get current(): SetupStep[] | undefined {
    if (this.steps === undefined) {
      const states = [...this.byGroup.values(), ...(this.clockSeconds > 0 ? [{ state: 'clock' as const, params: { advanceSeconds: this.clockSeconds } }] : [])];
      this.steps = states.map(({ state, params }) => this.step(state, params));
    }
    return this.steps.length > 0 ? this.steps : undefined;
  }

  private step(state: StateName, params: object): SetupStep {
    const { url, admin, credentials, redactor } = this.control;
    const step = { state } as SetupStep;
    let curl: string | undefined;
    Object.defineProperty(step, 'curl', {
      enumerable: true,
      get: () =>
        (curl ??= curlLine(
          {
            method: 'POST',
            url: redactor.text(url),
            headers: { accept: 'application/json', authorization: 'Bearer ***', 'content-type': 'application/json' },
            body: redactor.text(JSON.stringify({ state, params })),
          },
          { sent: `Bearer ${admin}`, credentials },
        )),
    });
    return step;
  }
}

/**
 * A failure on fixtures another run replaced meanwhile (`replaced`, said in words, from a
 * read-back through the API that also shows the other run: suites/support/held.ts): no
 * verdict on the target, and the check's finding said.
 */
export function fixturesReplaced(replaced: readonly string[], found: string, exchange?: Exchange): SuiteError {
  return new SuiteError(`${FIXTURES_REPLACED} (${replaced.join('; ')}): another run against this target; no verdict, run again when it is free. The check had found: ${found}`, exchange);
}

/** How the outcome of a check whose fixtures another run replaced begins (runner/run.ts reads the run's by it). */
export const FIXTURES_REPLACED = 'the fixtures this check set were replaced while it read them';
