// Sections 2.4, 2.5, 4.1: GET /egressips and GET /customdomains answer bare arrays
// of every item of the caller's workspace, and only of it, each as set.
import type { Check } from '../../harness/check.ts';
import { rule, type CheckDefinition } from '../../harness/rule.ts';
import { listingFixtures, type Json, type ListingKind } from '../../generators/resources-fixtures.ts';
import type { Profile } from '../../spec/profile.ts';
import { differences } from '../support/compare.ts';
import { LISTING, pairByName, readListing } from './client.ts';
import { isObject, nameOf, show } from '../support/json.ts';
import { expectNoProblems } from '../support/documented.ts';
import { sideBySideProperty } from '../support/side-by-side.ts';
import { twoWorkspaces, workspacesOf } from '../support/workspaces.ts';

/** Sections 2.4, 2.5: the fields each listing returns as set, and the values the profile pins. */
function specProblems(kind: ListingKind, profile: Profile, given: Json, returned: Json): string[] {
  const spec = isObject(returned.spec) ? returned.spec : {};
  const problems = differences(given.spec, returned.spec, 'spec');
  const [field, pinned] = kind === 'egressips' ? ['ipFamily', profile.egressIpFamilies] : ['status', profile.customDomainStatuses];
  if (pinned && spec[field] !== undefined && !pinned.includes(spec[field] as string))
    problems.push(`spec.${field} is ${show(spec[field])}, not one of the profile's values (${pinned.join(', ')})`);
  if (kind === 'egressips') {
    const metadata = (isObject(given.metadata) ? given.metadata : {}) as Json;
    const back = (isObject(returned.metadata) ? returned.metadata : {}) as Json;
    for (const f of ['gatewayName', 'vpcName']) problems.push(...differences(metadata[f], back[f], `metadata.${f}`));
  }
  return problems.map((p) => `${LISTING[kind].label} ${String(nameOf(given))}: ${p}`);
}

const names = (items: Json[]) => items.map((i) => String(nameOf(i)));

/** The three checks of one listing. */
function listingChecks(kind: ListingKind): CheckDefinition[] {
  const { path, label } = LISTING[kind];

  // The items of several cases side by side (names differ, and public addresses too: a target may refuse two egress IPs of one address): one state and one listing for them all.
  const overItems = (t: Check, minLength: number, check: (items: Json[]) => Promise<void>) =>
    sideBySideProperty(t, listingFixtures(kind, t.config.profile, minLength), { state: kind, itemsOf: (items) => items }, (group) => check(group.flat()));

  const spec = rule(`resources.${kind}.spec`, { needs: ['control'], states: [kind] }, (t: Check) =>
    overItems(t, 1, async (items) => {
      const listed = await readListing(t, kind);
      expectNoProblems(t, pairByName(items, listed).flatMap((p) => specProblems(kind, t.config.profile, p.given, p.returned)));
    }),
  );

  const wholeWorkspace = rule(`resources.${kind}.whole-workspace`, { needs: ['control'], states: [kind], existing: [] }, async (t: Check) => {
    if (t.data === 'existing') {
      // Which items the workspace holds is known only from this very listing: its shape is what shows.
      t.note(`which ${label}s the workspace holds is not known on existing data: only that the answer is a bare array is checked`);
      await readListing(t, kind);
      return;
    }
    return overItems(t, 0, async (items) => {
      const listed = names(await readListing(t, kind));
      const missing = names(items).filter((n) => !listed.includes(n));
      const extra = listed.filter((n) => !names(items).includes(n));
      t.assert(
        missing.length === 0 && extra.length === 0,
        `GET ${path} must list every ${label} of the workspace and no other (section 4.1); the workspace holds ${show(names(items))}` +
          (missing.length ? `, missing: ${show(missing)}` : '') +
          (extra.length ? `, listed although not in the workspace: ${show(extra)}` : ''),
      );
    });
  });

  const workspaceOnly = rule(`resources.${kind}.workspace-only`, { needs: ['control', 'otherWorkspace'], states: [kind], existing: ['otherWorkspace'] }, (t: Check) => {
    const other = t.token('otherWorkspace');
    if (t.data === 'existing') return existingWorkspaceOnly(t, kind, other);
    return overItems(t, 1, async (items) => {
      const seen = names(await readListing(t, kind, other)).filter((n) => names(items).includes(n));
      t.assert(
        seen.length === 0,
        `resources belong to one workspace (sections 1, 4.1): the admin of another workspace must not see this workspace's ${label}s in GET ${path}, but saw ${show(seen)}`,
      );
    });
  });

  return [spec, wholeWorkspace, workspaceOnly];
}

/**
 * On existing data the two workspaces' items are told apart by metadata.workspace ("set
 * automatically"), never by name: the other workspace may hold items of the same names.
 * Neither credential's listing may hold an item of the other's workspace.
 */
async function existingWorkspaceOnly(t: Check, kind: ListingKind, other: string): Promise<void> {
  const { path, label } = LISTING[kind];
  const { ours, theirs } = await twoWorkspaces(t, other);
  const [mine, others] = (await t.atOnce([() => readListing(t, kind), () => readListing(t, kind, other)])) as [Json[], Json[]];
  const of = (items: Json[], workspace: string) => names(items.filter((item) => workspacesOf([item]).has(workspace)));
  const problems = [
    ...(of(others, ours).length ? [`the admin of ${theirs === undefined ? 'the other workspace' : `workspace ${theirs}`} sees ${show(of(others, ours))} of workspace ${ours}`] : []),
    ...(theirs !== undefined && of(mine, theirs).length ? [`the admin of workspace ${ours} sees ${show(of(mine, theirs))} of workspace ${theirs}`] : []),
  ];
  t.assert(problems.length === 0, `resources belong to one workspace (sections 1, 4.1): GET ${path} must list no other workspace's ${label}s, but ${problems.join('; ')}`);
}
export const checks = [...listingChecks('egressips'), ...listingChecks('customdomains')];
