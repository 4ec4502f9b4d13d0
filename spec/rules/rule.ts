import type { Level } from '../../results/model.ts';

/** One normative sentence of the specification that the suite checks. */
export interface RuleDefinition {
  /** Stable: users' CI filters (`--only`) and dashboards key on it. */
  readonly id: string;
  readonly level: Level;
  /** Section(s) of the specification the sentence is in, e.g. "4.1, 8". */
  readonly section: string;
  /** The sentence, in one line. */
  readonly title: string;
}
