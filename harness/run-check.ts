// Runs the check of one rule against the run's target and returns its outcome:
// skipped when the run lacks what it needs, failed with evidence on a violation or
// when the target's time answering it outlives its deadline, error when the suite could
// not make it, passed otherwise. Independent of vitest.
import type { DataKind, Evidence, Exchange } from '../results/model.ts';
import { Check } from './check.ts';
import { CheckLane, type Lanes } from './lanes.ts';
import type { SuiteConfig } from './config.ts';
import { RULE_TIMEOUT_MS } from './limits.ts';
import { unmetNeed } from './needs.ts';
import { PropertyViolation } from './property.ts';
import type { CheckDefinition } from './rule.ts';
import { TargetTime } from './target-time.ts';
import { DataMoved, movedTooOften } from './readings.ts';
import { fixturesReplaced } from './setup.ts';
import type { StateName } from '../spec/test-control.ts';
import { Skip, SuiteError, Unsupported, Violation } from './violation.ts';

/**
 * What of the provider states a check set reads back otherwise through the API (said in
 * words; [] when all read back as set): suites/support/held.ts, handed in by the checks'
 * module (suites/checks.entry.ts).
 */
export type HeldStates = (t: Check, held: ReadonlyArray<{ state: StateName; params: object }>) => Promise<string[]>;

/** What every outcome of a check that ran says of its data (CONTRACT 1.3). */
interface DataWorkedOn {
  requests: number;
  data?: DataKind;
  dataNotes?: string[];
}

export type CheckOutcome =
  | ({ status: 'passed' } & DataWorkedOn)
  | ({ status: 'skipped'; reason: string } & DataWorkedOn)
  | ({ status: 'failed'; evidence: Evidence } & DataWorkedOn)
  /** The suite could not make the check (CONTRACT 1.1): never the target's failure. */
  | ({ status: 'error'; evidence: Evidence } & DataWorkedOn);

/**
 * The data a check works on: fixtures it sets where the run can set them, else what the
 * target holds, when the check can work on that (CheckDefinition `existing`).
 */
function dataKindOf(definition: CheckDefinition<string>, config: SuiteConfig): DataKind {
  return definition.existing && (!config.controlUrl || config.readOnly) ? 'existing' : 'set';
}

/**
 * `lanes` bounds the checks at once: the check starts once it has a lane. Its deadline
 * counts the target's time answering its requests only (harness/target-time.ts);
 * `durationMs` is its time from its start.
 */
export async function runCheck(definition: CheckDefinition<string>, config: SuiteConfig, lanes: Lanes, heldStates?: HeldStates): Promise<CheckOutcome & { durationMs: number }> {
  const data = dataKindOf(definition, config);
  // A check the run cannot make is reported at once, without waiting for a lane.
  const unmet = data === 'existing' ? existingNeedUnmet(definition, config) : unmetNeed(definition.needs, config);
  if (unmet !== undefined) return { status: 'skipped', reason: unmet, requests: 0, durationMs: 0 };
  const lane = new CheckLane(lanes);
  await lane.take();
  const started = performance.now();
  try {
    let outcome = await runInLane(definition, config, lane, data, heldStates);
    // The target does not support a state the check sets: it reads what the target holds instead.
    if (outcome.unsupported && definition.existing && existingNeedUnmet(definition, config) === undefined) {
      const onExisting = await runInLane(definition, config, lane, 'existing', heldStates);
      const said = `${outcome.status === 'skipped' ? outcome.reason : 'a provider state is not supported'}: the check read the data the target holds`;
      outcome = { ...onExisting, requests: outcome.requests + onExisting.requests, dataNotes: [said, ...(onExisting.dataNotes ?? [])] };
    }
    const { unsupported: _, ...reported } = outcome;
    return { ...reported, durationMs: Math.round(performance.now() - started) };
  } finally {
    lane.end();
  }
}

/**
 * What the check lacks to work on existing data. The control URL stands in for nothing
 * there (it names no sandbox to read, say): on existing data the run counts as without one,
 * whether it has none, is --read-only or met an unsupported state.
 */
function existingNeedUnmet(definition: CheckDefinition<string>, config: SuiteConfig): string | undefined {
  const { controlUrl: _unused, ...withoutControl } = config;
  return unmetNeed(definition.existing ?? [], withoutControl);
}

/** How many times a check on existing data is made while the data it reads keeps moving (harness/readings.ts). */
const MOVED_ATTEMPTS = 3;

type AttemptOutcome = (CheckOutcome & { unsupported?: true }) | { moved: string[]; requests: number };

/** The check, made again on new readings while its data moved under it; skipped, saying so, when it kept moving. */
async function runInLane(definition: CheckDefinition<string>, config: SuiteConfig, lane: CheckLane, data: DataKind, heldStates?: HeldStates): Promise<CheckOutcome & { unsupported?: true }> {
  let requests = 0;
  const moved: string[] = [];
  let readingsSince = -Infinity;
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptInLane(definition, config, lane, data, readingsSince, heldStates);
    requests += outcome.requests;
    if (!('moved' in outcome)) return { ...outcome, requests };
    moved.push(...outcome.moved);
    if (attempt === MOVED_ATTEMPTS) return { status: 'skipped', reason: movedTooOften(moved, attempt).reason, requests, data: 'existing' };
    readingsSince = performance.now();
  }
}

async function attemptInLane(
  definition: CheckDefinition<string>,
  config: SuiteConfig,
  lane: CheckLane,
  data: DataKind,
  readingsSince: number,
  heldStates?: HeldStates,
): Promise<AttemptOutcome> {
  let expire: (error: Violation) => void = () => undefined;
  const overdue = new Promise<never>((_, reject) => (expire = reject));
  const targetTime = new TargetTime(RULE_TIMEOUT_MS, () =>
    expire(new Violation(`the target took more than ${RULE_TIMEOUT_MS / 1000} s in all to answer this check's requests (its deadline counts only the time its requests waited for their answers)`)),
  );
  const waits = { pause: () => lane.pause(), resume: () => lane.resume() };
  const check = new Check(definition.id, config, { shares: definition.shares, waits, data, states: definition.states, targetTime, readingsSince, heldStates });
  const worked = () => ({ requests: check.requests, data: check.setFixtures ? ('set' as const) : ('existing' as const), ...(check.dataNotes.size > 0 ? { dataNotes: [...check.dataNotes] } : {}) });
  try {
    // On existing data a failure stands only when repeated on still data (Check.confirmed; a property's cases are confirmed one by one).
    await Promise.race([check.confirmed(() => definition.body(check)), overdue]);
    return { status: 'passed', ...worked() };
  } catch (error) {
    if (error instanceof Skip) return { status: 'skipped', reason: error.reason, ...worked(), ...(error instanceof Unsupported ? { unsupported: true as const } : {}) };
    if (error instanceof DataMoved) return { moved: [error.what], requests: check.requests };
    if (error instanceof SuiteError) return { status: 'error', evidence: plainEvidence(evidenceOf(error, check.lastExchange)), ...worked() };
    const evidence = plainEvidence(evidenceOf(error, check.lastExchange));
    // On set data a failure stands only where the target still holds what the check set.
    const replaced = check.setFixtures ? await check.fixturesReplaced() : [];
    if (replaced.length > 0) return { status: 'error', evidence: { ...evidence, message: fixturesReplaced(replaced, evidence.message).message }, ...worked() };
    return { status: 'failed', evidence, ...worked() };
  } finally {
    targetTime.stop();
    // Also ends the requests of a body cut off by its deadline, which would otherwise run on.
    await check.close();
  }
}

/** The evidence as plain data: an exchange computes its curl line and masked request body on first read (harness/http.ts). */
function plainEvidence(evidence: Evidence): Evidence {
  const exchange = evidence.exchange;
  return exchange ? { ...evidence, exchange: { ...exchange, request: { ...exchange.request } } } : evidence;
}

function evidenceOf(error: unknown, lastExchange: Exchange | undefined): Evidence {
  if (error instanceof PropertyViolation) return error.evidence;
  if (error instanceof Violation || error instanceof SuiteError) return { message: error.message, exchange: error.exchange ?? lastExchange };
  // A crash of the check itself: still reported against the rule, with what was last seen.
  const message = error instanceof Error ? `check error: ${error.message}` : String(error);
  return { message, exchange: lastExchange };
}
