// GET /egressips and GET /customdomains (sections 2.4, 2.5, 4.1): bare arrays of
// every item of the caller's workspace.
import type { AreaEnv, Route } from '../../area.ts';
import { fillDeployment, iso } from './sandboxes.ts';
import { readOnlyMetadata, WorkspaceStore, type Json } from './store.ts';

export interface Listing {
  state: string;
  store: WorkspaceStore;
  route: Route;
  fill: (item: Json, workspace: string) => Json;
}

function listing(env: AreaEnv, state: string, path: string, operationId: string, deployed: boolean): Listing {
  const store = new WorkspaceStore(env.workspaces);
  const otherWorkspacesFault = `resources-${state}-other-workspace-listed`;
  return {
    state,
    store,
    fill(item, workspace) {
      const now = iso(env.clock.now());
      const metadata = item.metadata as Json;
      item.metadata = { ...metadata, ...readOnlyMetadata(metadata, workspace, now) };
      if (deployed) fillDeployment(item, now);
      return item;
    },
    route: {
      method: 'GET',
      surface: 'control',
      path,
      operationId,
      scopes: 'any',
      handle({ principal }) {
        const items = env.faults.has(otherWorkspacesFault) ? store.all() : store.list(principal.workspace);
        return { status: 200, body: items };
      },
    },
  };
}

/** Egress IPs carry a deployment status and events (sections 2.4, 6); custom domains do not (2.5). */
export const egressIps = (env: AreaEnv) => listing(env, 'egressips', '/egressips', 'listEgressIps', true);
export const customDomains = (env: AreaEnv) => listing(env, 'customdomains', '/customdomains', 'listCustomDomains', false);
