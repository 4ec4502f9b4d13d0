// Section 2.2: a function as the listing returns it: every field as it was set, the
// defaults of its fields, the ids and callback secrets of its triggers. Section 1: it
// belongs to its workspace.
import { functionsWithTriggersArb, SENT_CALLBACK_SECRET_PREFIX, type FunctionWithTriggers } from '../../generators/function-triggers.ts';
import { sampleFixtureSet } from '../../generators/functions-fixtures.ts';
import { functionArb, uniqueByName, type Resource } from '../../generators/components.ts';
import type fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { differences } from '../support/compare.ts';
import { expectNoProblems } from '../support/documented.ts';
import { isObject, nameOf, show, type JsonObject } from '../support/json.ts';
import { findLegacyVersion } from '../support/versions.ts';
import { ownNames, sideBySideProperty } from '../support/side-by-side.ts';
import { twoWorkspaces } from '../support/workspaces.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';
import { FIXTURES, legacyItemsOf, listedByName, listFunctions, pageOf, setFunctions, walkEach, specOf, triggersOf, walkFunctionItems, WORKSPACE_FUNCTIONS, type Page } from './client.ts';

/**
 * A property whose cases each set functions and hand them, with the listing, to `check`:
 * the functions of several cases (names made their own) are set side by side and one page
 * of the listing is read for them all (sideBySideProperty).
 */
function eachCaseListed<F extends { metadata: { name: string } }>(
  t: Check,
  cases: fc.Arbitrary<F[]>,
  check: (functions: F[], listed: Map<string, JsonObject>) => void,
  shared = false,
): Promise<void> {
  // One page of the listing must show them all.
  return sideBySideProperty(t, cases, { state: 'functions', itemsOf: (functions) => functions, maxItems: FUNCTIONS_MAX_LIMIT - 1, shared, own: ownNames }, async (group) => {
    const listed = await listedByName(t, `the listing of ${group.flat().length} functions`);
    for (const functions of group) check(functions, listed);
  });
}

/**
 * The rules of the listed functions' defaults and triggers draw the same cases (one seed)
 * and so set the same groups of them: each state is set once and read side by side.
 */
const TRIGGER_ROUNDS = 'functions.trigger-rounds';
const sharesTriggerRounds = { ...FIXTURES, shares: TRIGGER_ROUNDS };

/**
 * On existing data what was sent is not known: each function with triggers, as listed,
 * to `check`; skipped when the workspace has no trigger.
 */
async function eachWithTriggers(t: Check, check: (listed: JsonObject) => string[]): Promise<void> {
  const { withTriggers, listing } = await t.existing(WORKSPACE_FUNCTIONS);
  if (withTriggers.length === 0) t.skip(`none of the workspace's ${listing.length} functions has a trigger`);
  t.note('what was sent is not known on existing data: only what the listing shows of the triggers is checked');
  const problems = withTriggers.flatMap((item) => check(item).map((p) => `${String(nameOf(item))}: ${p}`));
  t.assert(problems.length === 0, problems.slice(0, 6).join('; '));
}

/** Sets the functions, then hands each one, as listed, to `check` with what was sent. */
function eachListed(t: Check, check: (sent: FunctionWithTriggers, listed: JsonObject) => string[]): Promise<void> {
  const expectListed = (functions: FunctionWithTriggers[], listed: Map<string, JsonObject>) => {
    const problems = functions.flatMap((fn) => {
      const item = listed.get(fn.metadata.name);
      return item ? check(fn, item).map((p) => `${fn.metadata.name}: ${p}`) : [`${fn.metadata.name} is not listed`];
    });
    t.assert(problems.length === 0, problems.slice(0, 6).join('; '));
  };
  return eachCaseListed(t, functionsWithTriggersArb, expectListed, true);
}


/** A field left out comes back with its default or left out too, never with the other value. */
function defaultProblem(value: unknown, fallback: boolean, field: string): string[] {
  return value === undefined || value === fallback ? [] : [`${field} was left out, so it is ${fallback} by default, but came back ${show(value)}`];
}

const defaultsEnabled = rule('functions.defaults.enabled', sharesTriggerRounds, (t: Check) =>
  eachListed(t, (sent, listed) => (sent.spec.enabled === undefined ? defaultProblem(specOf(listed).enabled, true, 'spec.enabled') : [])),
);

const defaultsPublic = rule('functions.defaults.public', sharesTriggerRounds, (t: Check) =>
  eachListed(t, (sent, listed) => (sent.spec.public === undefined ? defaultProblem(specOf(listed).public, false, 'spec.public') : [])),
);

const defaultsTriggerEnabled = rule('functions.defaults.trigger-enabled', sharesTriggerRounds, (t: Check) =>
  eachListed(t, (sent, listed) => {
    // Counted, not matched: the ids may be generated and the order is not stated. More
    // triggers disabled than were sent disabled means one left out came back false.
    const disabledSent = sent.spec.triggers.filter((trigger) => trigger.enabled === false).length;
    const disabledListed = triggersOf(listed).filter((trigger) => trigger.enabled === false).length;
    const leftOut = sent.spec.triggers.filter((trigger) => trigger.enabled === undefined).length;
    return disabledListed > disabledSent
      ? [`${leftOut} triggers were set without enabled (true by default) and ${disabledSent} with enabled false, but ${disabledListed} came back with enabled false`]
      : [];
  }),
);

/** Every trigger id non-empty and the ids of one function distinct; `sent` says what the ids were set to, when known. */
function triggerIdProblems(listed: JsonObject, sent?: string): string[] {
  const ids = triggersOf(listed).map((trigger) => trigger.id);
  const problems = ids.flatMap((id, i) => (typeof id === 'string' && id !== '' ? [] : [`triggers[${i}].id is ${show(id)}: an id left out is generated by the server`]));
  if (new Set(ids).size !== ids.length)
    problems.push(`the trigger ids ${show(ids)} repeat${sent === undefined ? '' : ` (sent: ${sent})`}: duplicates inside one resource are disambiguated by the server`);
  return problems;
}

const triggersIds = rule('functions.triggers.ids', { ...sharesTriggerRounds, existing: true }, (t: Check) =>
  t.data === 'existing'
    ? eachWithTriggers(t, (listed) => triggerIdProblems(listed))
    : eachListed(t, (sent, listed) => {
        const problems = triggerIdProblems(listed, sent.spec.triggers.map((trigger) => trigger.id ?? '(none)').join(', '));
        const count = triggersOf(listed).length;
        if (count !== sent.spec.triggers.length) problems.push(`${sent.spec.triggers.length} triggers were set, ${count} came back`);
        return problems;
      }),
);

/** A callbackSecret, when returned (whether it is, is not stated), is the service's own: a non-empty string, and on set data not the value sent. */
function callbackSecretProblems(listed: JsonObject): string[] {
  return triggersOf(listed).flatMap((trigger, i) => {
    const secret = isObject(trigger.configuration) ? trigger.configuration.callbackSecret : undefined;
    if (secret === undefined) return [];
    if (typeof secret !== 'string' || secret === '') return [`triggers[${i}].configuration.callbackSecret is ${show(secret)}, not a generated secret`];
    return secret.startsWith(SENT_CALLBACK_SECRET_PREFIX) ? [`triggers[${i}].configuration.callbackSecret is the value the suite sent: it is read-only and auto-generated`] : [];
  });
}

const triggersCallbackSecret = rule('functions.triggers.callback-secret', { ...sharesTriggerRounds, existing: true }, (t: Check) =>
  t.data === 'existing' ? eachWithTriggers(t, callbackSecretProblems) : eachListed(t, (_sent, listed) => callbackSecretProblems(listed)),
);

const workspaceOnly = rule('functions.workspace-only', { ...FIXTURES, needs: [...FIXTURES.needs, 'otherWorkspace'], existing: ['otherWorkspace'] }, async (t: Check) => {
  if (t.data === 'existing') return workspaceOnlyOnExisting(t);
  const other = t.token('otherWorkspace');
  // Names are unique in a workspace only: the other one may hold a function of the same
  // name, so names it holds before this one's functions are set are not counted.
  const theirs = new Set<string>();
  const walkOther = (onPage: (page: Page, index: number) => void) =>
    // The other workspace may hold many functions of its own: the walk's bound is generous.
    walkEach(t, { limit: 20 }, 10_000, `the other workspace's listing`, onPage, { token: other });
  // The version that serves the legacy listing, found before the fixtures are set (it reads no fixture).
  const [older] = await t.atOnce([() => findLegacyVersion(t), async () => void (await walkOther((page) => page.names.forEach((name) => theirs.add(name))))]);
  const fixtures = sampleFixtureSet(t.seed, { minSize: 3, maxSize: 60 }).filter((f) => !theirs.has(f.metadata.name));
  if (fixtures.length === 0) t.skip('the other workspace holds a function of every generated name: no name tells the workspaces apart');
  await setFunctions(t, fixtures);
  const ours = new Set(fixtures.map((f) => f.metadata.name));
  const leaked = (names: string[]) => names.filter((name) => ours.has(name));
  // Every page of the other workspace's walk, and at once its legacy listing, in an older version the target accepts, when it accepts one.
  const walked = async () =>
    void (await walkOther((page, i) => {
      const seen = leaked(page.names);
      t.assert(seen.length === 0, `resources are scoped to a workspace (section 1): page ${i + 1} of the other workspace's listing holds ${show(seen)} of this one`, page.exchange);
    }));
  const legacyListed = async () => {
    if (!older || !('date' in older)) return;
    const version = older.date;
    const legacy = legacyItemsOf(t, await listFunctions(t, {}, { version, token: other }), `the other workspace's legacy listing (version ${version})`).map((f) => f.metadata.name);
    t.assert(leaked(legacy).length === 0, `resources are scoped to a workspace (section 1): the other workspace's legacy listing holds ${show(leaked(legacy))} of this one`);
  };
  await t.atOnce([walked, legacyListed]);
});

const workspaceOf = (item: JsonObject): unknown => (isObject(item.metadata) ? item.metadata.workspace : undefined);

/**
 * On existing data the workspaces' functions are told apart by metadata.workspace ("set
 * automatically"), never by name: names are unique within a workspace only.
 */
async function workspaceOnlyOnExisting(t: Check): Promise<void> {
  const other = t.token('otherWorkspace');
  const { ours } = await twoWorkspaces(t, other);
  const leaked = (items: JsonObject[]) => items.filter((item) => workspaceOf(item) === ours).map((item) => String(nameOf(item)));
  await walkFunctionItems(t, `the other workspace's listing`, (items, page) => {
    const seen = leaked(items);
    t.assert(seen.length === 0, `resources are scoped to a workspace (section 1): the other workspace's listing holds ${show(seen)}, of this workspace (${ours})`, page.exchange);
  }, { token: other });
  await walkFirstPagesOfOther(t, other, leaked, ours);
  const older = await findLegacyVersion(t);
  if (!('date' in older)) return;
  const res = await listFunctions(t, {}, { version: older.date, token: other });
  legacyItemsOf(t, res, `the other workspace's legacy listing (version ${older.date})`);
  const seen = leaked(res.json as JsonObject[]);
  t.assert(seen.length === 0, `resources are scoped to a workspace (section 1): the other workspace's legacy listing holds ${show(seen)}, of this workspace (${ours})`);
}

/** Pages of the other workspace's listing read at a small limit: enough for pages after a cursor wherever it holds a few functions. */
const SMALL_WALK = { limit: 2, pages: 4 };

/**
 * The first pages of the other workspace's listing at a small limit, each after the
 * previous one's cursor: "scoped to a workspace" holds on the pages after a cursor too,
 * which a walk at the largest limit reaches only past 200 functions.
 */
async function walkFirstPagesOfOther(t: Check, other: string, leaked: (items: JsonObject[]) => string[], ours: string): Promise<void> {
  let cursor: string | undefined;
  for (let i = 0; i < SMALL_WALK.pages; i++) {
    const what = `page ${i + 1} of the other workspace's listing at limit=${SMALL_WALK.limit}${cursor === undefined ? '' : ', after the previous page\'s cursor'}`;
    const res = await listFunctions(t, { limit: SMALL_WALK.limit, sort: 'name:asc', ...(cursor === undefined ? {} : { cursor }) }, { token: other });
    const page = pageOf(t, res, what);
    const seen = leaked((res.json as { data: JsonObject[] }).data);
    t.assert(seen.length === 0, `resources are scoped to a workspace (section 1): ${what} holds ${show(seen)}, of this workspace (${ours})`, page.exchange);
    if (!page.hasMore || page.nextCursor === '') return;
    cursor = page.nextCursor;
  }
}

/**
 * What a listed function must hold of what was set: every field but the values of
 * secret env entries (nothing says a function's secret values are shown), the
 * callbackSecret of its triggers (read-only, generated) and their ids (generated when
 * omitted, renamed when repeated: functions.triggers.ids).
 */
function settable(fn: JsonObject): JsonObject {
  const copy = structuredClone(fn);
  const spec = isObject(copy.spec) ? copy.spec : {};
  const runtime = isObject(spec.runtime) ? spec.runtime : {};
  for (const env of Array.isArray(runtime.envs) ? runtime.envs : []) if (isObject(env) && env.secret === true) delete env.value;
  for (const trigger of Array.isArray(spec.triggers) ? spec.triggers : []) {
    if (!isObject(trigger)) continue;
    delete trigger.id;
    if (isObject(trigger.configuration)) delete trigger.configuration.callbackSecret;
  }
  return copy;
}

const roundTrip = rule('functions.round-trip', FIXTURES, async (t: Check) => {
  const expectRoundTrip = (functions: Resource[], listed: Map<string, JsonObject>) => {
    const problems = functions.flatMap((fn) => {
      const name = fn.metadata.name;
      const item = listed.get(name);
      if (!item) return [`${name} is not listed`];
      const expected = settable(fn as JsonObject);
      return [...differences(expected.metadata, item.metadata, `${name}: metadata`), ...differences(expected.spec, item.spec, `${name}: spec`)];
    });
    expectNoProblems(t, problems);
  };
  // Generated from the document with every optional field present or absent.
  await eachCaseListed(t, uniqueByName(functionArb, { minLength: 1, maxLength: 4 }), expectRoundTrip);
});

export const checks = [defaultsEnabled, defaultsPublic, defaultsTriggerEnabled, triggersIds, triggersCallbackSecret, workspaceOnly, roundTrip];
