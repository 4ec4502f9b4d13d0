// Extension checks: a caller's checks of its own behaviour beyond the specification,
// defined as the suite's own are (harness/rule.ts) and made by the same harness
// (harness/run-check.ts: needs, provider states, properties that shrink, evidence). They
// run in the caller's process, since their bodies are the caller's closures, which the
// checks' vitest worker (runner/run-suites.ts) cannot receive. Their level is EXTENSION:
// a broken one warns (the exit status stays 0) unless the caller asks it to fail. No
// statement of the specification names them, so no coverage counts them.
import type { Check } from '../harness/check.ts';
import type { SuiteConfig } from '../harness/config.ts';
import { Lanes } from '../harness/lanes.ts';
import { defineCheck, type CheckDefinition, type RuleOptions } from '../harness/rule.ts';
import { runCheck } from '../harness/run-check.ts';
import type { RuleResult } from '../results/model.ts';
import { heldStates } from '../suites/support/held.ts';

/** An extension's id: apart from the specification's areas (`functions.`, `metrics.`, ...), so no id of the catalogue can take it. */
export type ExtensionId = `ext.${string}`;

export interface ExtensionOptions extends Pick<RuleOptions, 'needs' | 'states' | 'existing'> {
  /** One line: what the check shows. */
  title: string;
  /** The words of your own documentation the check enforces; the reports quote them as they quote the specification's. */
  quote: string;
  /** Where those words are in your documentation; default `extension` (the reports list such rules last). */
  section?: string;
}

export interface ExtensionCheck {
  readonly definition: CheckDefinition<ExtensionId>;
  readonly title: string;
  readonly quote: string;
  readonly section: string;
}

const EXTENSION_ID = /^ext\.[a-z0-9][a-z0-9._-]*$/;
/** The suite name extensions are reported under (the JUnit classname). */
const SUITE = 'extensions';

/** Defines a check as `rule(...)` of harness/rule.ts does, under an `ext.` id. */
export function extension(id: ExtensionId, options: ExtensionOptions, body: (t: Check) => Promise<void>): ExtensionCheck {
  // The type holds TypeScript callers to the namespace; this holds JavaScript ones, and the characters --only matches on.
  if (!EXTENSION_ID.test(id)) throw new Error(`an extension's id is "ext." then lowercase letters, digits, ".", "_" or "-": ${JSON.stringify(id)}`);
  const { title, quote, section = 'extension', ...ruleOptions } = options;
  return { definition: defineCheck(id, ruleOptions, body), title, quote, section };
}

/**
 * Makes the extensions against the run's target, at most `config.concurrency` at once, and
 * reports each as the runner reports a rule of the catalogue (runner/run-suites.ts `record`).
 */
export async function runExtensions(
  checks: readonly ExtensionCheck[],
  config: SuiteConfig,
  options: { failOnExtensions?: boolean; onRuleFinished?: (result: RuleResult) => void },
): Promise<RuleResult[]> {
  const lanes = new Lanes(config.concurrency);
  return Promise.all(
    checks.map(async (check) => {
      const outcome = await runCheck(check.definition, config, lanes, heldStates);
      const broken = outcome.status === 'failed' ? (options.failOnExtensions ? 'failed' : 'warned') : outcome.status;
      const reason = outcome.status === 'skipped' ? outcome.reason : 'evidence' in outcome ? outcome.evidence.message : undefined;
      const result: RuleResult = {
        id: check.definition.id,
        level: 'EXTENSION',
        section: check.section,
        title: check.title,
        quote: check.quote,
        suite: SUITE,
        status: broken,
        ...(reason !== undefined ? { reason } : {}),
        ...('evidence' in outcome ? { evidence: outcome.evidence } : {}),
        durationMs: outcome.durationMs,
        requests: outcome.requests,
        ...(outcome.data ? { data: outcome.data } : {}),
        ...(outcome.dataNotes ? { dataNotes: outcome.dataNotes } : {}),
      };
      options.onRuleFinished?.(result);
      return result;
    }),
  );
}
