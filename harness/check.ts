// What a check body works with (`t`): the target's two addresses, the run's
// credentials, provider states, properties over generated inputs, and assertions
// whose failure carries the last exchange as evidence.
import type fc from 'fast-check';
import type { DataKind, Exchange } from '../results/model.ts';
import { credentialVariables, type CredentialName, type SuiteConfig } from './config.ts';
import { ControlClient, PROBE_STATE, stateKey } from './control.ts';
import type { StateName } from '../spec/test-control.ts';
import { HttpClient, NetworkError, RateLimited, type HttpResponse, type RequestOptions } from './http.ts';
import { FixtureLocks, type LockWaits } from './coordination.ts';
import { ClockTimeline } from './clock-timeline.ts';
import { BudgetSpent, RequestBudget } from './limits.ts';
import { RatePace } from './rate-limit.ts';
import { atOnce, currentCase, noteTargetChange } from './case-scope.ts';
import { checkProperty, PropertyViolation, type Together } from './property.ts';
import { Redactor } from './redact.ts';
import { logExchange } from './exchange-log.ts';
import { ruleSeed } from './seed.ts';
import type { TargetTime } from './target-time.ts';
import type { HeldStates } from './run-check.ts';
import { asRepeat, confirmationsFor, currentRepeat, DataMoved, FRESH_MS, judgeAgainst, LENIENT_REPEATS, movedSince, REPEAT_JITTER_MS, namesRead, readSince, sameFailure, sameReadings, type Reading, type Repeat, type Source, type StillFailure } from './readings.ts';
import { listedItems, marked, otherRunsSeen } from './run-mark.ts';
import { StatesInForce } from './setup.ts';
import { Skip, SuiteError, Violation } from './violation.ts';

/**
 * Waits for the run's next send time (--rate-limit). The check keeps its lane meanwhile:
 * checks may wait on its work (a reading they share), and a lane given back could go to
 * them until none is left for it. The wait expires nothing: the deadline counts only the
 * target's time (harness/target-time.ts).
 */
function keepingPace(pace: RatePace): () => Promise<void> {
  return async () => {
    const delay = pace.reserve();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    await pace.go();
  };
}

/** How one making of a case or check ended on existing data (Check.confirmed). */
type Attempt =
  | { kind: 'passed'; still: boolean }
  | { kind: 'failed'; error: Violation | PropertyViolation; still: boolean; failure: StillFailure }
  /** An answer of several requests moved under it: no verdict. */
  | { kind: 'moved' };

type RepeatReadings = Repeat['readings'];

/** A failure of the target under check: what Check.confirmed repeats. */
const isVerdict = (error: unknown): error is Violation | PropertyViolation => error instanceof Violation || error instanceof PropertyViolation;

/** A failure no movement of data can cause: no answer, rate limiting that never ended, or a 5xx (a repeat that passes would retry it away). */
function aboutNoData(error: Violation | PropertyViolation): boolean {
  const exchange = error instanceof Violation ? error.exchange : error.evidence.exchange;
  const status = exchange?.response?.status ?? 0;
  return exchange?.networkError !== undefined || status === 429 || status >= 500;
}

/** What a check body works with. */
export class Check {
  readonly config: SuiteConfig;
  readonly seed: number;
  readonly control: ControlClient;
  /** Held from the first provider state the check sets until it ends, or moves to another state of a group; those of Check.withClock until it returns. */
  readonly locks: FixtureLocks;
  private readonly http: HttpClient;
  requests = 0;
  /** What the data reached and could not show, in the order first said (CheckDefinition: `existing`). */
  readonly dataNotes = new Set<string>();
  /** Whether the check put fixtures on the target (a provider state, its own or shared): its data was set, else it read what the target held. */
  setFixtures = false;
  private lastOfCheck: Exchange | undefined;
  /** Set when the target stopped answering (no answer, rate limited), the budget ran out or --read-only held a request back: no later request can tell more. */
  private halted: Error | undefined;

  readonly shares?: string;
  /** The data it may work on (CONTRACT 1.3): fixtures it sets, or only what the target already holds. */
  readonly data: DataKind;
  /** The provider states its fixtures are in, for the evidence (Exchange.setup); none without a control URL. */
  private readonly inForce: StatesInForce | undefined;
  /** On existing data: the reading of each source the check compares with (harness/readings.ts), taken once. */
  readonly readings = new Map<Source<unknown>, Promise<Reading<unknown>>>();
  private readonly readingsSince: number;
  /** Whether this check has seen its existing data move (Check.confirmed then asks for more confirmations). */
  private dataSeenMoving = false;
  private readonly heldStates: HeldStates | undefined;

  constructor(
    readonly ruleId: string,
    config: SuiteConfig,
    options: {
      /** What the rule reads beside others (`shares` of its definition): the name its shared draws are seeded with. */
      shares?: string;
      /** What the check does while it waits for a fixture group another check holds: give back its lane. */
      waits?: LockWaits;
      data?: DataKind;
      /** The provider states the rule declares (RuleOptions.states): it may set no other. */
      states?: readonly StateName[];
      /** Where the target's time answering the check's requests is counted, for its deadline. */
      targetTime?: TargetTime;
      /** On existing data, no reading started before this (performance.now()) serves: the data moved since (a check made again). */
      readingsSince?: number;
      /** Reads back the states the check set (suites/support/held.ts), for a failure on fixtures another party may have replaced. */
      heldStates?: HeldStates;
    } = {},
  ) {
    const { shares, waits, data = 'set', states = [], targetTime, readingsSince = -Infinity, heldStates } = options;
    this.heldStates = heldStates;
    this.readingsSince = readingsSince;
    this.config = config;
    this.shares = shares;
    this.data = data;
    this.seed = ruleSeed(config.seed, ruleId);
    const redactor = new Redactor(Object.values(config.credentials));
    const variables = credentialVariables(config.credentials);
    const { controlUrl } = config;
    const inForce = (this.inForce = controlUrl ? new StatesInForce({ url: controlUrl, admin: config.credentials.admin, credentials: variables, redactor }) : undefined);
    const controlRequests = controlUrl && redactor.text(controlUrl.replace(/\/+$/, ''));
    this.http = new HttpClient({
      timeoutMs: config.timeoutMs,
      redactor,
      credentialVariables: variables,
      shareConnections: true,
      ...(targetTime ? { targetTime } : {}),
      ...(config.maxRequests === undefined ? {} : { budget: new RequestBudget(config.maxRequests, config.shared) }),
      ...(config.rateLimit === undefined ? {} : { pace: keepingPace(new RatePace(config.rateLimit, config.shared)) }),
      onExchange: (exchange, whole) => {
        if (config.exchangeLog) logExchange(config.exchangeLog, ruleId, this.data, exchange, whole);
        const setup = inForce?.current;
        if (setup && !exchange.request.url.startsWith(controlRequests!)) exchange.setup = setup;
        this.requests += 1;
        this.lastOfCheck = exchange;
        this.lastExchange = exchange;
      },
    });
    this.locks = new FixtureLocks(config.shared, waits);
    this.control = new ControlClient(config, {
      enterEach: (states) => {
        for (const state of states) noteTargetChange(`the provider state "${state}" is set`, 'state');
        return this.locks.enterEach(states);
      },
      post: async (state, params) => {
        if (!states.includes(state)) throw new Error(`${ruleId} sets the provider state "${state}", which its rule does not declare (a defect of cp-conformance)`);
        this.setFixtures = true;
        // Each function the run sets carries its mark: evidence of this run to another run's read-back (harness/run-mark.ts).
        const sent = marked(state, params, config.shared);
        const res = await this.send(config.controlUrl ?? '', '', { method: 'POST', token: config.credentials.admin, body: { state, params: sent } });
        if (res.status >= 200 && res.status < 300) inForce?.set(state, sent);
        return res;
      },
      probe: () => this.send(config.controlUrl ?? '', '', { method: 'POST', token: config.credentials.admin, body: { state: PROBE_STATE, params: {} } }),
      atOnce: (tasks) => this.atOnce(tasks),
    });
  }

  /** The last exchange of the case this code runs for (cases of a property may run at once), else of the check. */
  get lastExchange(): Exchange | undefined {
    const scope = currentCase();
    return scope ? scope.lastExchange : this.lastOfCheck;
  }

  private set lastExchange(exchange: Exchange) {
    const scope = currentCase();
    if (scope) scope.lastExchange = exchange;
    else this.lastOfCheck = exchange;
  }

  /**
   * Puts the target into `state` to read it beside the other checks that read the same
   * (a fixture set drawn from the run's seed, not the rule's): the first of them sets it,
   * and they hold its group together (harness/coordination.ts). It counts in the requests
   * of every check that reads it, whichever sent it, so that no count depends on timing.
   */
  async shareState(state: StateName, params: object): Promise<void> {
    noteTargetChange(`the provider state "${state}" is set`, 'state');
    this.setFixtures = true;
    const sent = await this.locks.share(state, stateKey(state, params), () => this.control.setHeld(state, params));
    if (!sent) {
      this.requests += 1;
      this.inForce?.set(state, marked(state, params, this.config.shared));
    }
  }

  /**
   * Runs `body` moving the target's clock (harness/clock-timeline.ts), on one timeline
   * with the other checks that move it at the time, holding every fixture group with
   * them. After, the target is reset (which puts the clock back too) and the groups are free.
   */
  async withClock(body: (clock: ClockTimeline) => Promise<void>): Promise<void> {
    const place = await this.locks.enterClock();
    // Steps through setHeld: the timeline holds every group, and only its leader moves the clock.
    const moves = { advance: (seconds: number) => this.control.setHeld('clock', { advanceSeconds: seconds }), reset: () => this.control.set('reset') };
    const clock = new ClockTimeline(this.config.shared, this.locks, place, moves, (requests) => void (this.requests += requests));
    let bodySucceeded = false;
    try {
      await body(clock);
      bodySucceeded = true;
      await clock.end();
    } finally {
      // After a failure of the body, that failure is the check's, whatever ending the timeline meets.
      if (!bodySucceeded) await clock.end().catch(() => undefined);
      this.locks.release();
    }
  }

  /** A credential of the run; skips the check when the run has none of that kind. */
  token(name: CredentialName): string {
    const token = this.config.credentials[name];
    if (!token) throw new Skip(`no ${name} credential given`);
    return token;
  }

  /** A control-plane request; `path` is appended to the base URL (`/v0` included). */
  async api(path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const res = await this.send(this.config.baseUrl, path, options);
    // Every functions listing read may show another run's mark: the evidence a replaced state needs (suites/support/held.ts).
    if (path === '/functions') otherRunsSeen(this.config.shared, listedItems(res.json));
    return res;
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
    // Sent with no valid credential (the auth checks), a write is refused by a conforming target: it changes nothing.
    const credited = options.authorization === undefined && options.token !== undefined && options.token !== this.config.credentials.noScope;
    if (method !== 'GET' && credited && base !== this.config.controlUrl) noteTargetChange(`a ${method} request is sent`, 'write');
    try {
      return await this.http.send(base, path, options);
    } catch (error) {
      // The control endpoint is the suite's way in, not the API under check: no answer from it is no verdict.
      if ((error instanceof NetworkError || error instanceof RateLimited) && base === this.config.controlUrl)
        throw (this.halted = new SuiteError(`the control endpoint did not answer: ${error.message}`, error.exchange));
      // No answer at all, or only 429s, is a failure of the target for the rule under check.
      if (error instanceof NetworkError || error instanceof RateLimited) throw (this.halted = new Violation(error.message, error.exchange));
      // A spent budget is the run's limit, not the target's fault.
      if (error instanceof BudgetSpent) throw (this.halted = new Skip(error.message));
      throw error;
    }
  }

  /** What of the provider states the check set the target no longer holds, read back through the API; [] when it holds them all. */
  async fixturesReplaced(): Promise<string[]> {
    const held = this.inForce?.held ?? [];
    return this.heldStates && held.length > 0 ? this.heldStates(this, held) : [];
  }

  /**
   * The data of `source` the target holds (CONTRACT 1.3), from a reading this check
   * compares its answers with (judge): one per source and check, shared with the checks
   * that read the same at the time (harness/readings.ts).
   */
  async existing<D>(source: Source<D>): Promise<D> {
    const repeat = currentRepeat();
    const readings = repeat?.readings ?? this.readings;
    let reading = readings.get(source) as Promise<Reading<D>> | undefined;
    // A repeat (Check.confirmed) reads anew: no reading started before it serves.
    const since = repeat?.since ?? Math.max(this.readingsSince, performance.now() - FRESH_MS);
    if (!reading) readings.set(source, (reading = readSince(this, source, since)));
    return (await reading).data;
  }

  /**
   * Fails the check when `problemOf` the data of `source` finds a problem in an answer
   * given since this check read it (existing), judged against a reading after the answer
   * too, and against what the states between the two may show when the data moved
   * (harness/readings.ts). `spansRequests`: the answer is several requests (a walk), and
   * on moving data gives no verdict.
   */
  async judge<D>(
    source: Source<D>,
    problemOf: (data: D) => string | undefined,
    message: (problem: string) => string,
    options: { exchange?: Exchange; spansRequests?: boolean } = {},
  ): Promise<void> {
    const repeat = currentRepeat();
    const before = (repeat?.readings ?? this.readings).get(source) as Promise<Reading<D>> | undefined;
    if (!before) throw new Error(`${this.ruleId} judges an answer against ${source.what} before it read them (Check.existing)`);
    const judgement = await judgeAgainst(this, source, await before, problemOf, options.spansRequests);
    if (judgement.moved) {
      this.dataSeenMoving = true;
      this.note(`${source.what} changed while the check read them: answers were judged against the readings before and after them`);
      if (repeat) repeat.moved = true;
    }
    if (judgement.problem !== undefined) throw new Violation(message(judgement.problem), options.exchange ?? this.lastExchange, !judgement.moved);
  }

  /**
   * Runs `run`; on existing data a verdict on it stands only as made on data that held
   * still (harness/readings.ts). A failure stands only when `run`, made again with readings
   * of its own, fails the same way (sameFailure) on data those readings show held still,
   * CONFIRMATIONS times: data that moves or flickers does not fail the same way again, a
   * defect does. A repeat that passes on the data the failure was found on, held still,
   * clears it (on other data it clears nothing: an answer may show a defect on some data
   * only). Where the data never holds still for it, the case gives no verdict (DataMoved),
   * but a pass judged only against a state between two readings that differ, which stands
   * if LENIENT_REPEATS repeats find no still data either. A failure judged on no reading of
   * the data, or that is no answer or a 5xx, stands at once. Once the check has seen its
   * data move, CONFIRMATIONS_WHILE_MOVING repeats confirm a failure, within
   * MOST_REPEATS_WHILE_MOVING; a failure that names no item, CONFIRMATIONS_UNNAMED
   * (confirmationsFor). On set data `run` as it is.
   */
  async confirmed(run: () => Promise<void>): Promise<void> {
    if (this.data !== 'existing') return run();
    const first = await this.attempt(run, { readings: this.readings, moved: false });
    if (first.kind === 'passed' && first.still) return;
    // Judged on no reading of the data, or about no data: a repeat could only retry it away.
    if (first.kind === 'failed' && (this.readings.size === 0 || aboutNoData(first.error))) throw first.error;
    // Confirmed case by case already (PropertySettings.confirm).
    if (first.kind === 'failed' && first.error instanceof PropertyViolation) throw first.error;
    let lenient = first.kind === 'passed';
    let streak: StillFailure[] = [];
    let failedOn: RepeatReadings | undefined;
    if (first.kind === 'failed' && first.still) [streak, failedOn] = [[first.failure], this.readings];
    if (first.kind === 'moved' || !first.still) this.dataSeenMoving = true;
    for (let repeats = 0; repeats < confirmationsFor(streak[0], this.dataSeenMoving).most && !(lenient && repeats === LENIENT_REPEATS); repeats++) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * REPEAT_JITTER_MS));
      const since = performance.now();
      const repeat: Repeat = { readings: new Map(), since, moved: false };
      // Read anew, as the repeat begins, whatever the check read before its answers: the readings its answers are judged against.
      for (const source of this.readings.keys()) repeat.readings.set(source, readSince(this, source, since));
      const outcome = await this.attempt(run, repeat);
      if (outcome.kind === 'moved' || !outcome.still) this.dataSeenMoving = true;
      if (outcome.kind === 'passed' && outcome.still && failedOn !== undefined) {
        // A pass on the data the failure was found on clears it; readings that differ from those show the data moving.
        if (await sameReadings(repeat.readings, failedOn)) return;
        this.dataSeenMoving = true;
      }
      if (outcome.kind === 'passed' && outcome.still && failedOn === undefined) return;
      if (outcome.kind !== 'failed' || !outcome.still) continue;
      lenient = false;
      streak = sameFailure([...streak, outcome.failure]) ? [...streak, outcome.failure] : [outcome.failure];
      if (failedOn !== undefined && !(await sameReadings(repeat.readings, failedOn))) this.dataSeenMoving = true;
      failedOn = repeat.readings;
      if (streak.length >= confirmationsFor(streak[0], this.dataSeenMoving).needed) throw outcome.error;
    }
    if (lenient) return;
    throw new DataMoved(`the data this check read (${[...this.readings.keys()].map((s) => s.what).join(', ') || 'the target'})`);
  }

  /** `run` made once in `repeat`'s readings: how it ended, and whether the data held still around it. */
  private async attempt(run: () => Promise<void>, repeat: Repeat): Promise<Attempt> {
    try {
      await asRepeat(repeat, run);
      return { kind: 'passed', still: !repeat.moved };
    } catch (error) {
      if (error instanceof DataMoved) return { kind: 'moved' };
      if (!isVerdict(error)) throw error;
      // Found on readings that agree, or on readings that read the same again now: the data held still around it.
      const still = !repeat.moved && (error.still || (await movedSince(this, repeat.readings)).length === 0);
      return { kind: 'failed', error, still, failure: { message: error.message, names: still ? await namesRead(repeat.readings) : new Set() } };
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

  /** Says, in the reports, what the data reached or could not show; said once however many cases say it. */
  note(text: string): void {
    this.dataNotes.add(text);
  }

  /**
   * Checks a property over generated inputs. The seed comes from the run's seed and
   * the rule id, so `--seed` replays it whatever else is selected; with `shared`, from
   * the run's seed and what the rule shares, so that the rules reading the same rounds
   * draw the same ones.
   */
  property<T>(
    arbitrary: fc.Arbitrary<T>,
    predicate: (input: T) => Promise<void>,
    options: { runs?: number; together?: Together<T>; shared?: boolean } = {},
  ): Promise<void> {
    return checkProperty(arbitrary, predicate, {
      seed: options.shared ? this.sharedSeed() : this.seed,
      runs: options.runs ?? this.config.runs,
      concurrency: this.config.concurrency,
      // Fixtures set before the property (a shared set, its own set): its cases read them. Cases set side by side (`together`) set their own.
      casesOnlyRead: options.together === undefined && this.locks.holdsGroup,
      halted: () => this.halted !== undefined,
      lastExchange: () => this.lastOfCheck,
      fixturesReplaced: () => this.fixturesReplaced(),
      ...(this.data === 'existing' ? { confirm: (run: () => Promise<void>) => this.confirmed(run) } : {}),
    }, options.together);
  }

  /** The seed of what the rules that share one name draw alike (rounds of fixtures, a fixture set), from the run's seed. */
  sharedSeed(): number {
    if (this.shares === undefined) throw new Error(`${this.ruleId} draws shared fixtures but declares no \`shares\``);
    return ruleSeed(this.config.seed, this.shares);
  }

  /**
   * Reads sent at once (a case's several listings, say; or provider states whose groups
   * the check holds, ControlClient.setEach); the first failure in the tasks' order is
   * thrown. With `writes` (what they change, for a message), writes that each change a
   * resource of its own that no other task reads, sent at once too.
   */
  async atOnce<T>(tasks: ReadonlyArray<() => Promise<T>>, writes?: string): Promise<T[]> {
    const { values, lastExchange } = await atOnce(tasks, writes);
    if (lastExchange) this.lastExchange = lastExchange;
    return values;
  }

  close(): Promise<void> {
    this.locks.close();
    return this.http.close();
  }
}
