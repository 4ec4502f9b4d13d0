// What the self-tests and `npm run sweep` expect of a run against the reference: the clean
// reference and each legal variant pass every rule (a variant's catalogue entry names the
// SHOULD rules its choice breaks, which warn, and the rules it leaves nothing to observe
// for, which skip); each fault is caught by the rule it names. One reading of the
// catalogues for both, so that the sweep's verdicts are the tests'.
import type { FaultDefinition } from '../../reference/faults/registry.ts';
import type { VariantDefinition } from '../../reference/variants/registry.ts';
import type { RuleResult } from '../../results/model.ts';
import { findRule } from '../../spec/rules/index.ts';

export type RunData = 'set' | 'existing';

const listed = (ids: readonly string[] | undefined, id: string) => ids?.some((listedId) => listedId === id) === true;

/**
 * The verdicts of a whole-suite run against the clean reference (no variant), a variant or
 * several at once, that are not what the catalogue expects, each as a line. On set data
 * each rule passes, warns or skips exactly as the variants say; on existing data none fails
 * or errs, and none warns but as a variant says (what the data cannot show is skipped,
 * saying why).
 */
export function offVerdicts(results: readonly RuleResult[], data: RunData, ...variants: readonly (VariantDefinition | undefined)[]): string[] {
  const warns = (id: string) => variants.some((v) => listed(v?.warns, id));
  // Where one variant makes a rule warn and another leaves it nothing to observe, either.
  const expected = (id: string) => [...(warns(id) ? ['warned'] : []), ...(variants.some((v) => listed(v?.skips, id)) ? ['skipped'] : [])];
  const allowed = (id: string) => (expected(id).length > 0 ? expected(id) : ['passed']);
  const off =
    data === 'set'
      ? results.filter((r) => !allowed(r.id).includes(r.status))
      : results.filter((r) => r.status === 'failed' || r.status === 'error' || (r.status === 'warned' && !warns(r.id)));
  return off.map((r) => `${r.id}: ${r.status}${data === 'set' ? `, expected ${allowed(r.id).join(' or ')}` : ''} (${r.reason ?? ''})`);
}

/** Why the verdict of a fault's rule is not a catch (failed for a MUST rule, warned for a SHOULD rule), or undefined. */
export function faultMissed(fault: FaultDefinition, verdict: RuleResult | undefined): string | undefined {
  const caught = findRule(fault.rule).level === 'MUST' ? 'failed' : 'warned';
  if (verdict?.status === caught && verdict.evidence?.message) return undefined;
  return `${fault.name}: ${fault.rule} ${verdict?.status ?? 'not run'}, expected ${caught} (${verdict?.reason ?? ''})`;
}
