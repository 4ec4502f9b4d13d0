// Sections 2, 4 and 7: every successful answer has the documented shape. With a
// control URL the checks generate the data (every optional field, several items);
// without one they validate what the target already holds.
import fc from 'fast-check';
import { stringMatching } from '../generators/string-matching.ts';
import type { Check } from '../harness/check.ts';
import { rule } from '../harness/rule.ts';
import type { StateName } from '../spec/test-control.ts';
import type { HttpResponse } from '../harness/http.ts';
import { responseErrors } from '../harness/validator.ts';
import { validRequest, type GeneratedRequest } from '../generators/requests.ts';
import { customDomainArb, egressIpArb, functionArb, sandboxArb, uniqueByName, usageEventArb, type Resource } from '../generators/components.ts';
import type { ApiName } from '../spec/openapi.ts';
import type { ProcessFixture } from '../generators/sandbox-address-inputs.ts';
import { findLegacyVersion, PAGED_VERSION, versionHeaders } from './support/versions.ts';
import { ownNames, processKeys, sideBySideProperty } from './support/side-by-side.ts';
import { FUNCTIONS_DEFAULT_LIMIT } from '../spec/facts.ts';

function assertConforms(t: Check, api: ApiName, operationId: string, res: HttpResponse): void {
  t.assert(res.status === 200, `${operationId} must answer 200, got ${res.status}`, res.exchange);
  t.assert(res.isJson, `${operationId} must answer JSON, got: ${res.text.slice(0, 200)}`, res.exchange);
  const errors = responseErrors(api, operationId, 200, res.json);
  t.assert(errors.length === 0, `the ${operationId} answer does not match the OpenAPI document: ${errors.slice(0, 5).join('; ')}`, res.exchange);
}

/**
 * Generated fixtures when the target takes them (those of several cases side by side, with
 * `own` their keys made their own first); otherwise one check of the data it has.
 */
async function overFixtures<T>(
  t: Check,
  state: StateName,
  arb: fc.Arbitrary<T[]>,
  check: (items: T[] | undefined) => Promise<void>,
  { maxItems, own }: { maxItems?: number; own?: (items: T[], index: number) => T[] } = {},
): Promise<void> {
  if (t.data === 'existing') return check(undefined);
  await sideBySideProperty(t, arb, { state, itemsOf: (items) => items, maxItems, own }, (group) => check(group.flat()));
}

/** Without fixtures, an empty listing shows no item's shape: a skip that says so, not a pass. */
function skipWhenEmpty(t: Check, items: unknown[] | undefined, listed: unknown, what: string): void {
  if (items === undefined && Array.isArray(listed) && listed.length === 0)
    t.skip(`no --control-url to set ${what}, and the target holds none: no ${what.replace(/s$/, '')} shape to validate`);
}

const functions = rule('schema.functions', { states: ['functions'], existing: true }, async (t: Check) => {
  const admin = t.config.credentials.admin;
  // The legacy shape is checked in an older version the target accepts, when it accepts one (section 9 names none).
  const older = await findLegacyVersion(t);
  await overFixtures(
    t,
    'functions',
    uniqueByName(functionArb, { maxLength: 4 }),
    async (items) => {
      // The paged and the legacy listing at once.
      const read = (version: string) => () => t.api('/functions', { token: admin, headers: versionHeaders(t, version) });
      const [paged, legacy] = await t.atOnce('date' in older ? [read(PAGED_VERSION), read(older.date)] : [read(PAGED_VERSION)]);
      assertConforms(t, 'controlPlane', 'listFunctions', paged!);
      t.assert(!Array.isArray(paged!.json), `from version ${PAGED_VERSION} the listing is {data, meta}, got a bare array`);
      skipWhenEmpty(t, items, (paged!.json as { data?: unknown }).data, 'functions');
      if (!legacy) return;
      assertConforms(t, 'controlPlane', 'listFunctions', legacy);
      t.assert(Array.isArray(legacy.json), `before version ${PAGED_VERSION} the listing is a bare array, got an object`);
    },
    // The paged listing asks for no limit: the functions of one group fit its default page.
    { maxItems: FUNCTIONS_DEFAULT_LIMIT, own: ownNames },
  );
});

const sandbox = rule('schema.sandbox', { needs: ['sandboxName'], states: ['sandboxes'], existing: true }, async (t: Check) => {
  const admin = t.config.credentials.admin;
  const read = (name: string) => t.api(`/sandboxes/${encodeURIComponent(name)}`, { token: admin });
  await overFixtures(t, 'sandboxes', uniqueByName(sandboxArb, { minLength: 1, maxLength: 2 }), async (items?: Resource[]) => {
    const names = items ? items.map((item) => item.metadata.name) : t.config.sandboxName ? [t.config.sandboxName] : [];
    if (names.length === 0) return t.skip('no sandbox to read');
    const answers = await t.atOnce(names.map((name) => () => read(name)));
    for (const res of answers) assertConforms(t, 'controlPlane', 'getSandbox', res);
  });
});

const egressips = rule('schema.egressips', { states: ['egressips'], existing: true }, async (t: Check) => {
  await overFixtures(t, 'egressips', uniqueByName(egressIpArb, { maxLength: 4 }), async (items) => {
    const res = await t.api('/egressips', { token: t.config.credentials.admin });
    assertConforms(t, 'controlPlane', 'listEgressIps', res);
    skipWhenEmpty(t, items, res.json, 'egress IPs');
  });
});

const customdomains = rule('schema.customdomains', { states: ['customdomains'], existing: true }, async (t: Check) => {
  await overFixtures(t, 'customdomains', uniqueByName(customDomainArb, { maxLength: 4 }), async (items) => {
    const res = await t.api('/customdomains', { token: t.config.credentials.admin });
    assertConforms(t, 'controlPlane', 'listCustomDomains', res);
    skipWhenEmpty(t, items, res.json, 'custom domains');
  });
});

/** A metrics request of the operation, generated from the document, with the run's account. */
function metricsRequest(t: Check, operationId: string) {
  return validRequest(operationId, { profile: t.config.profile, pinned: { accountId: fc.constant(t.config.accountId!) } });
}

const metrics = rule('schema.metrics', { needs: ['accountId'], states: ['usage'], existing: true }, async (t: Check) => {
  const admin = t.config.credentials.admin;
  const withEvents = t.data === 'set';
  const ask = (request: GeneratedRequest) => t.api(request.urlPath, { token: admin, query: request.query });
  const expectConforms = async (requests: readonly GeneratedRequest[]) => {
    const answers = await t.atOnce(requests.map((request) => () => ask(request)));
    for (const res of answers) assertConforms(t, 'controlPlane', 'getAccountMetrics', res);
  };
  const request = metricsRequest(t, 'getAccountMetrics');
  if (!withEvents) return t.property(request, (r) => expectConforms([r]));
  // The events of several cases side by side (the shape holds whatever events there are), each request asked over them.
  const cases = fc.tuple(fc.array(usageEventArb, { maxLength: 20 }), request);
  await sideBySideProperty(t, cases, { state: 'usage', itemsOf: ([events]) => events, keysOf: (event) => [JSON.stringify(event)] }, (group) =>
    expectConforms(group.map(([, r]) => r)),
  );
});

const metricsEnums = rule('schema.metrics-enums', { needs: ['accountId'] }, async (t: Check) => {
  const admin = t.config.credentials.admin;
  // The group-by enum takes nothing but the account, and "The list is static": asked once.
  const [groupBy] = fc.sample(metricsRequest(t, 'getMetricsGroupByEnum'), { seed: t.seed, numRuns: 1 });
  assertConforms(t, 'controlPlane', 'getMetricsGroupByEnum', await t.api(groupBy!.urlPath, { token: admin, query: groupBy!.query }));
  await t.property(metricsRequest(t, 'getMetricsResourceTypesEnum'), async (resourceTypes) => {
    assertConforms(t, 'controlPlane', 'getMetricsResourceTypesEnum', await t.api(resourceTypes.urlPath, { token: admin, query: resourceTypes.query }));
  });
});

/** A process as the `processes` state takes it (CONTRACT section 2). */
const processArb: fc.Arbitrary<ProcessFixture> = fc.record({
  pid: fc.integer({ min: 1, max: 4_194_304 }).map(String),
  name: stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
  stdout: fc.string({ maxLength: 200 }),
  stderr: fc.string({ maxLength: 200 }),
});

/**
 * The generated write's path under a directory of its own: the writes of two cases (or of a
 * case and its shrinks) could otherwise meet, one writing the file `3` and the next the
 * directory `3/-` under it, which a target rightly refuses.
 */
function underOwnDirectory(urlPath: string, directory: string): string {
  const prefix = '/filesystem/';
  if (!urlPath.startsWith(prefix)) throw new Error(`writeFile request without the ${prefix} prefix: ${urlPath}`);
  return `${prefix}tmp/${directory}/${urlPath.slice(prefix.length)}`;
}

/** The processes of several cases (no pid or name in common) are set at once; each case's write, logs and monitor stop go at once, each to its own file or process. */
const sandboxAddress = rule('schema.sandbox-address', { needs: ['sandboxUrl', 'control', 'writes'], states: ['processes'], existing: ['sandboxUrl', 'process', 'writes'] }, async (t: Check) => {
  const admin = t.config.credentials.admin;
  let cases = 0;
  const write = async (request: GeneratedRequest) => {
    const urlPath = underOwnDirectory(request.urlPath, `cp-conformance-schema-${t.seed >>> 0}-${(cases += 1)}`);
    // Its directories first, each writable by its owner: the write relies on no parent made on the way.
    const segments = urlPath.split('/').slice(2);
    for (let depth = 2; depth < segments.length; depth++)
      await t.sandbox(`/filesystem/${segments.slice(0, depth).join('/')}`, { method: 'PUT', token: admin, body: { isDirectory: true, permissions: '755' } });
    // A directory is written without content: what content would mean for one is not stated.
    const { content: _content, ...directory } = request.body ?? {};
    const body = request.body?.isDirectory === true ? directory : request.body;
    assertConforms(t, 'sandbox', 'writeFile', await t.sandbox(urlPath, { method: 'PUT', token: admin, body }));
  };
  const logs = async (pid: string) => assertConforms(t, 'sandbox', 'getProcessLogs', await t.sandbox(`/process/${pid}/logs`, { token: admin }));
  const stop = async (pid: string) =>
    assertConforms(t, 'sandbox', 'stopPortMonitoring', await t.sandbox(`/network/process/${pid}/monitor`, { method: 'DELETE', token: admin }));
  const writeRequest = validRequest('writeFile', { profile: t.config.profile });
  if (t.data === 'existing') {
    // The running process --process-pid names.
    await t.property(writeRequest, write);
    await logs(t.config.processPid!);
    return stop(t.config.processPid!);
  }
  const fixtures = { state: 'processes' as const, itemsOf: ([, process]: [GeneratedRequest, ProcessFixture]) => [process], keysOf: processKeys };
  await sideBySideProperty(t, fc.tuple(writeRequest, processArb), fixtures, async (group) => {
    await t.atOnce(group.map(([request]) => () => write(request)), 'each case writes a file under a directory of its own');
    await t.atOnce(group.map(([, process]) => () => logs(process.pid)));
    await t.atOnce(group.map(([, process]) => () => stop(process.pid)), 'the monitor of each process is stopped');
  });
});

export const checks = [functions, sandbox, egressips, customdomains, metrics, metricsEnums, sandboxAddress];
