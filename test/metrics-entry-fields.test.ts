// The metrics entry fields of resource_uuid and billing_dimension are not shown (section
// 2.7): the suite reads them from the profile, else from an answer grouped by one
// dimension alone (the legal variant metrics-entry-fields-named-otherwise passes the
// whole suite: test/variants.test.ts). Where an answer holds several fields the
// dimension could be, the checks that need it skip, naming the profile key, and pass
// once the profile names it.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startReference, type ReferenceHandle } from '../reference/server.ts';
import { SuiteSession } from '../runner/run-suites.ts';
import { defaultProfile } from '../spec/profile.ts';
import { selectRules } from '../spec/rules/index.ts';
import { startHostile, type HostileServer } from './support/hostile-server.ts';
import { referenceConfig } from './support/reference-config.ts';

let ref: ReferenceHandle;
let target: HostileServer;
let session: SuiteSession;

beforeAll(async () => {
  ref = await startReference({ variant: 'metrics-entry-fields-named-otherwise' });
  const origin = new URL(ref.baseUrl).origin;
  // Every metrics entry also carries a string field of the vendor's own: with the
  // dimension's own field named otherwise, either could hold it.
  target = await startHostile(async (_req, res, call) => {
    const answer = await fetch(origin + call.url, { method: call.method, headers: { authorization: String(call.headers.authorization ?? '') } });
    const text = await answer.text();
    const body = call.url.includes('/metrics?') && answer.status === 200 ? JSON.parse(text) : undefined;
    for (const entry of body?.data ?? []) entry.region = 'eu-1';
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(body ? JSON.stringify(body) : text);
  });
  session = await SuiteSession.open(2);
});
afterAll(async () => {
  await session?.close();
  await target?.close();
  await ref?.close();
});

const selected = selectRules(['metrics.grouping.unique-combinations', 'metrics.grouping.resource-uuid-fills', 'metrics.usage.with-billing-dimension'], []);

test('an answer that holds several fields a dimension could be skips the checks that need it, naming the profile key', async () => {
  const results = await session.run({ config: { ...referenceConfig(ref, { seed: 7, runs: 4 }), baseUrl: target.baseUrl }, selected });
  for (const result of results) {
    expect(result.status, result.id).toBe('skipped');
    expect(result.reason, result.id).toMatch(/holds "(resource_uuid|meter)", "region" besides the fields section 2\.7 names.*name it in the profile \((resourceUuidField|billingDimensionField)\)/);
  }
});

test('with the fields named in the profile, the same checks pass', async () => {
  const profile = { ...defaultProfile, resourceUuidField: 'resource_uuid', billingDimensionField: 'meter' };
  const results = await session.run({ config: { ...referenceConfig(ref, { seed: 7, runs: 4, profile }), baseUrl: target.baseUrl }, selected });
  expect(results.map((r) => [r.id, r.status, r.reason])).toEqual(selected.map((r) => [r.id, 'passed', undefined]));
});
