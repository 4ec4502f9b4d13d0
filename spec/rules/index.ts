// The rule catalogue: one entry per normative sentence the suite checks, one file
// per area of the specification.
import { authRules } from './auth.ts';
import { functionsRules } from './functions.ts';
import { metricsRules } from './metrics.ts';
import { resourcesRules } from './resources.ts';
import type { RuleDefinition } from './rule.ts';
import { sandboxAddressRules } from './sandbox-address.ts';
import { schemaRules } from './schema.ts';

export type { RuleDefinition } from './rule.ts';

const catalogue = [...authRules, ...schemaRules, ...functionsRules, ...metricsRules, ...resourcesRules, ...sandboxAddressRules] as const;

/** The id of a rule of the catalogue: a check, a fault or a variant that names another does not compile. */
export type RuleId = (typeof catalogue)[number]['id'];

/** A rule of the catalogue, its id typed. */
export type CatalogueRule = RuleDefinition & { readonly id: RuleId };

export const rules: readonly CatalogueRule[] = catalogue;

const byId = new Map<string, CatalogueRule>(rules.map((r) => [r.id, r]));
if (byId.size !== rules.length) throw new Error('the rule catalogue has duplicate ids');

export function findRule(id: string): CatalogueRule {
  const found = byId.get(id);
  if (!found) throw new Error(`rule ${id} is not in the catalogue (spec/rules/)`);
  return found;
}

/** Rules whose id equals one of the patterns or starts with it. */
export function selectRules(only: string[], skip: string[]): CatalogueRule[] {
  const matches = (id: string, patterns: string[]) => patterns.some((p) => id === p || id.startsWith(p));
  return rules.filter((r) => (only.length === 0 || matches(r.id, only)) && !matches(r.id, skip));
}
