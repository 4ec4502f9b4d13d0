import type { Exchange } from '../results/model.ts';
import type { StateName } from '../spec/test-control.ts';

/** The target broke the rule under check. A result, not a crash of the tool. */
export class Violation extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange,
    /** Found against readings of existing data that bracket the answer and agree (harness/readings.ts): the data held still around it. */
    readonly still = false,
  ) {
    super(message);
    this.name = 'Violation';
  }
}

/**
 * The suite could not make the check (CONTRACT 1.1, outcome `error`): the control endpoint
 * refused what the suite sent or failed mid-run, an answer was larger than the suite reads,
 * another party changed the fixtures under the check. Never counted as the target's failure.
 */
export class SuiteError extends Error {
  constructor(
    message: string,
    readonly exchange?: Exchange,
  ) {
    super(message);
    this.name = 'SuiteError';
  }
}

/** The check cannot be made against this target (a credential, state or data is missing). */
export class Skip extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'Skip';
  }
}

/** The target answered that it does not support a provider state (CONTRACT 2): a check that can read the target's existing data does that instead. */
export class Unsupported extends Skip {
  constructor(
    reason: string,
    /** The provider state the target does not support. */
    readonly state: StateName,
  ) {
    super(reason);
    this.name = 'Unsupported';
  }
}
