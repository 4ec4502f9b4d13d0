// A property over generated inputs, checked with fast-check: on failure the shrunk
// input, the replay parameters and the exchange of its last run become the evidence.
import fc from 'fast-check';
import type { Evidence, Exchange } from '../results/model.ts';
import { Skip, Violation } from './violation.ts';

/** A property failed; carries the shrunk counterexample. */
export class PropertyViolation extends Error {
  constructor(readonly evidence: Evidence) {
    super(evidence.message);
    this.name = 'PropertyViolation';
  }
}

export interface PropertySettings {
  seed: number;
  runs: number;
  /** true once the target stopped answering: no later request can tell more. */
  halted: () => boolean;
  /** The last exchange sent, for a failure that names none. */
  lastExchange: () => Exchange | undefined;
}

export async function checkProperty<T>(arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, settings: PropertySettings): Promise<void> {
  let failed = false;
  const checked = async (input: T): Promise<void> => {
    // Once the property failed and the target stopped answering, shrinking would only
    // meet the same wall again, one timeout at a time: every later case passes unsent,
    // so the smallest case that failed on its own merits stays the counterexample.
    if (failed && settings.halted()) return;
    try {
      await predicate(input);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(arbitrary, checked), { seed: settings.seed, numRuns: settings.runs, endOnFailure: false });
  if (!details.failed) return;
  const error = details.errorInstance;
  if (error instanceof Skip) throw error;
  throw new PropertyViolation({
    message: error instanceof Error ? error.message : String(error),
    counterexample: fc.stringify(details.counterexample?.[0]),
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    exchange: error instanceof Violation ? error.exchange : settings.lastExchange(),
  });
}
