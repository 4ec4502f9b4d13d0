// The bounds that make every run end, whatever the target does: a deadline per
// rule, a cap on the waits a rate-limiting target asks for, and the optional
// request budget (--max-requests). The runner prints the run's bound from these.
import { countRequest, requestsCounted } from './coordination.ts';

/** Deadline of one rule's check: generous, so only a hanging or very slow target meets it. */
export const RULE_TIMEOUT_MS = 120_000;
/** A 429 answer is retried at most this many times... */
export const RATE_LIMIT_RETRIES = 3;
/** ...each time after the wait its Retry-After asks for, but never longer than this. */
export const RATE_LIMIT_MAX_WAIT_MS = 5_000;

/** The budget is spent: not the target's fault, so the check is skipped with this reason. */
export class BudgetSpent extends Error {
  constructor(readonly limit: number) {
    super(`request budget of ${limit} spent`);
    this.name = 'BudgetSpent';
  }
}

/** --max-requests: one count for the whole run, kept in the memory every worker shares. */
export class RequestBudget {
  constructor(
    readonly limit: number,
    private readonly shared: SharedArrayBuffer,
  ) {}

  get spent(): number {
    return Math.min(requestsCounted(this.shared), this.limit);
  }

  /** Counts one request about to be sent; throws BudgetSpent, before anything is sent, once none is left. */
  take(): void {
    if (countRequest(this.shared) > this.limit) throw new BudgetSpent(this.limit);
  }
}
