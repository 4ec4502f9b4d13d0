// What `doctor` checks before a long run (and `run` in part): the target answers, each
// credential is what its role says, the version header is understood, each provider
// state is supported and does what it says, the sandbox address and the named sandbox
// and process are there. Each finding is one line; a part the run was not given is
// said, not failed.
import fc from 'fast-check';
import { Check } from '../harness/check.ts';
import type { SuiteConfig } from '../harness/config.ts';
import type { HttpResponse } from '../harness/http.ts';
import { Redactor } from '../harness/redact.ts';
import { Skip, SuiteError, Unsupported, Violation } from '../harness/violation.ts';
import { RunError } from './run-error.ts';
import { customDomainArb, egressIpArb, functionArb, sandboxArb } from '../generators/components.ts';
import { rfc3339 } from '../generators/calendar.ts';
import type { Window } from '../generators/metrics-fixtures.ts';
import { getMetrics } from '../suites/metrics/client.ts';
import { isObject, nameOf } from '../suites/support/json.ts';
import { findLegacyVersion, PAGED_VERSION, versionHeaders } from '../suites/support/versions.ts';
import { sameViewOfBoth, workspacesOfTwo } from '../suites/support/workspaces.ts';
import { FUNCTIONS_MAX_LIMIT } from '../spec/facts.ts';
import { stateParamsSchemas, type StateName } from '../spec/test-control.ts';
import { CONTROL_ANSWERS, controlAnswer } from '../spec/control-answers.ts';

export type FindingStatus = 'ok' | 'failed' | 'not given';

export interface Finding {
  part: string;
  status: FindingStatus;
  detail: string;
  /**
   * A failed part that is plainly the run's mistake, not the target's: a credential not of
   * its role, a control endpoint that refuses the admin or fails. `run` stops on it, before
   * any verdict depends on it (exit 2).
   */
  mistake?: true;
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
    // The control endpoint gave no answer (the only error of the suite a preflight meets): the run's mistake.
    if (error instanceof SuiteError) return { part, ...mistake(error.message) };
    if (error instanceof Violation) return { part, status: 'failed', detail: error.message };
    throw error;
  }
}

const ok = (detail: string) => ({ status: 'ok' as const, detail });
const failed = (detail: string) => ({ status: 'failed' as const, detail });
const mistake = (detail: string) => ({ status: 'failed' as const, detail, mistake: true as const });
const notGiven = (detail: string) => ({ status: 'not given' as const, detail });
const answered = (res: HttpResponse) => `${res.status}`;
/** A refusal of the credential itself: not accepted, or not allowed. */
const refused = (res: HttpResponse) => res.status === 401 || res.status === 403;

/** The admin's listing of functions, asked once per preflight: the run's first request, which several findings read. */
const adminListings = new WeakMap<Check, Promise<HttpResponse>>();

export function adminListing(t: Check): Promise<HttpResponse> {
  let listing = adminListings.get(t);
  if (!listing) adminListings.set(t, (listing = t.api('/functions', { token: t.config.credentials.admin })));
  return listing;
}

/**
 * A target that does not answer at all cannot be tested: the run (and doctor) stop with
 * one line, not a page of failures. One that answers only 429, or a spent budget, is
 * reachable: the checks report the rate limiting.
 */
export async function assertReachable(t: Check): Promise<void> {
  try {
    await adminListing(t);
  } catch (error) {
    const networkError = error instanceof Violation ? error.exchange?.networkError : undefined;
    if (networkError !== undefined) throw new RunError(`cannot reach the target at ${new Redactor(Object.values(t.config.credentials)).text(t.config.baseUrl)}: ${networkError}`);
    if (error instanceof Violation || error instanceof Skip) return;
    throw error;
  }
}

/** The target answers the admin's listing of functions: the base URL, TLS and base path are right. */
export function targetAnswers(t: Check): Promise<Finding> {
  return finding('target', async () => {
    const res = await adminListing(t);
    const over = new URL(t.config.baseUrl).protocol === 'https:' ? 'over TLS' : 'over plain HTTP';
    if (res.status === 404) return mistake(`GET /functions answered 404 ${over}: is the base path right? The base URL includes it (for example …/v0)`);
    return ok(`GET /functions answered ${answered(res)} ${over}`);
  });
}

/** The admin lists functions and may ask for secrets; with an account, reads its metrics. */
export function adminCredential(t: Check, sandboxName: string | undefined): Promise<Finding> {
  return finding('admin credential (--token)', async () => {
    const list = await adminListing(t);
    if (refused(list)) return mistake(`GET /functions answered ${answered(list)}: --token is not the admin credential of this target`);
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: the admin credential must list functions`);
    const said = ['lists functions'];
    if (sandboxName) {
      const secrets = await t.api(`/sandboxes/${encodeURIComponent(sandboxName)}`, { token: t.config.credentials.admin, query: { [t.config.profile.showSecretsParam]: 'true' } });
      if (refused(secrets)) return mistake(`GET /sandboxes/${sandboxName} asking for its secrets answered ${answered(secrets)}: --token must be a workspace admin, who may ask for them`);
      if (secrets.status === 404) return mistake(`GET /sandboxes/${sandboxName} answered 404: --sandbox-name names no sandbox of the workspace`);
      if (secrets.status !== 200) return failed(`GET /sandboxes/${sandboxName} asking for secrets answered ${answered(secrets)}: the admin may ask for them`);
      said.push(`may ask for the secrets of sandbox ${sandboxName}`);
    }
    if (t.config.accountId) {
      const metrics = await getMetrics(t, { window: pastHour(), groupBy: ['workspace'] });
      if (refused(metrics)) return mistake(`the account metrics grouped by workspace answered ${answered(metrics)}: --token must be an account admin of account ${t.config.accountId}`);
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
    if (list.status === 401) return mistake('GET /functions answered 401: --member-token is not a valid credential of this target');
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: a member lists functions`);
    if (!t.config.accountId) return ok('lists functions (whether it is account admin shows only with --account-id)');
    const metrics = await getMetrics(t, { window: pastHour(), groupBy: ['workspace'] }, token);
    if (metrics.status === 200) return mistake('--member-token was served the account metrics grouped by workspace, which only an account admin is: it seems to be an admin, not a member');
    if (metrics.status !== 403) return failed(`the account metrics grouped by workspace answered ${answered(metrics)}: a member is refused them with 403`);
    return ok('lists functions; refused the metrics grouped by workspace (403), as a member is');
  });
}

/** The credential without scopes is valid but refused. */
export function noScopeCredential(t: Check): Promise<Finding> {
  return finding('no-scope credential (--no-scope-token)', async () => {
    const res = await t.api('/functions', { token: t.token('noScope') });
    if (res.status === 403) return ok('refused GET /functions with 403: valid, and without scopes');
    if (res.status === 401) return mistake('GET /functions answered 401: --no-scope-token is not a valid credential of this target; give a valid OAuth token that holds no scope');
    if (res.status === 200)
      return mistake('GET /functions answered 200 to --no-scope-token: it holds a scope, or the target checks no scope; give a valid OAuth token that holds none (or leave the option out to skip the 403 checks)');
    return failed(`GET /functions answered ${answered(res)}: a credential without scopes is refused with 403`);
  });
}

/**
 * The two workspaces of --token and --other-workspace-token, by the resources each lists
 * (metadata.workspace): plainly one workspace when the other credential's listings name
 * this workspace only; a target that leaks when they name both (the isolation rules fail).
 */
export function otherWorkspace(t: Check): Promise<Finding> {
  return finding('other-workspace credential (--other-workspace-token)', async () => {
    const other = t.token('otherWorkspace');
    if (other === t.config.credentials.admin) return mistake('--other-workspace-token is the --token credential itself: give an admin credential of a second workspace');
    const list = await t.api('/functions', { token: other });
    if (refused(list)) return mistake(`GET /functions answered ${answered(list)} to --other-workspace-token: it must be the admin credential of a second workspace`);
    if (list.status !== 200) return failed(`GET /functions answered ${answered(list)}: it must be the admin credential of a second workspace`);
    const { ours, theirs, sameView, nothingShown, shown, refusedToOther, namesOurs } = await workspacesOfTwo(t, other);
    if (refusedToOther.length > 0) return mistake(`${refusedToOther.join(', ')} to --other-workspace-token, served to --token: it must be the admin credential of a second workspace`);
    if (sameView) return nothingShown ? ok('lists nothing, nor does --token: which workspace it is of is not shown') : mistake(sameViewOfBoth(shown));
    if (ours === undefined || theirs === undefined)
      return ok(`shown other resources than --token (${shown} items to --token): of another workspace, or the target does not keep workspaces apart, which the isolation rules will say`);
    if (namesOurs) return ok(`admin of workspace ${theirs} (its own resources say so), though one of its listings shows resources of workspace ${ours}, as --token's: the isolation rules will say where`);
    return ok(`admin of workspace ${theirs}; --token is of ${ours} (by metadata.workspace)`);
  });
}

/**
 * The control endpoint takes the admin, asked for a state it does not know (nothing
 * changes); whether its answer lets the run go on is the table's (spec/control-answers.ts).
 */
export function controlEndpoint(t: Check): Promise<Finding> {
  return finding('control endpoint (--control-url)', async () => {
    if (!t.config.controlUrl) return notGiven('no --control-url given');
    if (t.config.readOnly) return notGiven('--read-only: no state is set');
    const res = await t.control.probe();
    const answer = controlAnswer(res.status);
    if (answer.beforeRun === 'goes on') return ok(`it takes the admin credential (${answered(res)} for a state it does not know)`);
    switch (answer.kind) {
      case 'refused the caller':
        return mistake(`it answered ${answered(res)} to the admin credential asking for a state: it must take --token`);
      case 'failed':
        return mistake(`it answered ${answered(res)} asking for a state it does not know: it fails`);
      default: {
        const unsupported = CONTROL_ANSWERS.find((row) => row.duringRun === 'unsupported')!.statuses.replace(', ', ' or ');
        return mistake(
          `it answered ${answered(res)} asking for a state it does not know: a state it does not support must be answered ${unsupported}, or every check that needs one ends as error`,
        );
      }
    }
  });
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
