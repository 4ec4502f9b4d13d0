// The catalogue of legal variants: each one choice the specification leaves open,
// made otherwise than the reference makes it by default.
import type { VariantDefinition } from './registry.ts';

export const variants: readonly VariantDefinition[] = [];

const byName = new Map(variants.map((v) => [v.name, v]));
if (byName.size !== variants.length) throw new Error('the variant catalogue has duplicate names');

export function findVariant(name: string): VariantDefinition | undefined {
  return byName.get(name);
}
