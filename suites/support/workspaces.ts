// Section 1: resources are scoped to a workspace, and `metadata.workspace` is "set
// automatically". On existing data a credential's workspace shows only through the
// resources it lists; this reads it once for every check that must know it.
import type { Check } from '../../harness/check.ts';
import { FUNCTIONS_MAX_LIMIT } from '../../spec/facts.ts';
import { isObject } from './json.ts';
import { PAGED_VERSION, versionHeaders } from './versions.ts';

/** The workspaces named by `metadata.workspace` in `items`. */
export function workspacesOf(items: readonly unknown[]): Set<string> {
  const named = items.map((item) => (isObject(item) && isObject(item.metadata) ? item.metadata.workspace : undefined));
  return new Set(named.filter((w): w is string => typeof w === 'string'));
}

/**
 * How many of `token`'s listings (the first page of the functions, the egress IPs, the
 * custom domains) name each workspace alone, and which workspaces any of them names.
 */
async function workspacesNamedBy(t: Check, token: string): Promise<{ alone: Map<string, number>; any: Set<string> }> {
  const [functions, ...bare] = await t.atOnce([
    () => t.api('/functions', { token, query: { limit: FUNCTIONS_MAX_LIMIT }, headers: versionHeaders(t, PAGED_VERSION) }),
    () => t.api('/egressips', { token }),
    () => t.api('/customdomains', { token }),
  ]);
  const pageItems = isObject(functions!.json) && Array.isArray(functions!.json.data) ? functions!.json.data : [];
  const listings = [functions!.status === 200 ? pageItems : [], ...bare.map((res) => (res.status === 200 && Array.isArray(res.json) ? res.json : []))];
  const alone = new Map<string, number>();
  const any = new Set<string>();
  for (const items of listings) {
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

/**
 * The workspace `token` is of: the one workspace named alone by the most of its listings,
 * so that one listing that leaks another workspace's items does not hide it; undefined
 * when no workspace stands out (the listings hold nothing that names one, or disagree).
 */
export async function workspaceOfCredential(t: Check, token: string): Promise<string | undefined> {
  return mostNamed((await workspacesNamedBy(t, token)).alone);
}

/**
 * The workspaces of the run's credential and of `other`: `theirs` is the workspace other
 * than ours that `other`'s own resources name (the listings that name it alone, else any
 * that names it), so that a target that shows `other` this workspace's items in one
 * listing (a leak, which the isolation rules report) is told from a credential of this very
 * workspace, whose listings name this one only (`sameWorkspace`).
 */
export async function workspacesOfTwo(t: Check, other: string): Promise<{ ours?: string; theirs?: string; sameWorkspace: boolean; leaks: boolean }> {
  const [ours, named] = await Promise.all([workspaceOfCredential(t, t.config.credentials.admin), workspacesNamedBy(t, other)]);
  const notOurs = <T>(entries: Iterable<[string, T]>) => new Map([...entries].filter(([workspace]) => workspace !== ours));
  const theirs = mostNamed(notOurs(named.alone)) ?? mostNamed(notOurs([...named.any].map((w) => [w, 1] as [string, number])));
  const namesOurs = ours !== undefined && named.any.has(ours);
  return { ...(ours === undefined ? {} : { ours }), ...(theirs === undefined ? {} : { theirs }), sameWorkspace: namesOurs && theirs === undefined, leaks: namesOurs && theirs !== undefined };
}

/**
 * The workspaces of the run's credential and of --other-workspace-token, or a skip
 * saying why they cannot be told apart (a credential of this very workspace given as
 * the other is a mistake of the run, not a leak).
 */
export async function twoWorkspaces(t: Check, other: string): Promise<{ ours: string; theirs: string }> {
  const { ours, theirs, sameWorkspace } = await workspacesOfTwo(t, other);
  if (sameWorkspace) t.skip(`the --other-workspace-token lists the resources of workspace ${ours} only, like this credential: it seems to be a credential of this workspace, not of another`);
  if (ours === undefined || theirs === undefined)
    t.skip(`the resources ${ours === undefined ? 'this credential' : 'the --other-workspace-token'} lists name no one workspace (metadata.workspace): nothing tells the two workspaces apart`);
  return { ours, theirs };
}
