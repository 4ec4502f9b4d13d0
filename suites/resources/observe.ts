// The resources a shape rule looks at. With the control URL: generated fixtures of
// the kinds the rule concerns, set and read back (a property). Without it: what the
// target holds (the sandbox named by --sandbox-name and the two listings), once.
import type { Check } from '../../harness/check.ts';
import { fixtureSet, type FixtureSet, type Json } from '../../generators/resources-fixtures.ts';
import type { Kind } from './shapes.ts';
import { fetchFunctions, fetchListing, fetchSandbox, nameOf, pairByName, setFixtures } from './client.ts';
import { expectNoProblems } from '../support/documented.ts';

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
    const reading: Reading = { observed: [], documentErrors: [] };
    for (const [i, name] of names.entries()) {
      const { body, documentErrors } = await fetchSandbox(t, name);
      reading.observed.push({ kind, given: given?.[i], returned: body });
      reading.documentErrors.push(...documentErrors);
    }
    return reading;
  }
  const { body: listed, documentErrors } = await fetchListing(t, kind);
  const observed = given ? pairByName(given, listed).map((p) => ({ kind, ...p })) : listed.map((returned) => ({ kind, returned }));
  return { observed, documentErrors };
}

async function readAll(t: Check, kinds: Kind[], set: Partial<FixtureSet> | undefined): Promise<Reading> {
  const all: Reading = { observed: [], documentErrors: [] };
  for (const kind of kinds) {
    const reading = await read(t, kind, set?.[kind]);
    all.observed.push(...reading.observed);
    all.documentErrors.push(...reading.documentErrors);
  }
  return all;
}

/**
 * Runs `problemsOf` over every resource of the kinds given and fails with all it
 * finds; the rule's own problems come first, mismatches with the document after.
 */
export async function checkResources(t: Check, kinds: Kind[], problemsOf: (observed: Observed) => string[]): Promise<void> {
  const report = ({ observed, documentErrors }: Reading) =>
    expectNoProblems(t, [
      ...observed.flatMap((o) => problemsOf(o).map((p) => `${LABEL[o.kind]} ${String(nameOf(o.returned) ?? nameOf(o.given))}: ${p}`)),
      ...documentErrors,
    ]);
  if (t.config.controlUrl && !t.config.readOnly) {
    await t.property(fixtureSet(t.config.profile, kinds), async (set) => {
      await setFixtures(t, set);
      report(await readAll(t, kinds, set));
    });
    return;
  }
  const reading = await readAll(t, kinds, undefined);
  if (reading.observed.length === 0)
    t.skip(`no --control-url to set fixtures, and the target holds no ${kinds.map((k) => LABEL[k]).join(' or ')} to read${kinds.includes('sandboxes') ? ' (--sandbox-name)' : ''}`);
  report(reading);
}
