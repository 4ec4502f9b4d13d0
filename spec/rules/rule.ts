import type { Level } from '../../results/model.ts';

interface RuleBase {
  /** Stable: users' CI filters (`--only`), expectations files and dashboards key on it. */
  readonly id: string;
  /** Section(s) of the specification the words are in, e.g. "4.1, 8". */
  readonly section: string;
  /** What the check shows, in one line. */
  readonly title: string;
  /**
   * The words of the specification the rule enforces, verbatim (whitespace aside):
   * the sentence or table cell that states the behaviour, or for a SHOULD rule the
   * enum, type or bound it is implied by. Reports show it beside a failure.
   */
  readonly quote: string;
}

/** A sentence or table cell states the behaviour: broken, the rule fails. */
interface MustRule extends RuleBase {
  readonly level: Extract<Level, 'MUST'>;
}

/** The behaviour is only implied: broken, the rule warns (exit status 0 unless --strict). */
interface ShouldRule extends RuleBase {
  readonly level: Extract<Level, 'SHOULD'>;
  /** Why the words only imply the behaviour, so a reader sees why a break warns and does not fail. */
  readonly why: string;
}

/** One statement of the specification that the suite checks (README, "Levels and outcomes"). */
export type RuleDefinition = MustRule | ShouldRule;
