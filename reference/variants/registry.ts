// A legal variant is one choice the specification leaves open, made the other way
// than the reference makes it by default. The self-tests run the whole suite against
// each (test/variants.test.ts): a check that fails one is a false alarm.
import type { Reply, Route } from '../area.ts';
import type { Selected } from '../selected.ts';
import type { ProfileName } from '../../spec/profiles.ts';
import type { RuleId } from '../../spec/rules/index.ts';
import type { VariantName } from './index.ts';

export interface VariantDefinition {
  /** kebab-case, unique. */
  name: string;
  /** The point the specification leaves open, in its words or those of CONTRACT section 3. */
  decides: string;
  /** The choice this variant makes. */
  description: string;
  /** The built-in profile a user of such a target runs the suite with; default `spec`. */
  profile?: ProfileName;
  /** SHOULD rules the choice breaks: reported as warned, never failed. */
  warns?: readonly RuleId[];
  /** Rules the choice leaves nothing to observe for: reported as skipped, with the reason. */
  skips?: readonly RuleId[];
  /**
   * The open point it decides, where other variants decide it too (a name's collation, a
   * search's folding): variants of one choice are never started together (`npm run sweep`
   * runs the others in bundles).
   */
  choice?: string;
  /** For choices that only reshape an answer: applied to every reply of the route. */
  reshape?: (reply: Reply, route: Route) => Reply;
}

/** The variant the reference was started with: `variants.has(name)` in area code. */
export type Variants = Selected<VariantDefinition, VariantName>;
