// Section 1: resources are scoped to a workspace, and `metadata.workspace` is "set
// automatically". On existing data, a credential's workspace shows only through the
// resources it lists; this reads it once for every check that must know it.
import type { Check } from '../../harness/check.ts';
import { isObject } from './json.ts';

/** The bare-array listings whose items name their workspace, and need no state to read. */
const LISTINGS = ['/egressips', '/customdomains'];

/** The workspaces named by `metadata.workspace` in `items`. */
export function workspacesOf(items: readonly unknown[]): Set<string> {
  const named = items.map((item) => (isObject(item) && isObject(item.metadata) ? item.metadata.workspace : undefined));
  return new Set(named.filter((w): w is string => typeof w === 'string'));
}

/**
 * The workspaces the egress IPs and custom domains that `token` lists name: what shows
 * which workspace a credential is of, besides the listing under check. Empty when it
 * lists none, or none names its workspace.
 */
export async function workspacesListedWith(t: Check, token: string): Promise<Set<string>> {
  const answers = await t.atOnce(LISTINGS.map((path) => () => t.api(path, { token })));
  return workspacesOf(answers.flatMap((res) => (res.status === 200 && Array.isArray(res.json) ? res.json : [])));
}
