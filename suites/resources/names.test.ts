// Section 2.1: metadata.name is "Unique in the workspace", so no listing names two of
// its items alike. With the control URL over generated fixtures; without it over what
// the target holds.
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { fixtureSet } from '../../generators/resources-fixtures.ts';
import { expectNoProblems } from '../support/documented.ts';
import { nameOf } from '../support/json.ts';
import { LISTING, readListing, setFixtures, walkFunctionNames } from './client.ts';

const KINDS = ['functions', 'egressips', 'customdomains'] as const;

/** Each name listed more than once, with how often. */
function repeated(names: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

/** Reads the three listings and fails on a name any of them repeats; returns how many items they hold. */
async function expectUniqueNames(t: Check): Promise<number> {
  const functions = await walkFunctionNames(t);
  const egressips = (await readListing(t, 'egressips')).map((item) => String(nameOf(item)));
  const customdomains = (await readListing(t, 'customdomains')).map((item) => String(nameOf(item)));
  const listings = [
    ['GET /functions (every page)', functions],
    [`GET ${LISTING.egressips.path}`, egressips],
    [`GET ${LISTING.customdomains.path}`, customdomains],
  ] as const;
  expectNoProblems(
    t,
    listings.flatMap(([listing, names]) =>
      repeated(names).map(([name, n]) => `metadata.name is unique in the workspace (section 2.1), but ${listing} lists "${name}" ${n} times`),
    ),
  );
  return functions.length + egressips.length + customdomains.length;
}

const nameUnique = rule('resources.metadata.name-unique', { states: [...KINDS], existing: true }, async (t: Check) => {
  if (t.data === 'set') {
    await t.property(fixtureSet(t.config.profile, KINDS), async (set) => {
      await setFixtures(t, set);
      await expectUniqueNames(t);
    });
    return;
  }
  if ((await expectUniqueNames(t)) === 0) t.skip('no --control-url to set fixtures, and the target lists no function, egress IP or custom domain whose names could repeat');
});

export const checks = [nameUnique];
