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
 * `lanes` bounds the checks at once: the check starts once it has a lane. Its deadline
 * counts the time it works, not the time it waits for a fixture lock out of its lane
 * (the holder's own deadline bounds that); `durationMs` is its time from its start.
 */
export async function runCheck(definition: CheckDefinition, config: SuiteConfig, lanes: Lanes): Promise<CheckOutcome & { durationMs: number }> {
  // A check the run cannot make is reported at once, without waiting for a lane.
  const unmet = unmetNeed(definition.needs, config);
  if (unmet !== undefined) return { status: 'skipped', reason: unmet, requests: 0, durationMs: 0 };
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
  let expire: (error: Violation) => void = () => undefined;
  const overdue = new Promise<never>((_, reject) => (expire = reject));
  const deadline = new WorkDeadline(RULE_TIMEOUT_MS, () =>
    expire(new Violation(`the check did not end within its deadline of ${RULE_TIMEOUT_MS / 1000} s: the target answers too slowly`)),
  );
  const waits = {
    pause: () => {
      deadline.pause();
      lane.pause();
    },
    resume: async () => {
      await lane.resume();
      deadline.resume();
    },
  };
  const check = new Check(definition.id, config, definition.shares, waits);
  try {
    await Promise.race([definition.body(check), overdue]);
    return { status: 'passed', requests: check.requests };
  } catch (error) {
    if (error instanceof Skip) return { status: 'skipped', reason: error.reason, requests: check.requests };
    return { status: 'failed', evidence: plainEvidence(evidenceOf(error, check.lastExchange)), requests: check.requests };
  } finally {
    deadline.pause();
    // Also ends the requests of a body cut off by its deadline, which would otherwise run on.
    await check.close();
  }
}

/** A deadline on the time a check works: it stops while the check waits out of its lane. */
class WorkDeadline {
  private left: number;
  private timer: NodeJS.Timeout | undefined;
  private since = 0;

  constructor(ms: number, private readonly onExpired: () => void) {
    this.left = ms;
    this.resume();
  }

  pause(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left -= performance.now() - this.since;
  }

  resume(): void {
    if (this.timer) return;
    this.since = performance.now();
    this.timer = setTimeout(this.onExpired, Math.max(0, this.left));
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
