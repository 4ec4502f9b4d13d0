// A property over generated inputs, checked with fast-check: on failure the shrunk
// input, the replay parameters and the exchange of its last run become the evidence.
//
// Against a target across a network each request waits a round trip, so the cases run
// at once where they can: each case takes the input fast-check would generate for the
// seed at its index, and every case runs, up to `concurrency` at a time, unless the first case
// changed the target (a provider state, a write), when they run one after the other as
// fast-check would run them. When the check already holds its fixtures as the property
// starts, the first case runs beside the others too: its cases only read (one that
// changed the target would fail the check as a defect of it). Only when a case failed does fast-check itself take over,
// from that case (its `path`), and shrink it: the counterexample, the path and the
// evidence are those of a run one case at a time. None of them, nor the number of
// requests sent, depends on the concurrency or on the order the answers arrive in.
//
// Cases that each put their own fixtures on the target cannot run at once; where their
// fixtures can stand side by side (functions of different names, say), `together` checks
// all the inputs at once (the area's helper knows how to merge them), and only when that
// fails are the cases run one at a time as above, to find and shrink the failing one.
import fc from 'fast-check';
import type { Evidence, Exchange, Shrinking } from '../results/model.ts';
import { settle, TargetChangedBesideOthers } from './case-scope.ts';
import { DataMoved } from './readings.ts';
import { fixturesReplaced } from './setup.ts';
import { Skip, SuiteError, Violation } from './violation.ts';

/**
 * Shrinking stops at whichever comes first: the smaller inputs it may try, or its time.
 * Each try may set fixtures on the target, so an unbounded shrink put a failing target's
 * verdict minutes behind a passing one's; the smallest counterexample found by then is
 * the evidence, which says the bound stopped it. The tries bound it in practice and keep
 * the evidence the same for a seed; the time is the safety net of a target so slow that
 * 100 tries take longer, where the evidence then depends on its speed.
 */
export const SHRINK_BOUND = { steps: 100, ms: 30_000 } as const;

/** A property failed; carries the shrunk counterexample. */
export class PropertyViolation extends Error {
  constructor(
    readonly evidence: Evidence,
    /** The failing case's violation was found on readings of existing data that bracket it and agree (harness/readings.ts). */
    readonly still: boolean,
  ) {
    super(evidence.message);
    this.name = 'PropertyViolation';
  }
}

export interface PropertySettings {
  seed: number;
  runs: number;
  /** Cases run at once at most. */
  concurrency: number;
  /** The cases only read: their check holds its fixtures already, so even the first runs beside the others. */
  casesOnlyRead: boolean;
  /** true once the target stopped answering: no later request can tell more. */
  halted: () => boolean;
  /** The last exchange sent, for a failure that names none. */
  lastExchange: () => Exchange | undefined;
  /** What of the check's provider states the target no longer holds ([] when none): read back after the first failure, before it is shrunk. */
  fixturesReplaced?: () => Promise<string[]>;
  /**
   * On existing data (Check.confirmed): a case's failure stands only when repeating it
   * fails the same way on still data. The first pass's failures and the shrunk
   * counterexample are confirmed; the shrink's tries are not (a flicker there only makes a
   * shrink step go another way), so a shrunk case that is not confirmed gives way to the
   * first pass's failing case.
   */
  confirm?: (run: () => Promise<void>) => Promise<void>;
}

/** What the first pass over the generated inputs found: the first case that failed, in generation order. */
type FirstPass = { failed: false } | { failed: true; index: number; error: unknown; input: unknown; exchange: Exchange | undefined };

/**
 * Input `index` of those fast-check generates for the seed: fc.sample's `index`-th, and the
 * case `path` replays (each input is drawn from the seed and its index alone). A case draws
 * its own as it starts and only a failed one is kept, so that a property's inputs are not
 * all held at once: rounds of a thousand functions each, say.
 */
export function nthInput<T>(arbitrary: fc.Arbitrary<T>, seed: number, index: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1, path: String(index) })[0]!;
}

async function firstPass<T>(runs: number, inputOf: (index: number) => T, predicate: (input: T) => Promise<void>, settings: PropertySettings): Promise<FirstPass> {
  const errors = new Map<number, { error: unknown; exchange: Exchange | undefined; input: T }>();
  // Confirmed failures (existing data) are repeated until they stand: once one has, no case after it starts, and the first failing case is still the one of least index.
  const pastFailure = (index: number) => settings.confirm !== undefined && [...errors.keys()].some((failed) => failed < index);
  const runOne = async (index: number, concurrent: boolean): Promise<boolean> => {
    if (pastFailure(index)) return false;
    const input = inputOf(index);
    const { error, scope } = await settle(concurrent, () => (settings.confirm ? settings.confirm(() => predicate(input)) : predicate(input)), false, `case ${index}`);
    if (error instanceof TargetChangedBesideOthers) throw error;
    if (error !== undefined) errors.set(index, { error, exchange: scope.lastExchange, input });
    return scope.changedTarget;
  };
  const oneAtATime = runs > 0 && !settings.casesOnlyRead && (await runOne(0, false));
  if (oneAtATime) {
    // As fast-check runs them: one after the other, up to the first failure.
    for (let i = 1; i < runs && errors.size === 0; i++) await runOne(i, false);
  } else {
    // Every case, whatever fails, so that the requests sent do not depend on timing.
    let next = settings.casesOnlyRead ? 0 : 1;
    const lane = async () => {
      for (let i = next++; i < runs && !settings.halted(); i = next++) await runOne(i, true);
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, lane));
  }
  if (errors.size === 0) return { failed: false };
  const index = Math.min(...errors.keys());
  return { failed: true, index, ...errors.get(index)! };
}

/** A skip, an error of the suite or data that moved ends the property as it is: none is a counterexample to shrink. */
const notAVerdict = (error: unknown): boolean => error instanceof Skip || error instanceof SuiteError || error instanceof DataMoved;

/** Checks every generated input at once; throws as the property's predicate would when one fails. */
export type Together<T> = (inputs: readonly T[]) => Promise<void>;

export async function checkProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (input: T) => Promise<void>,
  settings: PropertySettings,
  all?: Together<T>,
): Promise<void> {
  const { seed, runs } = settings;
  // Side by side, every input at once; else each case draws its own (nthInput).
  const inputs = all && fc.sample(arbitrary, { seed, numRuns: runs });
  const together = inputs && (await settle(false, () => all(inputs), false, 'every case side by side'));
  if (together && together.error === undefined) return;
  if (notAVerdict(together?.error)) throw together!.error;
  // Read back at once, before the cases one by one put their own fixtures on the target.
  const replacedSideBySide = together ? ((await settings.fixturesReplaced?.()) ?? []) : [];
  const inputOf = inputs ? (index: number) => inputs[index]! : (index: number) => nthInput(arbitrary, seed, index);
  const first = await firstPass(runs, inputOf, predicate, settings);
  if (!first.failed && together) {
    if (replacedSideBySide.length > 0) throw fixturesReplaced(replacedSideBySide, together.error instanceof Error ? together.error.message : String(together.error), together.scope.lastExchange);
    // Only the inputs side by side broke the rule: that is the evidence, every input its counterexample.
    throw violationOf(together.error, fc.stringify(inputs), seed, undefined, together.scope.lastExchange);
  }
  if (!first.failed) return;
  if (notAVerdict(first.error)) throw first.error;
  // Another party replaced the fixtures the case read: no counterexample, whatever a shrink would find.
  const replaced = (await settings.fixturesReplaced?.()) ?? [];
  if (replaced.length > 0) throw fixturesReplaced(replaced, first.error instanceof Error ? first.error.message : String(first.error), first.exchange);
  // The target stopped answering: a replay would only meet the same wall again, one timeout at a time.
  if (settings.halted()) throw violationOf(first.error, fc.stringify(first.input), seed, String(first.index), first.exchange);
  let failedAt: number | undefined;
  const shrinking: Shrinking = { steps: 0, stoppedAtBound: false };
  const checked = async (input: T): Promise<void> => {
    if (failedAt !== undefined) {
      // Once the property failed and the target stopped answering, shrinking would only
      // meet the same wall again, one timeout at a time; past the bound it would only
      // spend more. Either way fast-check stops here (an interrupting precondition
      // failure), and the smallest case that failed on its own merits is the counterexample.
      if (settings.halted()) throw new fc.PreconditionFailure(true);
      if (shrinking.steps >= SHRINK_BOUND.steps || performance.now() - failedAt >= SHRINK_BOUND.ms) {
        shrinking.stoppedAtBound = true;
        throw new fc.PreconditionFailure(true);
      }
      shrinking.steps += 1;
    }
    try {
      await predicate(input);
    } catch (error) {
      // A smaller case that moved under its answer is no failure to shrink towards.
      if (error instanceof DataMoved && failedAt !== undefined) return;
      failedAt ??= performance.now();
      throw error;
    }
  };
  const details = await fc.check(fc.asyncProperty(arbitrary, checked), { seed, numRuns: runs, path: String(first.index), endOnFailure: false });
  // The case failed once and passed when replayed (a target whose answers change): its first failure is the evidence.
  if (!details.failed) throw violationOf(first.error, fc.stringify(first.input), seed, String(first.index), first.exchange);
  const error = details.errorInstance;
  // The first failure was confirmed already: a replay that moved under its answer takes nothing from it.
  if (settings.confirm && error instanceof DataMoved) throw violationOf(first.error, fc.stringify(first.input), seed, String(first.index), first.exchange);
  if (notAVerdict(error)) throw error;
  const counterexample = details.counterexample?.[0] as T;
  if (settings.confirm) {
    // The shrunk case stands only as its repeats confirm it; else the first pass's failing case, confirmed already.
    const confirmed = await settle(false, () => settings.confirm!(() => predicate(counterexample)), false, 'the shrunk case');
    if (confirmed.error === undefined || notAVerdict(confirmed.error)) throw violationOf(first.error, fc.stringify(first.input), seed, String(first.index), first.exchange);
    throw violationOf(confirmed.error, fc.stringify(counterexample), details.seed, details.counterexamplePath ?? undefined, confirmed.scope.lastExchange, shrinking);
  }
  throw violationOf(error, fc.stringify(counterexample), details.seed, details.counterexamplePath ?? undefined, settings.lastExchange(), shrinking);
}

/** The evidence of a failed case: the exchange its error carries, else the last one it sent. */
function violationOf(
  error: unknown,
  counterexample: string,
  seed: number,
  path: string | undefined,
  lastExchange: Exchange | undefined,
  shrinking?: Shrinking,
): PropertyViolation {
  return new PropertyViolation({
    message: error instanceof Error ? error.message : String(error),
    counterexample,
    seed,
    path,
    ...(shrinking ? { shrinking } : {}),
    exchange: error instanceof Violation ? error.exchange : lastExchange,
  }, error instanceof Violation && error.still);
}
