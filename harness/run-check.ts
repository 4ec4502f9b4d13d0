// Runs the check of one rule against the run's target and returns its outcome:
// skipped when the run lacks what it needs, failed with evidence on a violation or
// when it outlives its deadline, passed otherwise. Independent of vitest.
import type { Evidence, Exchange } from '../results/model.ts';
import { Check } from './check.ts';
import { CheckLane, type Lanes } from './lanes.ts';
import type { SuiteConfig } from './config.ts';
import { RULE_TIMEOUT_MS } from './limits.ts';
import { unmetNeed } from './needs.ts';
import { PropertyViolation } from './property.ts';
import type { CheckDefinition } from './rule.ts';
import { Skip, Violation } from './violation.ts';

export type CheckOutcome =
  | { status: 'passed'; requests: number }
  | { status: 'skipped'; reason: string; requests: number }
  | { status: 'failed'; evidence: Evidence; requests: number };

/**
 * `lanes` bounds the checks at once: the check starts once it has a lane, and its deadline
 * runs from then; `durationMs` is its time from then on.
 */
export async function runCheck(definition: CheckDefinition, config: SuiteConfig, lanes: Lanes): Promise<CheckOutcome & { durationMs: number }> {
  const lane = new CheckLane(lanes);
  await lane.take();
  const started = performance.now();
  try {
    return { ...(await runInLane(definition, config, lane)), durationMs: Math.round(performance.now() - started) };
  } finally {
    lane.end();
  }
}

async function runInLane(definition: CheckDefinition, config: SuiteConfig, lane: CheckLane): Promise<CheckOutcome> {
  const unmet = unmetNeed(definition.needs, config);
  if (unmet !== undefined) return { status: 'skipped', reason: unmet, requests: 0 };
  const check = new Check(definition.id, config, definition.shares, lane);
  let deadline: NodeJS.Timeout | undefined;
  const overdue = new Promise<never>((_, reject) => {
    deadline = setTimeout(
      () => reject(new Violation(`the check did not end within its deadline of ${RULE_TIMEOUT_MS / 1000} s: the target answers too slowly`)),
      RULE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([definition.body(check), overdue]);
    return { status: 'passed', requests: check.requests };
  } catch (error) {
    if (error instanceof Skip) return { status: 'skipped', reason: error.reason, requests: check.requests };
    return { status: 'failed', evidence: plainEvidence(evidenceOf(error, check.lastExchange)), requests: check.requests };
  } finally {
    clearTimeout(deadline);
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
  if (error instanceof Violation) return { message: error.message, exchange: error.exchange ?? lastExchange };
  // A crash of the check itself: still reported against the rule, with what was last seen.
  const message = error instanceof Error ? `check error: ${error.message}` : String(error);
  return { message, exchange: lastExchange };
}
