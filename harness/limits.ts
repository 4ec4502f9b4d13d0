// The bounds that make every run end, whatever the target does: a deadline per
// rule, a cap on the waits a rate-limiting target asks for, and the optional
// request budget (--max-requests). The runner prints the run's bound from these.

/** Deadline of one rule's check: generous, so only a hanging or very slow target meets it. */
export const RULE_TIMEOUT_MS = 120_000;
/** A 429 answer is retried at most this many times... */
export const RATE_LIMIT_RETRIES = 3;
/** ...each time after the wait its Retry-After asks for, but never longer than this. */
export const RATE_LIMIT_MAX_WAIT_MS = 5_000;

/** The run's budget as the runner hands it to the suites. */
export interface BudgetConfig {
  /** Tells one run from the next in a reused vitest session. */
  runId: string;
  limit: number;
  /** Requests the runner sent before the suites (the reachability probe). */
  spent: number;
}

/** The budget is spent: not the target's fault, so the check is skipped with this reason. */
export class BudgetSpent extends Error {
  constructor(readonly limit: number) {
    super(`request budget of ${limit} spent`);
    this.name = 'BudgetSpent';
  }
}

export class RequestBudget {
  constructor(
    readonly limit: number,
    private spentSoFar = 0,
  ) {}

  get spent(): number {
    return this.spentSoFar;
  }

  /** Counts one request about to be sent; throws BudgetSpent, before anything is sent, once none is left. */
  take(): void {
    if (this.spentSoFar >= this.limit) throw new BudgetSpent(this.limit);
    this.spentSoFar += 1;
  }
}

// Every check of a run draws on one budget, but checks run in a vitest worker whose
// memory is its own. A module-level budget is shared by all of them because the
// runner runs every suite file in one worker, one file after another, without
// isolation (runner/run-suites.ts: fileParallelism false, isolate false). Were the
// files spread over several workers, each would hold its own budget and a run could
// send up to workers × limit requests: the counter would then have to move to the
// main process.
let shared: { runId: string; budget: RequestBudget } | undefined;

/** The one budget of the run `config` belongs to. */
export function runBudget(config: BudgetConfig): RequestBudget {
  if (shared?.runId !== config.runId) shared = { runId: config.runId, budget: new RequestBudget(config.limit, config.spent) };
  return shared.budget;
}
