// The resources a shape rule looks at. With the control URL: generated fixtures of
// the kinds the rule concerns, set and read back (a property). Without it: what the
// target holds (the sandbox named by --sandbox-name and the two listings), once.
import type { Check } from '../../harness/check.ts';
import { fixtureSet, type FixtureSet, type Json } from '../../generators/resources-fixtures.ts';
import type { Kind } from './shapes.ts';
import { assertNoProblems, nameOf, pairByName, readListing, readSandbox, setFixtures } from './target.ts';

export interface Observed {
  kind: Kind;
  /** The fixture it was set from; undefined when read as found. */
  given?: Json;
  returned: Json;
}

const LABEL: Record<Kind, string> = { sandboxes: 'sandbox', egressips: 'egress IP', customdomains: 'custom domain' };

async function read(t: Check, kind: Kind, given: Json[] | undefined): Promise<Observed[]> {
  if (kind === 'sandboxes') {
    const names = given ? given.map((g) => String(nameOf(g))) : t.config.sandboxName ? [t.config.sandboxName] : [];
    const out: Observed[] = [];
    for (const [i, name] of names.entries()) out.push({ kind, given: given?.[i], returned: await readSandbox(t, name) });
    return out;
  }
  const listed = await readListing(t, kind);
  return given ? pairByName(given, listed).map((p) => ({ kind, ...p })) : listed.map((returned) => ({ kind, returned }));
}

/** Runs `problemsOf` over every resource of the kinds given and fails with all it finds. */
export async function checkResources(t: Check, kinds: Kind[], problemsOf: (observed: Observed) => string[]): Promise<void> {
  const report = (observed: Observed[]) =>
    assertNoProblems(t, observed.flatMap((o) => problemsOf(o).map((p) => `${LABEL[o.kind]} ${String(nameOf(o.returned) ?? nameOf(o.given))}: ${p}`)));
  if (t.config.controlUrl && !t.config.readOnly) {
    await t.property(fixtureSet(t.config.profile), async (set) => {
      const chosen = Object.fromEntries(kinds.map((k) => [k, set[k]])) as Partial<FixtureSet>;
      await setFixtures(t, chosen);
      const observed: Observed[] = [];
      for (const kind of kinds) observed.push(...(await read(t, kind, chosen[kind])));
      report(observed);
    });
    return;
  }
  const observed: Observed[] = [];
  for (const kind of kinds) observed.push(...(await read(t, kind, undefined)));
  if (observed.length === 0)
    t.skip(`no --control-url to set fixtures, and the target holds no ${kinds.map((k) => LABEL[k]).join(' or ')} to read${kinds.includes('sandboxes') ? ' (--sandbox-name)' : ''}`);
  report(observed);
}
