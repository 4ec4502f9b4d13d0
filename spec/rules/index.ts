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

export const rules: readonly RuleDefinition[] = [
  ...authRules,
  ...schemaRules,
  ...functionsRules,
  ...metricsRules,
  ...resourcesRules,
  ...sandboxAddressRules,
];

const byId = new Map(rules.map((r) => [r.id, r]));
if (byId.size !== rules.length) throw new Error('the rule catalogue has duplicate ids');

export function findRule(id: string): RuleDefinition {
  const found = byId.get(id);
  if (!found) throw new Error(`rule ${id} is not in the catalogue (spec/rules/)`);
  return found;
}

/** Rules whose id equals one of the patterns or starts with it. */
export function selectRules(only: string[], skip: string[]): RuleDefinition[] {
  const matches = (id: string, patterns: string[]) => patterns.some((p) => id === p || id.startsWith(p));
  return rules.filter((r) => (only.length === 0 || matches(r.id, only)) && !matches(r.id, skip));
}
