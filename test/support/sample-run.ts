// The hand-made run the report tests share: all seven outcomes, a failure with a full
// exchange and the setup lines that put its fixtures in place (one longer than a console
// line), one with no response, an error of the suite with a JSON answer longer than a
// screenful, hostile text and credentials in every field a reporter prints.
import { curlLine } from '../../harness/curl.ts';
import { Redactor } from '../../harness/redact.ts';
import type { RecordedRequest, RuleResult, RunResult, SetupStep } from '../../results/model.ts';

const CREDENTIAL = 'cp-live-7f3a9c2e-credential';
// Not known to the Redactor: only the Authorization masking can hide it.
export const UNLISTED_TOKEN = 'unlisted-token-9876';
const USERINFO_PASSWORD = 'hunter2-userinfo';
export const HOSTILE = `<script>alert("pwned")</script> ]]> & 'single' "double" \u0001 end`;
export const BASE_URL = 'http://127.0.0.1:8080/v0';
const CONTROL_URL = 'http://127.0.0.1:8080/__test/states';
const AS_VARIABLE = { sent: `Bearer ${CREDENTIAL}`, credentials: [{ value: CREDENTIAL, variable: 'CP_TOKEN' }] };

/** A request to the control endpoint that sets a provider state, as harness/setup.ts writes it. */
function controlRequest(state: string, params: object): RecordedRequest {
  return {
    method: 'POST',
    url: CONTROL_URL,
    headers: { accept: 'application/json', authorization: 'Bearer ***', 'content-type': 'application/json' },
    body: JSON.stringify({ state, params }),
  };
}

const setupStep = (state: string, params: object): SetupStep => ({ state, curl: curlLine(controlRequest(state, params), AS_VARIABLE) });

/** 120 functions: the fixture set's curl line is over 7,000 characters, past a console line and a screenful. */
const FIXTURES = Array.from({ length: 120 }, (_, i) => ({ metadata: { name: `fn-${String(i).padStart(3, '0')}` }, spec: { runtime: 'node20' } }));
export const SETUP: SetupStep[] = [setupStep('functions', { items: FIXTURES }), setupStep('clock', { advanceSeconds: 3600 })];

const failedControlRequest = controlRequest('usage', { events: [] });
/** The control endpoint's answer that kept the suite from the check: JSON, pretty-printed longer than 40 lines. */
export const CONTROL_ANSWER = JSON.stringify({ error: 'the fixture store is unavailable', retries: Array.from({ length: 30 }, (_, i) => ({ attempt: i + 1, ms: 1000 })) });

const failingRequest: RecordedRequest = {
  method: 'POST',
  url: `${BASE_URL}/functions?name=a&b=${CREDENTIAL}`,
  headers: { Authorization: `Bearer ${CREDENTIAL}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ name: HOSTILE, token: CREDENTIAL }),
};
const knownRequest: RecordedRequest = {
  method: 'GET',
  url: `${BASE_URL}/functions?limit=201`,
  headers: { authorization: 'Bearer ***', 'service-version': '2026-04-28' },
};
const unreachableRequest: RecordedRequest = {
  method: 'GET',
  url: 'http://127.0.0.1:8081/process',
  headers: { Authorization: `Bearer ${UNLISTED_TOKEN}` },
};

const rules: RuleResult[] = [
  rule({ id: 'AUTH-001', level: 'MUST', section: '4.1, 8', title: 'rejects a missing credential with 401', quote: 'Credentials invalid or missing.', suite: 'auth', status: 'passed' }),
  rule({
    id: 'FN-002',
    level: 'MUST',
    section: '4.1',
    title: `creates a function & echoes it ${HOSTILE}`,
    quote: `Creates or updates a file ${HOSTILE}`,
    suite: 'functions',
    status: 'failed',
    reason: `expected 201, got 400 ${HOSTILE}`,
    evidence: {
      message: `expected 201 Created, got 400 ${HOSTILE} token=${CREDENTIAL}`,
      counterexample: `[{"name":${JSON.stringify(HOSTILE)}}]`,
      seed: -1234567,
      path: '0:1:2',
      exchange: {
        request: failingRequest,
        response: {
          status: 400,
          headers: { 'content-type': 'application/json', 'x-echo': CREDENTIAL },
          body: JSON.stringify({ error: `bad token ${CREDENTIAL}`, input: HOSTILE }),
          truncated: true,
        },
        // The worst case: a curl line built before masking.
        curl: curlLine(failingRequest),
        setup: SETUP,
      },
    },
  }),
  rule({
    id: 'SBX-003',
    level: 'SHOULD',
    section: '10.2',
    title: 'lists processes',
    quote: 'Process logs response: `logs`, `stderr`, `stdout` (all strings).',
    why: 'the type is named, the answer to a breach is not',
    suite: 'sandbox-address',
    status: 'warned',
    evidence: {
      message: 'no answer from the sandbox address',
      exchange: { request: unreachableRequest, networkError: 'ECONNREFUSED 127.0.0.1:8081', curl: curlLine(unreachableRequest) },
    },
  }),
  rule({
    id: 'MET-004',
    level: 'SHOULD',
    section: '4.10',
    title: 'buckets metrics by hour',
    quote: 'one entry per resolution bucket',
    why: 'implied by the resolution',
    suite: 'metrics',
    status: 'skipped',
    reason: 'no --account-id given: the metrics checks need the account',
  }),
  rule({ id: 'FN-005', level: 'MUST', section: '4.2', title: 'lists functions', quote: 'GET /functions', suite: 'functions', status: 'passed' }),
  rule({
    id: 'FN-006',
    level: 'MUST',
    section: '4.1',
    title: 'clamps the limit',
    quote: 'Max 200 (clamped).',
    suite: 'functions',
    status: 'known',
    reason: `limit=201 must be clamped to 200, got 201 items ${HOSTILE}`,
    expectation: { reason: `the clamp lands next sprint ${HOSTILE}`, link: 'https://tracker.example.test/issues/42?a=1&b=(2)' },
    evidence: {
      message: `limit=201 must be clamped to 200, got 201 items ${HOSTILE}`,
      counterexample: '[201]',
      exchange: { request: knownRequest, response: { status: 200, headers: {}, body: '{"data":[]}' }, curl: curlLine(knownRequest, { sent: `Bearer ${CREDENTIAL}`, credentials: [{ value: CREDENTIAL, variable: 'CP_TOKEN' }] }) },
    },
  }),
  rule({
    id: 'MET-007',
    level: 'MUST',
    section: '4.10',
    title: 'refuses a fourth groupBy dimension',
    quote: 'at most 3',
    suite: 'metrics',
    status: 'fixed',
    reason: 'listed in the expectations file as a known failure, but it passed: remove it from the file',
    expectation: { reason: `javascript: link ${HOSTILE}`, link: 'javascript:alert(1)' },
  }),
  rule({
    id: 'FN-008',
    level: 'MUST',
    section: '4.2',
    title: 'reports usage per function',
    quote: 'usage per function',
    suite: 'functions',
    status: 'error',
    data: 'set',
    reason: 'the control endpoint failed to set the state "usage" (it answered 503): no verdict on the rule',
    evidence: {
      message: 'the control endpoint failed to set the state "usage" (it answered 503): no verdict on the rule',
      exchange: {
        request: failedControlRequest,
        response: { status: 503, headers: { 'content-type': 'application/json' }, body: CONTROL_ANSWER },
        curl: curlLine(failedControlRequest, AS_VARIABLE),
      },
    },
  }),
];

export const result: RunResult = {
  seed: 42,
  target: {
    baseUrl: BASE_URL,
    sandboxUrl: `http://sandbox:${USERINFO_PASSWORD}@127.0.0.1:8081/`,
    embedded: false,
    credentials: ['admin', 'member'],
  },
  settings: { runs: 25, profile: { source: 'spec', settings: {} }, expectations: `expect ${HOSTILE}.json` },
  startedAt: '2025-01-02T03:04:05.678Z',
  durationMs: 4321,
  // Deliberately wrong: reports count from the rules they list.
  summary: { passed: 0, failed: 0, error: 0, warned: 0, skipped: 0, known: 0, fixed: 0 },
  rules,
};

export const redactor = new Redactor([CREDENTIAL]);
export const SECRETS = [CREDENTIAL, UNLISTED_TOKEN, USERINFO_PASSWORD];

function rule(fields: Omit<RuleResult, 'durationMs' | 'requests'>): RuleResult {
  return { durationMs: 1234, requests: 3, ...fields };
}
