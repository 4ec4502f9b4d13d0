// The resources a shape rule looks at. With the control URL: generated fixtures of
// the kinds the rule concerns, set and read back (a property). Without it: what the
// target holds (the sandbox named by --sandbox-name and the two listings), once.
import type { Check } from '../../harness/check.ts';
import { fixtureSet, type FixtureSet, type Json } from '../../generators/resources-fixtures.ts';
import type { Kind } from './shapes.ts';
import { fetchFunctions, fetchListing, fetchSandbox, pairByName, setFixtures } from './client.ts';
import { nameOf } from '../support/json.ts';
import { itemKeys, shareAny, sideBySide } from '../support/side-by-side.ts';
import { expectNoProblems } from '../support/documented.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';

export interface Observed {
  kind: Kind;
  /** The fixture it was set from; undefined when read as found. */
  given?: Json;
  returned: Json;
}

interface Reading {
  observed: Observed[];
  documentErrors: string[];
}

/** Resources of all kinds set side by side at most: the functions are read from one page of the listing. */
const MAX_SIDE_BY_SIDE = FUNCTIONS_MAX_LIMIT - 1;

const LABEL: Record<Kind, string> = { functions: 'function', sandboxes: 'sandbox', egressips: 'egress IP', customdomains: 'custom domain' };

/** The resources of one kind: the fixtures' counterparts when `given`, else all the target shows. */
async function read(t: Check, kind: Kind, given: Json[] | undefined): Promise<Reading> {
  if (kind === 'functions') {
    const { body: listed, documentErrors } = await fetchFunctions(t);
    const observed = given ? pairByName(given, listed).map((p) => ({ kind, ...p })) : listed.map((returned) => ({ kind, returned }));
    return { observed, documentErrors };
  }
  if (kind === 'sandboxes') {
    const names = given ? given.map((g) => String(nameOf(g))) : t.config.sandboxName ? [t.config.sandboxName] : [];
    const fetched = await t.atOnce(names.map((name) => () => fetchSandbox(t, name)));
    return {
      observed: fetched.map(({ body }, i) => ({ kind, given: given?.[i], returned: body })),
      documentErrors: fetched.flatMap((f) => f.documentErrors),
    };
  }
  const { body: listed, documentErrors } = await fetchListing(t, kind);
  const observed = given ? pairByName(given, listed).map((p) => ({ kind, ...p })) : listed.map((returned) => ({ kind, returned }));
  return { observed, documentErrors };
}

async function readAll(t: Check, kinds: Kind[], set: Partial<FixtureSet> | undefined): Promise<Reading> {
  const readings = await t.atOnce(kinds.map((kind) => () => read(t, kind, set?.[kind])));
  return { observed: readings.flatMap((r) => r.observed), documentErrors: readings.flatMap((r) => r.documentErrors) };
}

/**
 * The fixture sets of several cases side by side where no two share a kind and name (at
 * most one page of the functions listing), each group set at once and handed to `read`:
 * a state and a reading for the group instead of one a case.
 */
export async function eachGroupSet(t: Check, kinds: readonly Kind[], sets: ReadonlyArray<Partial<FixtureSet>>, read: (merged: Partial<FixtureSet>) => Promise<void>): Promise<void> {
  // Worked out once per set: the clash test meets every pair.
  const keys = new Map(sets.map((set) => [set, kinds.flatMap((kind) => (set[kind] ?? []).flatMap((item) => itemKeys(item).map((key) => `${kind} ${key}`)))]));
  const items = (set: Partial<FixtureSet>) => kinds.reduce((n, kind) => n + (set[kind]?.length ?? 0), 0);
  for (const group of sideBySide(sets, { clash: (a, b) => shareAny(keys.get(a)!, keys.get(b)!), size: items, maxSize: MAX_SIDE_BY_SIDE })) {
    const merged = Object.fromEntries(kinds.map((kind) => [kind, group.flatMap((set) => set[kind] ?? [])])) as Partial<FixtureSet>;
    await setFixtures(t, merged);
    await read(merged);
  }
}

/**
 * Runs `problemsOf` over every resource of the kinds given and fails with all it finds;
 * the rule's own problems come first, mismatches with the document after.
 */
export function checkResources(t: Check, kinds: Kind[], problemsOf: (observed: Observed) => string[]): Promise<void> {
  return checkReadings(t, kinds, (observed) => observed.flatMap((o) => problemsOf(o).map((p) => `${labelOf(o)}: ${p}`)));
}

/**
 * Runs `problemsOf` over each reading of the resources of the kinds given (everything
 * one state shows, set from `fixtures` where the run sets them): for relations between
 * resources. Fails as checkResources does.
 */
export async function checkReadings(t: Check, kinds: Kind[], problemsOf: (observed: Observed[]) => string[], fixtures = fixtureSet(t.config.profile, kinds)): Promise<void> {
  const report = ({ observed, documentErrors }: Reading) => expectNoProblems(t, [...problemsOf(observed), ...documentErrors]);
  if (t.data === 'set') {
    // The sets of several cases side by side: one reading for them all.
    const expectSets = (sets: ReadonlyArray<Partial<FixtureSet>>) => eachGroupSet(t, kinds, sets, async (merged) => report(await readAll(t, kinds, merged)));
    await t.property(fixtures, (set) => expectSets([set]), { together: expectSets });
    return;
  }
  const reading = await readAll(t, kinds, undefined);
  if (reading.observed.length === 0)
    t.skip(`no --control-url to set fixtures, and the target holds no ${kinds.map((k) => LABEL[k]).join(' or ')} to read${kinds.includes('sandboxes') ? ' (--sandbox-name)' : ''}`);
  report(reading);
}

/** What a resource is called in a message: its kind and name. */
export const labelOf = (o: Observed): string => `${LABEL[o.kind]} ${String(nameOf(o.returned) ?? nameOf(o.given))}`;
