// Whether another run replaced the provider states a check set (harness/setup.ts), read
// back through the API after the check failed on set data: a second run against the same
// target makes the failure no verdict (harness/run-check.ts, property.ts).
//
// The read-back uses the API under check, so a target's own defect must not pass for a
// replaced state. A state counts as replaced only on positive evidence of another run: a
// function marked by another run (harness/run-mark.ts) seen in any functions listing this
// run read; and where the answer also shows the state gone: both items the check never
// set and not all it set, or, for what is read one by one, every item set gone. Without
// the evidence, a target that renames, drops or rewrites what it stores, or answers an
// earlier fixture set, shows the same absence, and is the rules' to fail. Usage is read
// over the window of the check's own events, where another run's events, drawn in windows
// of their own, rarely show: there a resource the events named missing is enough, beside
// the other run's mark. Asked only after a failure, and bounded: a few requests per state.
import type { Check } from '../../harness/check.ts';
import { otherRunsSeen } from '../../harness/run-mark.ts';
import type { HeldStates } from '../../harness/run-check.ts';
import type { StateName } from '../../spec/test-control.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';
import { isObject, nameOf } from './json.ts';
import { PAGED_VERSION, versionHeaders } from './versions.ts';
import { followCursors } from './paging.ts';
import { instantOf } from './timestamps.ts';
import { metricsPath, windowQuery } from './metrics-query.ts';

/** Items of a `sandboxes` or `processes` state asked for one by one, at most. */
const ASKED_ONE_BY_ONE = 8;
/** Pages of the functions listing read back at most (10,000 functions at 200 a page). */
const MAX_PAGES = 60;

type Params = { workspace?: string; items?: unknown[]; events?: Array<{ time: string; resourceUuid: string }> };

/** Whether `listed` shows both something `set` lacks and lacks something `set` holds: another state than the one set. */
function otherThan(set: ReadonlySet<string>, listed: ReadonlySet<string>): boolean {
  return [...set].some((key) => !listed.has(key)) && [...listed].some((key) => !set.has(key));
}

async function listedFunctions(t: Check): Promise<unknown[]> {
  const items: unknown[] = [];
  const page = async (cursor: string | undefined) => {
    const res = await t.api('/functions', { token: t.config.credentials.admin, query: { limit: FUNCTIONS_MAX_LIMIT, cursor }, headers: versionHeaders(t, PAGED_VERSION) });
    const body = isObject(res.json) ? res.json : {};
    const meta = isObject(body.meta) ? body.meta : {};
    if (Array.isArray(body.data)) items.push(...body.data);
    return { hasMore: meta.hasMore === true, nextCursor: typeof meta.nextCursor === 'string' ? meta.nextCursor : '' };
  };
  await followCursors(t, 'the functions read back', MAX_PAGES, page, () => undefined);
  return items;
}

async function listed(t: Check, state: 'functions' | 'egressips' | 'customdomains'): Promise<unknown[]> {
  if (state === 'functions') return listedFunctions(t);
  const res = await t.api(`/${state}`, { token: t.config.credentials.admin });
  return Array.isArray(res.json) ? res.json : [];
}

/** Every item of `names` answered 404 when asked for one by one (at most a few asked). */
async function allGone(names: readonly string[], ask: (name: string) => Promise<{ status: number }>): Promise<boolean> {
  const asked = names.slice(0, ASKED_ONE_BY_ONE);
  if (asked.length === 0) return false;
  const answers = await Promise.all(asked.map(ask));
  return answers.every((res) => res.status === 404);
}

/** The resources the account's usage over the span of `events` names, grouped by resource_uuid (section 2.7). */
async function usageResources(t: Check, events: NonNullable<Params['events']>): Promise<Set<string> | undefined> {
  const times = events.map((event) => instantOf(event.time)).filter((ms): ms is number => ms !== undefined);
  if (times.length === 0 || !t.config.accountId) return undefined;
  const window = { start: Math.min(...times), end: Math.max(...times) + 1 };
  const res = await t.api(metricsPath(t), { token: t.config.credentials.admin, query: { ...windowQuery(window), groupBy: 'resource_uuid', limit: 100 } });
  const data = isObject(res.json) && Array.isArray(res.json.data) ? res.json.data : undefined;
  // The entry's field that holds one of the events' uuids (its name is the profile's or the target's), else the entry itself: a resource they did not name.
  const uuidOf = (entry: unknown): string => {
    const named = isObject(entry) ? Object.values(entry).find((value): value is string => typeof value === 'string' && events.some((e) => e.resourceUuid === value)) : undefined;
    return named ?? JSON.stringify(entry);
  };
  return data && new Set(data.map(uuidOf));
}

/** How one state reads back otherwise than it was set, in words; undefined when it reads back as set, or cannot tell. */
async function replaced(t: Check, state: StateName, params: Params): Promise<string | undefined> {
  if (params.workspace !== undefined) return undefined;
  const set = new Set((params.items ?? []).map((item) => String(nameOf(item))));
  switch (state) {
    case 'functions':
    case 'egressips':
    case 'customdomains':
      return otherThan(set, new Set((await listed(t, state)).map((item) => String(nameOf(item))))) ? `GET /${state} lists ${state} the check did not set, and not those it set` : undefined;
    case 'sandboxes':
      return (await allGone([...set], (name) => t.api(`/sandboxes/${encodeURIComponent(name)}`, { token: t.config.credentials.admin })))
        ? 'none of the sandboxes it set is there any more'
        : undefined;
    case 'processes': {
      // A process is found by its pid or its name (section 4.2): gone only when neither finds any.
      const identifiers = (params.items ?? []).flatMap((item) => (isObject(item) ? [String(item.pid), String(item.name)] : []));
      return (await allGone(identifiers, (identifier) => t.sandbox(`/process/${encodeURIComponent(identifier)}/logs`, { token: t.config.credentials.admin })))
        ? 'none of the processes it set is there any more'
        : undefined;
    }
    case 'usage': {
      const events = params.events ?? [];
      const named = await usageResources(t, events);
      return named && events.some((event) => !named.has(event.resourceUuid)) ? "the account's usage over the window of its events does not name every resource they did" : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The other runs this run has seen: those whose marks any functions listing it read showed
 * (Check.api notes them). The listing is read once more when none was seen yet: another
 * run's functions are there whenever its state of them is in force.
 */
async function otherRuns(t: Check): Promise<ReadonlySet<string>> {
  if (otherRunsSeen(t.config.shared).size === 0) await t.api('/functions', { token: t.config.credentials.admin, query: { limit: FUNCTIONS_MAX_LIMIT }, headers: versionHeaders(t, PAGED_VERSION) });
  return otherRunsSeen(t.config.shared);
}

/** The states of `held` another run replaced, said in words; [] when none was, or nothing shows another run. */
export const heldStates: HeldStates = async (t, held) => {
  const found = await Promise.all(held.map(({ state, params }) => replaced(t, state, params as Params).catch((): undefined => undefined)));
  const gone = found.filter((what): what is string => what !== undefined);
  if (gone.length === 0) return [];
  const runs = await otherRuns(t).catch((): ReadonlySet<string> => new Set());
  return runs.size === 0 ? [] : [...gone, `another run's functions, marked by it, are on the target (${runs.size === 1 ? 'one run' : `${runs.size} runs`})`];
};
