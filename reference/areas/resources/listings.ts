// GET /egressips and GET /customdomains (sections 2.4, 2.5, 4.1): bare arrays of
// every item of the caller's workspace.
import type { FaultName } from '../../faults/index.ts';
import type { AreaEnv, Route } from '../../area.ts';
import { fillDeployment, iso } from './sandboxes.ts';
import type { Json } from '../../json.ts';
import { readOnlyMetadata, WorkspaceStore } from './store.ts';

export interface Listing {
  state: string;
  store: WorkspaceStore;
  route: Route;
  fill: (item: Json, workspace: string) => Json;
}

interface ListingDefinition {
  state: string;
  path: string;
  operationId: string;
  /** Carries a deployment status and events (sections 2.4, 6). */
  deployed: boolean;
  /** The fault that lists every workspace's items. */
  otherWorkspacesFault: FaultName;
}

function listing(env: AreaEnv, { state, path, operationId, deployed, otherWorkspacesFault }: ListingDefinition): Listing {
  const store = new WorkspaceStore(env.workspaces);
  return {
    state,
    store,
    fill(item, workspace) {
      const now = iso(env.clock.now());
      const metadata = item.metadata as Json;
      item.metadata = { ...metadata, ...readOnlyMetadata(metadata, workspace, now, env.faults) };
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

export const egressIps = (env: AreaEnv) =>
  listing(env, {
    // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
    state: 'egressips',
    path: '/egressips',
    operationId: 'listEgressIps',
    deployed: true,
    otherWorkspacesFault: 'resources-egressips-other-workspace-listed',
  });
/** Section 2.5 gives custom domains no deployment status and no events. */
export const customDomains = (env: AreaEnv) =>
  listing(env, {
    // Stryker disable next-line all: test-control endpoint (docs/mutation.md)
    state: 'customdomains',
    path: '/customdomains',
    operationId: 'listCustomDomains',
    deployed: false,
    otherWorkspacesFault: 'resources-customdomains-other-workspace-listed',
  });
