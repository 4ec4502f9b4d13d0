// What `doctor` checks before a long run (and `run` in part): the target answers, each
// credential is what its role says, the version header is understood, each provider
// state is supported and does what it says, the sandbox address and the named sandbox
// and process are there. Each finding is one line; a part the run was not given is
// said, not failed.
import fc from 'fast-check';
import { Check } from '../harness/check.ts';
import type { SuiteConfig } from '../harness/config.ts';
import type { HttpResponse } from '../harness/http.ts';
import { Skip, Unsupported, Violation } from '../harness/violation.ts';
import { customDomainArb, egressIpArb, functionArb, sandboxArb } from '../generators/components.ts';
import { rfc3339 } from '../generators/calendar.ts';
import type { Window } from '../generators/metrics-fixtures.ts';
import { getMetrics } from '../suites/metrics/client.ts';
import { isObject, nameOf } from '../suites/support/json.ts';
import { findLegacyVersion, PAGED_VERSION, versionHeaders } from '../suites/support/versions.ts';
import { workspaceOfCredential } from '../suites/support/workspaces.ts';
import { FUNCTIONS_MAX_LIMIT } from '../spec/facts.ts';
import { stateParamsSchemas, type StateName } from '../spec/test-control.ts';

export type FindingStatus = 'ok' | 'failed' | 'not given';

export interface Finding {
  part: string;
  status: FindingStatus;
  detail: string;
}

const namesIn = (items: unknown): unknown[] => (Array.isArray(items) ? items.map(nameOf) : []);

/** A Check outside any rule: the preflight's requests get the run's timeouts, pacing and redaction. */
export function preflightCheck(config: SuiteConfig): Check {
  return new Check('preflight', config, { states: Object.keys(stateParamsSchemas) as StateName[] });
}

/** Runs `probe`; an answer the probe did not expect, or none, is its finding. */
async function finding(part: string, probe: () => Promise<Omit<Finding, 'part'>>): Promise<Finding> {
  try {
    return { part, ...(await probe()) };
  } catch (error) {
    if (error instanceof Unsupported) return { part, status: 'failed', detail: error.reason };
    if (error instanceof Skip) return { part, status: 'not given', detail: error.reason };
    if (error instanceof Violation) return { part, status: 'failed', detail: error.message };
    throw error;
  }
}

const ok = (detail: string) => ({ status: 'ok' as const, detail });
const failed = (detail: string) => ({ status: 'failed' as const, detail });
const notGiven = (detail: string) => ({ status: 'not given' as const, detail });
const answered = (res: HttpResponse) => `${res.status}`;

/** The target answers the admin's listing of functions: the base URL, TLS and base path are right. */
export function targetAnswers(t: Check): Promise<Finding> {
  return finding('target', async () => {
    const res = await t.api('/functions', { token: t.config.credentials.admin });
    const over = new URL(t.config.baseUrl).protocol === 'https:' ? 'over TLS' : 'over plain HTTP';
    if (res.status === 404) return failed(`GET /functions answered 404 ${over}: is the base path right? The base URL includes it (for example …/v0)`);
    return ok(`GET /functions answered ${answered(res)} ${over}`);
  });
}

/** The admin lists functions and may ask for secrets; with an account, reads its metrics. */
export function adminCredential(t: Check, sandboxName: string | undefined): Promise<Finding> {
  return finding('admin credential (--token)', async () => {
    const list = await t.api('/functions', { token: t.config.credentials.admin });
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: the admin credential must list functions`);
    const said = ['lists functions'];
    if (sandboxName) {
      const secrets = await t.api(`/sandboxes/${encodeURIComponent(sandboxName)}`, { token: t.config.credentials.admin, query: { [t.config.profile.showSecretsParam]: 'true' } });
      if (secrets.status !== 200) return failed(`GET /sandboxes/${sandboxName} asking for secrets answered ${answered(secrets)}: the admin may ask for them`);
      said.push(`may ask for the secrets of sandbox ${sandboxName}`);
    }
    if (t.config.accountId) {
      const metrics = await getMetrics(t, { window: pastHour(), groupBy: ['workspace'] });
      if (metrics.status !== 200) return failed(`the account metrics grouped by workspace answered ${answered(metrics)}: the admin credential must be account admin`);
      said.push('reads the account metrics as account admin');
    }
    return ok(said.join('; '));
  });
}

/** The member lists functions but is refused the account admin's metrics queries. */
export function memberCredential(t: Check): Promise<Finding> {
  return finding('member credential (--member-token)', async () => {
    const token = t.token('member');
    const list = await t.api('/functions', { token });
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: a member lists functions`);
    if (!t.config.accountId) return ok('lists functions (whether it is account admin shows only with --account-id)');
    const metrics = await getMetrics(t, { window: pastHour(), groupBy: ['workspace'] }, token);
    if (metrics.status === 200) return failed('it was served the account metrics grouped by workspace, which only an account admin is: it seems to be an admin, not a member');
    if (metrics.status !== 403) return failed(`the account metrics grouped by workspace answered ${answered(metrics)}: a member is refused them with 403`);
    return ok('lists functions; refused the metrics grouped by workspace (403), as a member is');
  });
}

/** The credential without scopes is valid but refused. */
export function noScopeCredential(t: Check): Promise<Finding> {
  return finding('no-scope credential (--no-scope-token)', async () => {
    const res = await t.api('/functions', { token: t.token('noScope') });
    if (res.status === 403) return ok('refused GET /functions with 403: valid, and without scopes');
    if (res.status === 401) return failed('GET /functions answered 401: the target does not take it as a valid credential; give a valid OAuth token that holds no scope');
    return failed(`GET /functions answered ${answered(res)}: a credential without scopes is refused with 403; it seems to hold a scope`);
  });
}

/**
 * The two workspaces of --token and --other-workspace-token, by the resources each lists
 * (metadata.workspace); `same` when they are plainly one workspace.
 */
export async function otherWorkspace(t: Check): Promise<{ finding: Finding; same: boolean }> {
  let same = false;
  const result = await finding('other-workspace credential (--other-workspace-token)', async () => {
    const other = t.token('otherWorkspace');
    if (other === t.config.credentials.admin) {
      same = true;
      return failed('it is the --token credential itself: give an admin credential of a second workspace');
    }
    const list = await t.api('/functions', { token: other });
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: it must be the admin credential of a second workspace`);
    const [ours, theirs] = await Promise.all([workspaceOfCredential(t, t.config.credentials.admin), workspaceOfCredential(t, other)]);
    if (ours !== undefined && ours === theirs) {
      same = true;
      return failed(`it lists the resources of workspace ${ours}, as --token does: give an admin credential of a second workspace`);
    }
    if (ours === undefined || theirs === undefined) return ok('lists functions; which workspace it is of is not shown (the listings name no one workspace)');
    return ok(`admin of workspace ${theirs}; --token is of ${ours} (by metadata.workspace)`);
  });
  return { finding: result, same };
}

/** The version header: the paged shape from 2026-04-28, and which older date gives the legacy array. */
export function versionHeader(t: Check): Promise<Finding> {
  return finding(`version header (${t.config.profile.versionHeader})`, async () => {
    const res = await t.api('/functions', { token: t.config.credentials.admin, headers: versionHeaders(t, PAGED_VERSION) });
    if (res.status !== 200 || !isObject(res.json) || !Array.isArray(res.json.data))
      return failed(`${PAGED_VERSION} answered ${answered(res)} without the paged shape {data, meta}: the listing checks will fail`);
    const legacy = await findLegacyVersion(t);
    return ok(`${PAGED_VERSION} gives the paged shape; ${'date' in legacy ? `${legacy.date} gives the legacy bare array` : legacy.none}`);
  });
}

/** An hour that ended before the run, which no event can still land in. */
function pastHour(): Window {
  const end = new Date();
  end.setUTCMinutes(0, 0, 0);
  end.setUTCDate(end.getUTCDate() - 1);
  return { start: end.getTime() - 3_600_000, end: end.getTime() };
}

const sample = <T>(arb: fc.Arbitrary<T>, seed: number) => fc.sample(arb, { seed, numRuns: 1 })[0]!;
const DOCTOR_PROCESS = { pid: '4242', name: 'cp-conformance-doctor', stdout: 'written by cp-conformance doctor\n', stderr: '' };

/**
 * Each provider state set, and read back through the API where the API shows it; `reset`
 * last, so that the target holds none of the doctor's fixtures after it.
 */
export async function providerStates(config: SuiteConfig): Promise<{ findings: Finding[]; unsupported: Set<StateName> }> {
  const unsupported = new Set<StateName>();
  const noteUnsupported = (error: unknown) => {
    if (error instanceof Unsupported) unsupported.add(error.state);
    throw error;
  };
  const admin = config.credentials.admin;
  const t = preflightCheck(config);
  const setThen = (state: StateName, params: object, readBack: () => Promise<Omit<Finding, 'part'>>) =>
    finding(`provider state ${state}`, async () => {
      await t.control.set(state, params).catch(noteUnsupported);
      return readBack();
    });
  /** Whether the listing of `state`, read by `by`, names `name`; with the answer for what it says. */
  const lists = async (by: Check, state: 'egressips' | 'customdomains' | 'functions', name: string) => {
    const res = await by.api(`/${state}`, state === 'functions' ? { token: admin, query: { limit: FUNCTIONS_MAX_LIMIT }, headers: versionHeaders(by, PAGED_VERSION) } : { token: admin });
    return { res, listed: namesIn(state === 'functions' && isObject(res.json) ? res.json.data : res.json).includes(name) };
  };
  const listed = async (state: 'egressips' | 'customdomains' | 'functions', name: string) => {
    const { res, listed: there } = await lists(t, state, name);
    return there ? ok(`set one; GET /${state} lists it`) : failed(`set one named ${name}, but GET /${state} does not list it (${answered(res)})`);
  };
  // In the order of the fixture groups (harness/coordination.ts), which a check takes one after another.
  const findings: Finding[] = [];
  const sandbox = sample(sandboxArb, t.seed);
  findings.push(
    await setThen('sandboxes', { items: [sandbox] }, async () => {
      const res = await t.api(`/sandboxes/${encodeURIComponent(sandbox.metadata.name)}`, { token: admin, query: { [t.config.profile.showSecretsParam]: 'true' } });
      return res.status === 200
        ? ok(`set one; GET /sandboxes/${sandbox.metadata.name} answers 200 to the admin who asks for its secrets`)
        : failed(`set one, but GET /sandboxes/${sandbox.metadata.name} asking for its secrets answered ${answered(res)}`);
    }),
  );
  for (const [state, arb] of [['egressips', egressIpArb], ['customdomains', customDomainArb]] as const) {
    const item = sample(arb, t.seed);
    findings.push(await setThen(state, { items: [item] }, () => listed(state, item.metadata.name)));
  }
  const fn = sample(functionArb, t.seed);
  findings.push(await setThen('functions', { items: [fn] }, () => listed('functions', fn.metadata.name)));
  const hour = pastHour();
  const event = { time: rfc3339(hour.start + 60_000), workspace: 'cp-conformance-doctor', resourceType: 'sandbox', resourceName: 'doctor', resourceUuid: '00000000-0000-4000-8000-000000000000', billingDimension: 'memory', usage: 1, cost: 1.25 };
  findings.push(
    await setThen('usage', { events: [event] }, async () => {
      if (!t.config.accountId) return ok('set one event (not read back: no --account-id)');
      const res = await getMetrics(t, { window: hour });
      const total = isObject(res.json) && isObject(res.json.summary) ? res.json.summary.totalCost : undefined;
      return total === event.cost ? ok(`set one event; the metrics of its hour cost ${event.cost}`) : failed(`set one event of cost ${event.cost}, but the metrics of its hour answered ${answered(res)} with totalCost ${JSON.stringify(total)}`);
    }),
  );
  findings.push(
    await setThen('processes', { items: [DOCTOR_PROCESS] }, async () => {
      if (!t.config.sandboxUrl) return ok('set one process (not read back: no --sandbox-url)');
      const res = await t.sandbox(`/process/${DOCTOR_PROCESS.name}/logs`, { token: admin });
      return res.status === 200 ? ok(`set one process; its logs answer 200`) : failed(`set one process, but GET /process/${DOCTOR_PROCESS.name}/logs answered ${answered(res)}`);
    }),
  );
  await t.close();
  // The clock moves on a timeline of its own (Check.withClock), which resets the target after: the doctor's fixtures go.
  const clocked = preflightCheck(config);
  try {
    findings.push(
      await finding('provider states clock and reset', async () => {
        await clocked.withClock((clock) => clock.reach(1)).catch(noteUnsupported);
        return (await lists(clocked, 'functions', fn.metadata.name)).listed
          ? failed(`moved the clock 1 s, then reset; GET /functions still lists ${fn.metadata.name}`)
          : ok("moved the clock 1 s (its effect shows only in the age of cursors), then reset: the doctor's fixtures are gone");
      }),
    );
  } finally {
    await clocked.close();
  }
  return { findings, unsupported };
}

/** The sandbox address answers with the token; the named process is there, by name and by pid. */
export function sandboxAddress(t: Check): Promise<Finding> {
  return finding('sandbox address (--sandbox-url)', async () => {
    const token = t.config.credentials.admin;
    const { processName, processPid } = t.config;
    const res = await t.sandbox(`/process/${encodeURIComponent(processName ?? 'cp-conformance-no-such-process')}/logs`, { token });
    if (res.status === 401 || res.status === 403) return failed(`GET /process/…/logs answered ${res.status}: the sandbox address does not take --token`);
    if (!processName) return ok(`answers with the token (${answered(res)} for a process that is not there)`);
    if (res.status !== 200) return failed(`GET /process/${processName}/logs answered ${answered(res)}: --process-name names no process of the sandbox`);
    if (!processPid) return ok(`answers; process ${processName} is there`);
    const byPid = await t.sandbox(`/process/${encodeURIComponent(processPid)}/logs`, { token });
    if (byPid.status !== 200) return failed(`GET /process/${processPid}/logs answered ${answered(byPid)}: --process-pid names no process of the sandbox`);
    return ok(`answers; process ${processName} (pid ${processPid}) is there`);
  });
}

/** The sandbox named by --sandbox-name exists. */
export function namedSandbox(t: Check): Promise<Finding> {
  return finding('named sandbox (--sandbox-name)', async () => {
    const name = t.config.sandboxName;
    if (!name) return notGiven('no --sandbox-name given');
    const res = await t.api(`/sandboxes/${encodeURIComponent(name)}`, { token: t.config.credentials.admin });
    return res.status === 200 ? ok(`GET /sandboxes/${name} answers 200`) : failed(`GET /sandboxes/${name} answered ${answered(res)}: no such sandbox`);
  });
}
