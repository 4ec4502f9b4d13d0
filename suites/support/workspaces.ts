// Section 1: resources are scoped to a workspace, and `metadata.workspace` is "set
// automatically". On existing data a credential's workspace shows only through the
// resources it lists; this reads it once for every check that must know it.
import type { Check } from '../../harness/check.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';
import { isObject } from './json.ts';
import { jsonDigest } from './existing-data.ts';
import { PAGED_VERSION, versionHeaders } from './versions.ts';

/** The workspaces named by `metadata.workspace` in `items`. */
export function workspacesOf(items: readonly unknown[]): Set<string> {
  const named = items.map((item) => (isObject(item) && isObject(item.metadata) ? item.metadata.workspace : undefined));
  return new Set(named.filter((w): w is string => typeof w === 'string'));
}

/** The listings a credential's workspace shows through: the first page of the functions, the egress IPs, the custom domains. */
const LISTINGS = ['/functions', '/egressips', '/customdomains'] as const;

/** What `token` is shown: each listing's items (none where it is refused), and its status. */
async function shownTo(t: Check, token: string): Promise<Array<{ path: string; status: number; items: unknown[] }>> {
  const answers = await t.atOnce(
    LISTINGS.map((path) => () => t.api(path, path === '/functions' ? { token, query: { limit: FUNCTIONS_MAX_LIMIT }, headers: versionHeaders(t, PAGED_VERSION) } : { token })),
  );
  return answers.map((res, i) => {
    const body = res.json;
    const items = res.status !== 200 ? [] : LISTINGS[i] === '/functions' ? (isObject(body) && Array.isArray(body.data) ? body.data : []) : Array.isArray(body) ? body : [];
    return { path: LISTINGS[i]!, status: res.status, items };
  });
}

/** How many of the listings name each workspace alone (metadata.workspace), and which workspaces any of them names. */
function workspacesNamed(listings: ReadonlyArray<{ items: unknown[] }>): { alone: Map<string, number>; any: Set<string> } {
  const alone = new Map<string, number>();
  const any = new Set<string>();
  for (const { items } of listings) {
    const named = workspacesOf(items);
    named.forEach((workspace) => any.add(workspace));
    if (named.size === 1) alone.set([...named][0]!, (alone.get([...named][0]!) ?? 0) + 1);
  }
  return { alone, any };
}

/** The workspace of `counts` with the most listings, when one has more than every other. */
function mostNamed(counts: ReadonlyMap<string, number>): string | undefined {
  const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
  return first && (!second || second[1] < first[1]) ? first[0] : undefined;
}

/** An item as a workspace shows it, but the workspace it names: two credentials shown the same items read alike. */
const shownAs = (item: unknown): string => {
  if (!isObject(item) || !isObject(item.metadata)) return jsonDigest(item);
  const { workspace: _named, ...metadata } = item.metadata;
  return jsonDigest({ ...item, metadata });
};

/**
 * What tells the workspace of --other-workspace-token from the run's own. `ours`: the one
 * workspace the run's credential's listings name alone (metadata.workspace, "set
 * automatically"), so that one listing that leaks another workspace's items does not hide
 * it. `theirs`: a workspace other than ours that the other credential's items name.
 * `sameView`: every listing shows both credentials the same items, which fits a credential
 * of this very workspace and a target that shows every credential the same resources
 * alike (`shown` says what each was shown); where any listing differs, the credentials are
 * shown different resources, whatever the items name: the isolation rules judge what they show.
 */
export async function workspacesOfTwo(
  t: Check,
  other: string,
): Promise<{ ours?: string; theirs?: string; sameView: boolean; nothingShown: boolean; shown: string; refusedToOther: string[]; namesOurs: boolean }> {
  const [mine, others] = await Promise.all([shownTo(t, t.config.credentials.admin), shownTo(t, other)]);
  const ours = mostNamed(workspacesNamed(mine).alone);
  const named = workspacesNamed(others);
  const notOurs = <T>(entries: Iterable<[string, T]>) => new Map([...entries].filter(([workspace]) => workspace !== ours));
  const theirs = mostNamed(notOurs(named.alone)) ?? mostNamed(notOurs([...named.any].map((w) => [w, 1] as [string, number])));
  const sameView = mine.every((listing, i) => {
    const [a, b] = [listing.items.map(shownAs), others[i]!.items.map(shownAs)];
    return listing.status === others[i]!.status && a.length === b.length && a.every((item) => b.includes(item));
  });
  const shown = mine.map((listing) => `GET ${listing.path}: ${listing.items.length}`).join(', ');
  const nothingShown = mine.every((listing) => listing.items.length === 0);
  // Listings served to the run's admin and refused to the other credential: it is not an admin.
  const refusedToOther = mine.flatMap((listing, i) => (listing.status === 200 && [401, 403].includes(others[i]!.status) ? [`GET ${listing.path} answered ${others[i]!.status}`] : []));
  const namesOurs = ours !== undefined && named.any.has(ours);
  return { ...(ours === undefined ? {} : { ours }), ...(theirs === undefined ? {} : { theirs }), sameView, nothingShown, shown, refusedToOther, namesOurs };
}

/** Why --other-workspace-token cannot be told from a credential of this workspace: both causes the answers fit, and what tells them apart. */
export const sameViewOfBoth = (shown: string) =>
  `--other-workspace-token is shown exactly what --token is shown (${shown} items): either it is a credential of this workspace, not of a second one, or the target shows every credential the same resources (no isolation between workspaces). To tell them apart, give the second workspace a resource only it holds (a function of its own), or run with --control-url, so that the suite sets each workspace's own`;

/**
 * The workspace of the run's credential (and of --other-workspace-token where its items
 * name one), or a skip saying why the two cannot be told apart.
 */
export async function twoWorkspaces(t: Check, other: string): Promise<{ ours: string; theirs?: string }> {
  const { ours, theirs, sameView, shown } = await workspacesOfTwo(t, other);
  if (sameView) t.skip(sameViewOfBoth(shown));
  if (ours === undefined) t.skip('the resources this credential lists name no one workspace (metadata.workspace): nothing tells which of them are of this workspace');
  return { ours, ...(theirs === undefined ? {} : { theirs }) };
}
