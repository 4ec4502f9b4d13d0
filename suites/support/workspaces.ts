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
 * The workspace `token` is of: the one workspace named alone by the most of its listings
 * (the first page of the functions, the egress IPs, the custom domains), so that one
 * listing that leaks another workspace's items does not hide it; undefined when no
 * workspace stands out (the listings hold nothing that names one, or disagree).
 */
export async function workspaceOfCredential(t: Check, token: string): Promise<string | undefined> {
  const [functions, ...bare] = await t.atOnce([
    () => t.api('/functions', { token, query: { limit: FUNCTIONS_MAX_LIMIT }, headers: versionHeaders(t, PAGED_VERSION) }),
    () => t.api('/egressips', { token }),
    () => t.api('/customdomains', { token }),
  ]);
  const pageItems = isObject(functions!.json) && Array.isArray(functions!.json.data) ? functions!.json.data : [];
  const listings = [functions!.status === 200 ? pageItems : [], ...bare.map((res) => (res.status === 200 && Array.isArray(res.json) ? res.json : []))];
  const votes = new Map<string, number>();
  for (const items of listings) {
    const named = workspacesOf(items);
    if (named.size === 1) votes.set([...named][0]!, (votes.get([...named][0]!) ?? 0) + 1);
  }
  const [first, second] = [...votes].sort((a, b) => b[1] - a[1]);
  return first && (!second || second[1] < first[1]) ? first[0] : undefined;
}

/**
 * The workspaces of the run's credential and of --other-workspace-token, or a skip
 * saying why they cannot be told apart (a credential of this very workspace given as
 * the other is a mistake of the run, not a leak).
 */
export async function twoWorkspaces(t: Check, other: string): Promise<{ ours: string; theirs: string }> {
  const [ours, theirs] = await t.atOnce([() => workspaceOfCredential(t, t.config.credentials.admin), () => workspaceOfCredential(t, other)]);
  if (ours === undefined || theirs === undefined)
    t.skip(`the resources ${ours === undefined ? 'this credential' : 'the --other-workspace-token'} lists name no one workspace (metadata.workspace): nothing tells the two workspaces apart`);
  if (ours === theirs) t.skip(`the --other-workspace-token lists the resources of workspace ${ours}, like this credential: it seems to be a credential of this workspace, not of another`);
  return { ours, theirs };
}
