// Section 2.1: metadata.name is "Unique in the workspace", so no listing names two of
// its items alike. With the control URL over generated fixtures; without it over what
// the target holds.
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { fixtureSet, type FixtureSet } from '../../generators/resources-fixtures.ts';
import { expectNoProblems } from '../support/documented.ts';
import { sameJson } from '../support/existing-data.ts';
import type { Source } from '../../harness/readings.ts';
import { nameOf } from '../support/json.ts';
import { LISTING, readListing, walkFunctionNames } from './client.ts';
import { eachGroupSet } from './observe.ts';

const KINDS = ['functions', 'egressips', 'customdomains'] as const;

/** Each name listed more than once, with how often. */
function repeated(names: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

/** The names each listing holds, as listed (read at once): the functions walked page by page. */
async function listedNames(t: Check): Promise<Array<readonly [string, string[]]>> {
  const namesOf = async (kind: 'egressips' | 'customdomains') => (await readListing(t, kind)).map((item) => String(nameOf(item)));
  const [functions, egressips, customdomains] = await t.atOnce([() => walkFunctionNames(t), () => namesOf('egressips'), () => namesOf('customdomains')]);
  return [
    ['GET /functions (every page)', functions!],
    [`GET ${LISTING.egressips.path}`, egressips!],
    [`GET ${LISTING.customdomains.path}`, customdomains!],
  ];
}

/** Fails on a name any listing repeats. */
function expectUniqueNames(t: Check, listings: Array<readonly [string, string[]]>): void {
  expectNoProblems(
    t,
    listings.flatMap(([listing, names]) =>
      repeated(names).map(([name, n]) => `metadata.name is unique in the workspace (section 2.1), but ${listing} lists "${name}" ${n} times`),
    ),
  );
}

const nameUnique = rule('resources.metadata.name-unique', { states: [...KINDS], existing: true }, async (t: Check) => {
  if (t.data === 'set') {
    // The sets of several cases side by side (no name in common): the listings of them all must repeat no name either.
    const expectSets = (sets: ReadonlyArray<Partial<FixtureSet>>) => eachGroupSet(t, KINDS, sets, async () => expectUniqueNames(t, await listedNames(t)));
    await t.property(fixtureSet(t.config.profile, KINDS), (set) => expectSets([set]), { together: expectSets });
    return;
  }
  // A function created while the pages are walked may shift one into the next page: a name seen twice then is no verdict (harness/readings.ts).
  const listings = await t.existing(LISTINGS);
  if (listings.every(([, names]) => names.length === 0))
    t.skip('no --control-url to set fixtures, and the target lists no function, egress IP or custom domain whose names could repeat');
  expectUniqueNames(t, listings);
});

/** What the workspace lists, read as a whole, so that a repeat stands only where it reads the same again. */
const LISTINGS: Source<Array<readonly [string, string[]]>> = { what: 'the listings of functions, egress IPs and custom domains', read: listedNames, same: sameJson };

export const checks = [nameUnique];
