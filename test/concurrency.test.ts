// Concurrency changes how long a run takes, never what it finds: for the same seed
// and target, the verdicts and the evidence at --concurrency 1 and 16 (the default) are the same, and
// so are they behind a proxy that delays every packet (bench/latency-proxy.ts), where
// the answers of the cases run at once arrive in another order. The target carries a
// fault, so there is evidence to compare: one whose rule's inputs are small, so that its
// shrinking ends by its steps, never by the shrink bound's time, which a loaded machine
// reaches at another step (a walk over a round of a thousand functions a step).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import type { RuleResult } from '../results/model.ts';
import { behindProxy, startLatencyProxy } from '../bench/latency-proxy.ts';
import { runForResults, targetEnv } from './support/cli.ts';

let ref: ReferenceHandle;
beforeAll(async () => {
  ref = await startReference({ fault: 'functions-one-char-q-filters' });
});
afterAll(() => ref.close());

/** A request as sent, with the cursor the target issued (it holds the time it was issued) left out. */
const withoutCursor = (url: string | undefined) => url?.replace(/([?&]cursor=)[^&]*/g, '$1(issued by the target)');

/** What a run found about a rule, without what varies by timing (durations, issue times in cursors) or by the origin it was reached at. */
function finding(rule: RuleResult, origin = new URL(ref.baseUrl).origin) {
  const { evidence } = rule;
  return {
    id: rule.id,
    status: rule.status,
    requests: rule.requests,
    ...(evidence && {
      message: evidence.message,
      counterexample: evidence.counterexample,
      seed: evidence.seed,
      path: evidence.path,
      request: evidence.exchange && { ...evidence.exchange.request, url: withoutCursor(evidence.exchange.request.url)?.replace(origin, '(the target)') },
      status: evidence.exchange?.response?.status,
    }),
  };
}

test('verdicts and evidence are the same at concurrency 1 and 16, and behind network latency', async () => {
  const args = ['--seed', '424242'];
  const serial = await runForResults([...args, '--concurrency', '1'], targetEnv(ref));
  const concurrent = await runForResults([...args, '--concurrency', '16'], targetEnv(ref));
  expect(serial.results.summary.failed, serial.stdout).toBeGreaterThan(0);
  expect(concurrent.results.rules.map((rule) => finding(rule))).toEqual(serial.results.rules.map((rule) => finding(rule)));
  const proxy = await startLatencyProxy(ref.baseUrl, 2);
  try {
    const delayed = await runForResults([...args, '--concurrency', '16'], behindProxy(targetEnv(ref), proxy));
    expect(delayed.results.rules.map((rule) => finding(rule, proxy.origin))).toEqual(serial.results.rules.map((rule) => finding(rule)));
  } finally {
    await proxy.close();
  }
});
