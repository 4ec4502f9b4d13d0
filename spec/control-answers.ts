// The answers of the test-control endpoint and what the suite makes of each: one table,
// read by the suite (harness/control.ts for the states of a check, runner/preflight.ts
// for the probe before the run), by the reference implementation (reference/server.ts,
// the statuses it answers) and by the self-test that holds docs/test-control.md to them
// (test/test-control-doc.test.ts).

export type ControlAnswerKind = 'in place' | 'unsupported' | 'refused what was sent' | 'refused the caller' | 'failed' | 'other';

export interface ControlAnswer {
  kind: ControlAnswerKind;
  /** The statuses of the row, as the document writes them. */
  statuses: string;
  matches(status: number): boolean;
  /** What the answer says, in the document's words. */
  means: string;
  /** Before the run, to the probe (a state no endpoint has): the run goes on, or it stops with exit 2. */
  beforeRun: 'goes on' | 'stops';
  /** During the run, for a check that needs the state: it goes on, meets an unsupported state, or ends as `error`. */
  duringRun: 'goes on' | 'unsupported' | 'error';
}

const among =
  (...statuses: number[]) =>
  (status: number) =>
    statuses.includes(status);
const within = (from: number, to: number) => (status: number) => status >= from && status <= to;

/** In order: the first row whose statuses match is the answer's. */
export const CONTROL_ANSWERS: readonly ControlAnswer[] = [
  { kind: 'in place', statuses: '2xx', matches: within(200, 299), means: 'the state is in place', beforeRun: 'goes on', duringRun: 'goes on' },
  { kind: 'unsupported', statuses: '404, 501', matches: among(404, 501), means: 'the endpoint does not support the state', beforeRun: 'goes on', duringRun: 'unsupported' },
  { kind: 'refused what was sent', statuses: '400, 422', matches: among(400, 422), means: 'the endpoint refused what the suite sent', beforeRun: 'stops', duringRun: 'error' },
  { kind: 'refused the caller', statuses: '401, 403', matches: among(401, 403), means: 'the endpoint refused the admin credential', beforeRun: 'stops', duringRun: 'error' },
  { kind: 'failed', statuses: '5xx', matches: within(500, 599), means: 'the endpoint failed', beforeRun: 'stops', duringRun: 'error' },
  { kind: 'other', statuses: 'any other', matches: () => true, means: 'no verdict either way', beforeRun: 'stops', duringRun: 'error' },
];

export function controlAnswer(status: number): ControlAnswer {
  return CONTROL_ANSWERS.find((row) => row.matches(status))!;
}

/** Why a check that needs `state` was skipped (or read existing data instead): the endpoint does not support it. */
export const unsupportedReason = (state: string, status: number) => `the target does not support the provider state "${state}" (it answered ${status})`;

/** Why a check that needs `state` ended as `error`: any answer of a row whose `duringRun` is `error`. */
export const noVerdictReason = (state: string, status: number) => `the control endpoint failed to set the state "${state}" (it answered ${status}): no verdict on the rule`;

/** A status of the row `kind`; throws when the table puts it elsewhere. */
function of(kind: ControlAnswerKind, status: number): number {
  if (controlAnswer(status).kind !== kind) throw new Error(`${status} is not an answer "${kind}" of the control endpoint (spec/control-answers.ts)`);
  return status;
}

/** The statuses the reference implementation answers, each from its row. */
export const REFERENCE_CONTROL_STATUS = {
  /** The state is in place. */
  inPlace: of('in place', 204),
  /** A state the endpoint does not know. */
  unknownState: of('unsupported', 404),
  /** A body that is not JSON. */
  notJson: of('refused what was sent', 400),
  /** Params the state's schema refuses, or that the endpoint cannot apply (a name given twice, an unknown workspace). */
  paramsRefused: of('refused what was sent', 422),
  /** No credential, or one the target does not know. */
  noCredential: of('refused the caller', 401),
  /** A valid credential that is not admin. */
  notAdmin: of('refused the caller', 403),
} as const;

/** The path at which the reference implementation (and so `cp-conformance serve`) serves its control endpoint. */
export const REFERENCE_CONTROL_PATH = '/__control';
