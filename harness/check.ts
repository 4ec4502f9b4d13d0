// How a suite states a rule check: `rule(id, {needs}, async (t) => ...)` defines one
// vitest test named after the rule, skips it with the reason when the run lacks
// what it needs, and turns a Violation into a failure that carries its evidence.
import fc from 'fast-check';
import { inject, test, type TestContext } from 'vitest';
import type { Evidence, Exchange } from '../results/model.ts';
import { findRule } from '../spec/rules/index.ts';
import { credentialVariables, type CredentialName, type SuiteConfig } from './config.ts';
import { ControlClient } from './control.ts';
import { HttpClient, NetworkError, RateLimited, type HttpResponse, type RequestOptions } from './http.ts';
import { FixtureLocks } from './coordination.ts';
import { BudgetSpent, RequestBudget, RULE_TIMEOUT_MS } from './limits.ts';
import { Redactor } from './redact.ts';
import { ruleSeed } from './seed.ts';
import { Skip, Violation } from './violation.ts';

export type Need =
  | 'control'
  | 'member'
  | 'noScope'
  | 'otherWorkspace'
  | 'accountId'
  | 'sandboxUrl'
  | 'sandboxName'
  /** Changes state on the target (control states, writes to the sandbox address). */
  | 'writes';

const needReasons: Record<Need, (c: SuiteConfig) => string | undefined> = {
  control: (c) => (c.controlUrl ? undefined : 'no --control-url given: this check needs fixtures on the target'),
  member: (c) => (c.credentials.member ? undefined : 'no --member-token given: this check needs a non-admin credential'),
  noScope: (c) => (c.credentials.noScope ? undefined : 'no --no-scope-token given: this check needs a credential without scopes'),
  otherWorkspace: (c) =>
    c.credentials.otherWorkspace ? undefined : 'no --other-workspace-token given: this check needs a second workspace',
  accountId: (c) => (c.accountId ? undefined : 'no --account-id given: the metrics checks need the account'),
  sandboxUrl: (c) => (c.sandboxUrl ? undefined : 'no --sandbox-url given: the sandbox-address checks need one sandbox'),
  sandboxName: (c) =>
    c.sandboxName || c.controlUrl ? undefined : 'no --sandbox-name and no --control-url: no sandbox to read',
  writes: (c) => (c.readOnly ? '--read-only: this check changes state on the target' : undefined),
};

export interface RuleOptions {
  needs?: Need[];
}

declare module 'vitest' {
  interface TaskMeta {
    evidence?: Evidence;
    requests?: number;
    /** The suite file of the check, e.g. `functions/limit` (harness/checks.entry.ts runs them all as one module). */
    suite?: string;
  }
  interface ProvidedContext {
    /** The suite files whose checks harness/checks.entry.ts runs. */
    conformanceSuites: SuiteFile[];
  }
}

/** What a check body works with. */
export class Check {
  readonly config: SuiteConfig;
  readonly seed: number;
  readonly control: ControlClient;
  /** Held from the first provider state the check sets until it ends. */
  readonly locks: FixtureLocks;
  private readonly http: HttpClient;
  requests = 0;
  lastExchange: Exchange | undefined;
  /** Set when the target stopped answering (no answer, rate limited), the budget ran out or --read-only held a request back: no later request can tell more. */
  private halted: Error | undefined;

  constructor(
    readonly ruleId: string,
    config: SuiteConfig,
  ) {
    this.config = config;
    this.seed = ruleSeed(config.seed, ruleId);
    const redactor = new Redactor(Object.values(config.credentials));
    this.http = new HttpClient({
      timeoutMs: config.timeoutMs,
      redactor,
      credentialVariables: credentialVariables(config.credentials),
      shareConnections: true,
      ...(config.maxRequests === undefined ? {} : { budget: new RequestBudget(config.maxRequests, config.shared) }),
      onExchange: (exchange) => {
        this.requests += 1;
        this.lastExchange = exchange;
      },
    });
    this.locks = new FixtureLocks(config.shared);
    this.control = new ControlClient(config, async (state, params) => {
      await this.locks.enter(state);
      return this.send(config.controlUrl ?? '', '', { method: 'POST', token: config.credentials.admin, body: { state, params } });
    });
  }

  /** A credential of the run; skips the check when the run has none of that kind. */
  token(name: CredentialName): string {
    const token = this.config.credentials[name];
    if (!token) throw new Skip(`no ${name} credential given`);
    return token;
  }

  /** A control-plane request; `path` is appended to the base URL (`/v0` included). */
  api(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    return this.send(this.config.baseUrl, path, options);
  }

  /** A request to the sandbox address. */
  sandbox(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    if (!this.config.sandboxUrl) throw new Skip('no --sandbox-url given');
    return this.send(this.config.sandboxUrl, path, options);
  }

  private async send(base: string, path: string, options: RequestOptions): Promise<HttpResponse> {
    // The `writes` need skips such checks up front; this holds the promise for a check that
    // sends a PUT or DELETE without declaring it: a wrong target could act on any of them.
    const method = options.method ?? 'GET';
    if (this.config.readOnly && method !== 'GET') {
      throw (this.halted = new Skip(`--read-only: this check sends ${method} requests, which could change the target`));
    }
    try {
      return await this.http.send(base, path, options);
    } catch (error) {
      // No answer at all, or only 429s, is a failure of the target for the rule under check.
      if (error instanceof NetworkError || error instanceof RateLimited) throw (this.halted = new Violation(error.message, error.exchange));
      // A spent budget is the run's limit, not the target's fault.
      if (error instanceof BudgetSpent) throw (this.halted = new Skip(error.message));
      throw error;
    }
  }

  /** Fails the check with the last exchange as evidence. */
  fail(message: string, exchange: Exchange | undefined = this.lastExchange): never {
    throw new Violation(message, exchange);
  }

  assert(condition: unknown, message: string, exchange?: Exchange): asserts condition {
    if (!condition) this.fail(message, exchange);
  }

  skip(reason: string): never {
    throw new Skip(reason);
  }

  /**
   * Checks a property over generated inputs. The seed comes from the run's seed and
   * the rule id, so `--seed` replays it whatever else is selected; on failure the
   * shrunk input and the exchange of its last run become the evidence.
   */
  async property<T>(arbitrary: fc.Arbitrary<T>, predicate: (input: T) => Promise<void>, options: { runs?: number } = {}): Promise<void> {
    let failed = false;
    const checked = async (input: T): Promise<void> => {
      // Once the property failed and the target stopped answering, shrinking would only
      // meet the same wall again, one timeout at a time: every later case passes unsent,
      // so the smallest case that failed on its own merits stays the counterexample.
      if (failed && this.halted) return;
      try {
        await predicate(input);
      } catch (error) {
        failed = true;
        throw error;
      }
    };
    const details = await fc.check(fc.asyncProperty(arbitrary, checked), {
      seed: this.seed,
      numRuns: options.runs ?? this.config.runs,
      endOnFailure: false,
    });
    if (!details.failed) return;
    const error = details.errorInstance;
    if (error instanceof Skip) throw error;
    const evidence: Evidence = {
      message: error instanceof Error ? error.message : String(error),
      counterexample: fc.stringify(details.counterexample?.[0]),
      seed: details.seed,
      path: details.counterexamplePath ?? undefined,
      exchange: error instanceof Violation ? error.exchange : this.lastExchange,
    };
    throw new PropertyViolation(evidence);
  }

  close(): Promise<void> {
    this.locks.release();
    return this.http.close();
  }
}

/** A property failed; carries the shrunk counterexample. */
export class PropertyViolation extends Error {
  constructor(readonly evidence: Evidence) {
    super(evidence.message);
    this.name = 'PropertyViolation';
  }
}

/** A check as a suite file declares it, before it becomes a vitest test. */
interface DeclaredCheck {
  name: string;
  run: (ctx: TestContext) => Promise<void>;
}

/** The checks of each suite file, declared once per worker thread (a module is evaluated once). */
const declaredChecks = new Map<string, DeclaredCheck[]>();
/** While a suite file is imported by declareChecks: where its rule() calls go. */
let declaring: { suite: string; checks: DeclaredCheck[] } | undefined;

export interface SuiteFile {
  /** Absolute path of the module. */
  file: string;
  /** Its name in the results, e.g. `functions/limit`. */
  suite: string;
}

/**
 * Makes the checks of these suite files tests of the calling module (harness/checks.entry.ts),
 * in turn from each area (the first check of each area, then the second, ...): checks of one
 * area set the same fixtures and wait on one another's lock, so the checks that run at once
 * (--concurrency) come from different areas and the target answers several at a time. Within
 * an area, files and checks keep their order.
 */
export async function declareChecks(files: readonly SuiteFile[]): Promise<void> {
  const byArea = new Map<string, DeclaredCheck[]>();
  for (const { file, suite } of files) {
    let checks = declaredChecks.get(file);
    if (!checks) {
      declaring = { suite, checks: [] };
      try {
        await import(/* @vite-ignore */ file);
        checks = declaring.checks;
      } finally {
        declaring = undefined;
      }
      declaredChecks.set(file, checks);
    }
    const area = suite.split('/')[0]!;
    byArea.set(area, [...(byArea.get(area) ?? []), ...checks]);
  }
  const queues = [...byArea.values()];
  for (let i = 0; queues.some((q) => i < q.length); i += 1) for (const q of queues) if (i < q.length) test(q[i]!.name, q[i]!.run);
}

/** Defines the check of one catalogue rule as one vitest test. */
export function rule(id: string, options: RuleOptions, body: (t: Check) => Promise<void>): void {
  const definition = findRule(id);
  const name = `${definition.id} ${definition.title}`;
  const suite = declaring?.suite;
  const run = async (ctx: TestContext) => {
    if (suite) ctx.task.meta.suite = suite;
    const config = inject('conformance');
    for (const need of options.needs ?? []) {
      const reason = needReasons[need](config);
      if (reason) return ctx.skip(reason);
    }
    const check = new Check(id, config);
    let deadline: NodeJS.Timeout | undefined;
    const overdue = new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Violation(`the check did not end within its deadline of ${RULE_TIMEOUT_MS / 1000} s: the target answers too slowly`)),
        RULE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([body(check), overdue]);
    } catch (error) {
      ctx.task.meta.requests = check.requests;
      if (error instanceof Skip) return ctx.skip(error.reason);
      const evidence = plainEvidence(evidenceOf(error, check.lastExchange));
      ctx.task.meta.evidence = evidence;
      throw new Error(evidence.message);
    } finally {
      clearTimeout(deadline);
      ctx.task.meta.requests = check.requests;
      // Also ends the requests of a body cut off by its deadline, which would otherwise run on.
      await check.close();
    }
  };
  if (declaring) declaring.checks.push({ name, run });
  else test(name, run);
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
