// The results of one run: what the runner collects from the suites and what every
// reporter reads. Reporters are pure functions of this value.

/** `EXTENSION`: a library caller's check of its own behaviour beyond the specification (lib/extension.ts). */
export type Level = 'MUST' | 'SHOULD' | 'EXTENSION';
/**
 * CONTRACT 1.1: `failed` is a broken MUST rule, `warned` a broken SHOULD rule (the same
 * evidence; exit status 0 unless --strict). `known` and `fixed` are rules the
 * expectations file lists: `known` broke as listed (exit status 0), `fixed` passed
 * (exit status 0 unless --strict), so the file can shrink.
 */
/**
 * CONTRACT 1.3: the data a check worked on: `set` through provider states, or `existing`,
 * what the target already held.
 */
export type DataKind = 'set' | 'existing';

/** `error`: the suite could not make the check (the control endpoint failed mid-run, an answer larger than it reads): never the target's failure. */
export type RuleStatus = 'passed' | 'failed' | 'error' | 'warned' | 'skipped' | 'known' | 'fixed';

/** Every status, in the order the reports list them: what to act on first. */
export const RULE_STATUSES = ['failed', 'error', 'fixed', 'warned', 'known', 'skipped', 'passed'] as const satisfies readonly RuleStatus[];

/** A rule that broke in its run: failed, warned, or known (broken, and listed in the expectations file). */
export const broke = (rule: Pick<RuleResult, 'status'>): boolean => rule.status === 'failed' || rule.status === 'warned' || rule.status === 'known';

/** One entry of an expectations file (CONTRACT 1.2): a rule the team knows is broken. */
export interface Expectation {
  rule: string;
  reason: string;
  link?: string;
}

/** One HTTP request as the suite sent it, credentials already masked. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** true when the body was longer than the evidence cap and only its start is kept (the curl line then sends only that start). */
  truncated?: boolean;
}

/** One HTTP response as the target sent it, capped and masked. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** true when the body was longer than the evidence cap and was cut. */
  truncated?: boolean;
}

export interface Exchange {
  request: RecordedRequest;
  /** Absent when no response came (refused, timed out, reset). */
  response?: RecordedResponse;
  /** Why no response came, when none did. */
  networkError?: string;
  /** A shell line that sends the same request, with `Bearer ***` for the credential. */
  curl: string;
  /**
   * On set data: the provider states the check's fixtures were in when the request was
   * sent, in the order to send them, each as a shell line (`curl` to the control
   * endpoint). Pasted before `curl`, against a target with the control endpoint, they
   * reproduce the answer.
   */
  setup?: SetupStep[];
}

/**
 * One exchange of a run as the exchange log holds it (`run --har`, `diff`): the request and
 * the answer whole, masked as every report is, with when it was sent and how long the
 * answer took, the rule whose check sent it and the case of its property.
 */
export interface LoggedExchange {
  rule: string;
  data: DataKind;
  /** The generated case that sent it ("case 3", "the cases side by side", "shrinking"); absent outside a property. */
  case?: string;
  startedDateTime: string;
  /** From sending the request to the end of the answer's body, in milliseconds. */
  timeMs: number;
  request: Omit<RecordedRequest, 'truncated'>;
  response?: Omit<RecordedResponse, 'truncated'>;
  networkError?: string;
  /** A shell line that sends the same request (Exchange.curl). */
  curl: string;
}

/** One provider state of an exchange's setup. */
export interface SetupStep {
  state: string;
  curl: string;
}

/** What a person needs to act on a failure. */
export interface Shrinking {
  steps: number;
  stoppedAtBound: boolean;
}

export interface Evidence {
  /** The violated expectation, in words. */
  message: string;
  /** The shrunk generated input, as fast-check prints it. */
  counterexample?: string;
  /** fast-check seed and path that replay exactly this case. */
  seed?: number;
  path?: string;
  /** How far the counterexample was shrunk: the smaller inputs tried, and whether the bound on shrinking stopped it (harness/property.ts). */
  shrinking?: Shrinking;
  /** The exchange that showed the violation (the last one sent before it). */
  exchange?: Exchange;
}

export interface RuleResult {
  id: string;
  level: Level;
  section: string;
  title: string;
  /** The words of the specification the rule enforces (spec/rules/). */
  quote: string;
  /** For a SHOULD rule: why the words only imply the behaviour. */
  why?: string;
  /** The suite (vitest file) that checks the rule; the JUnit classname. */
  suite: string;
  status: RuleStatus;
  /** Why the rule was skipped, a one-line summary of why it failed or warned, or what kept the suite from making the check (error). */
  reason?: string;
  evidence?: Evidence;
  /** For `known` and `fixed`: what the expectations file says of the rule. */
  expectation?: Omit<Expectation, 'rule'>;
  durationMs: number;
  /** Requests the check sent. */
  requests: number;
  /** The data the check worked on, when it ran (a check skipped before it started has none). */
  data?: DataKind;
  /** What that data reached and what it could not show ("the clamp was not reached: the workspace holds 120 functions"). */
  dataNotes?: string[];
}

export type Summary = Record<RuleStatus, number>;

export interface TargetDescription {
  baseUrl: string;
  sandboxUrl?: string;
  controlUrl?: string;
  accountId?: string;
  /** true when the embedded reference implementation was started for this run. */
  embedded: boolean;
  /** Which credentials were given (never their values). */
  credentials: string[];
}

/** What `--rerun-failed` needs to replay a run: the same generated cases under the same profile. */
export interface RunSettings {
  /** Generated cases per property (--runs). */
  runs: number;
  /** The profile's name (a built-in) or file, and the settings it held. */
  profile: { source: string; settings: object };
  /** The expectations file the run read, when one was given. */
  expectations?: string;
}

/**
 * What a run established about one statement of the specification (spec/statements.ts):
 * the outcome of its rules (the worst of them), or why no rule reads it.
 */
export type StatementStatus = RuleStatus | 'not-run' | 'not-checkable' | 'not-yet';

export interface StatementResult {
  id: string;
  section: string;
  /** The heading of that section in the specification. */
  heading: string;
  words: string;
  /** The rules that read it (its clauses' faults' rules first); their outcomes are in `rules` of the run. */
  rules: string[];
  /** The worst outcome of its rules in this run; `not-checkable` for a statement no rule reads. */
  status: StatementStatus;
  /** Why it is not checkable, or why its rules were skipped or not run. */
  reason?: string;
  /**
   * How far its words are proven checked, by its clauses (spec/clauses.ts): every clause
   * checked or not checkable, some not yet, none checked yet, or not checkable.
   */
  coverage?: StatementCoverage;
  /** Each value, bound, parameter, endpoint, version, role and page position of its words. */
  clauses?: ClauseResult[];
}

export type StatementCoverage = 'checked' | 'partly-checked' | 'not-checkable' | 'not-yet';

/** A clause is checked when a fault of the reference that breaks it is caught by its rule (the fault proves the rule reads it). */
export type ClauseKind = 'checked' | 'not-checkable' | 'not-yet';

export interface ClauseResult {
  /** `<statement id>:<part>`. */
  id: string;
  /** Which part of the statement's words it is. */
  covers: string;
  kind: ClauseKind;
  /** The faults that prove it, each with its rule and that rule's outcome in this run. */
  proofs: Array<{ fault: string; rule: string; status: RuleStatus | 'not-run' }>;
  /** The clauses it restates in other words, when it does: it stands as they do. */
  sameAs?: string[];
  /** A checked clause: the worst outcome of its proofs' rules; otherwise its kind. */
  status: RuleStatus | 'not-run' | 'not-checkable' | 'not-yet';
  /** Why it is not checkable or not yet checked (what a rule would need). */
  reason?: string;
}

export interface RunResult {
  /** The version of cp-conformance that made the run. */
  version?: string;
  seed: number;
  target: TargetDescription;
  settings: RunSettings;
  startedAt: string;
  durationMs: number;
  summary: Summary;
  rules: RuleResult[];
  /** Each statement of the specification and what this run established about it. */
  statements?: StatementResult[];
}
