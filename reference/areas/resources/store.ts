// The resources of each workspace as the provider states set them, with the
// read-only fields the target fills (CONTRACT section 2: `metadata.createdAt` is kept
// when given, the other read-only fields are the target's).
import { BadStateParams } from '../../area.ts';
import type { Principal } from '../../identities.ts';
import type { Json } from '../../json.ts';
import type { Faults } from '../../faults/registry.ts';

export const clone = <T>(value: T): T => structuredClone(value);

/** The read-only metadata of section 2.1 that the target fills. */
export function readOnlyMetadata(given: Json, workspace: string, nowIso: string, faults: Faults): Json {
  return {
    createdAt: typeof given.createdAt === 'string' ? given.createdAt : nowIso,
    updatedAt: nowIso,
    createdBy: 'conformance-admin',
    updatedBy: 'conformance-admin',
    // A read-only field kept as the request gave it, under a fault.
    workspace: faults.has('resources-workspace-kept-as-given') && typeof given.workspace === 'string' ? given.workspace : workspace,
  };
}

/** One kind of resource, per workspace, in the order the state gave them. */
export class WorkspaceStore {
  private readonly byWorkspace = new Map<string, Json[]>();

  constructor(private readonly workspaces: readonly string[]) {}

  /**
   * Applies a provider state `{workspace?, items}`: the workspace (default: the
   * caller's) then holds exactly these items, each completed by `fill`.
   */
  replace(params: Json, principal: Principal, fill: (item: Json, workspace: string) => Json): void {
    // Stryker disable all: test-control endpoint (docs/mutation.md)
    const workspace = params.workspace === undefined ? principal.workspace : params.workspace;
    if (typeof workspace !== 'string' || !this.workspaces.includes(workspace)) throw new BadStateParams(`unknown workspace ${JSON.stringify(workspace)}`);
    const items = params.items as Array<Json & { metadata: { name: string } }>;
    const names = new Set<string>();
    const filled = items.map((item, i) => {
      if (names.has(item.metadata.name)) throw new BadStateParams(`items[${i}]: the name ${item.metadata.name} is given twice`);
      // Stryker restore all
      names.add(item.metadata.name);
      return fill(clone(item), workspace);
    });
    this.byWorkspace.set(workspace, filled);
  }

  list(workspace: string): Json[] {
    return this.byWorkspace.get(workspace) ?? [];
  }

  /** Every workspace's items, for the fault that ignores the workspace. */
  all(): Json[] {
    return [...this.byWorkspace.values()].flat();
  }

  find(workspace: string, name: string): Json | undefined {
    return this.list(workspace).find((item) => (item.metadata as Json).name === name);
  }

  clear(): void {
    this.byWorkspace.clear();
  }
}
