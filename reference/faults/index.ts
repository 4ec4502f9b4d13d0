// The fault catalogue: one file per area, next to the area it breaks.
import { authFaults } from './auth.ts';
import { functionsFaults } from './functions.ts';
import { metricsFaults } from './metrics.ts';
import type { FaultDefinition } from './registry.ts';
import { resourcesFaults } from './resources.ts';
import { sandboxAddressFaults } from './sandbox-address.ts';
import { schemaFaults } from './schema.ts';

const catalogue = [...authFaults, ...schemaFaults, ...functionsFaults, ...metricsFaults, ...resourcesFaults, ...sandboxAddressFaults] as const;

/** The name of a fault of the catalogue: `faults.has('...')` with another does not compile. */
export type FaultName = (typeof catalogue)[number]['name'];

export const faults: readonly FaultDefinition[] = catalogue;

const byName = new Map(faults.map((f) => [f.name, f]));
if (byName.size !== faults.length) throw new Error('the fault catalogue has duplicate names');

export function findFault(name: string): FaultDefinition | undefined {
  return byName.get(name);
}
