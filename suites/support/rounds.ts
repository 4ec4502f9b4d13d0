// Rounds of fixtures that several rules read side by side (Check.shareState, the rules
// declaring one `shares`): drawn with one seed, round i is the same for each of them, so
// it is put on the target once. Each round costs a provider state and the slowest of its
// readers, one after the other (nothing else can use the group meanwhile), so each rule
// reads every round with QUERIES_PER_ROUND queries of its own, at once.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import { distinct } from './json.ts';

/**
 * Queries of one rule over one round. --runs N makes ⌈N / 3⌉ rounds: up to about N queries
 * of each rule as before (fewer where it draws one query twice: a rule with one possible
 * query asks it once a round), over a third as many fixture sets: behind 20 ms round
 * trips the rounds are the run's longest chain (a state, then its slowest reader, one
 * after the other). From two queries a round to three, 13 rounds to 9: 6.1 s to 5.1 s.
 */
export const QUERIES_PER_ROUND = 3;

/** One case of a rule that reads rounds: the round and the queries of the rule over it. */
export interface RoundCase<R, Q> {
  round: R;
  queries: Q[];
}

/**
 * A property over rounds: case i puts round i on the target (`put`, a shared state) and
 * checks each of its queries (`check`, reads) at once; the first failure in the queries'
 * order is the case's. `queries` is a function of the round only where it must be: a
 * smaller round then draws them anew, which a shrink does not keep. The same query drawn
 * twice is asked once; `sameAs` says what makes two the same where a query holds more
 * than is sent (a walk's choice of limit: two choices may make one limit).
 */
export function overRounds<R, Q>(
  t: Check,
  rounds: fc.Arbitrary<R>,
  queries: fc.Arbitrary<Q> | ((round: R) => fc.Arbitrary<Q>),
  put: (round: R) => Promise<void>,
  check: (round: R, query: Q) => Promise<void>,
  sameAs: (round: R, query: Q) => unknown = (_round, query) => query,
): Promise<void> {
  const several = (query: fc.Arbitrary<Q>) => fc.array(query, { minLength: QUERIES_PER_ROUND, maxLength: QUERIES_PER_ROUND });
  // The round is drawn first, so each rule's case i holds the same round whatever its queries.
  const cases: fc.Arbitrary<RoundCase<R, Q>> =
    typeof queries === 'function'
      ? rounds.chain((round) => several(queries(round)).map((qs) => ({ round, queries: qs })))
      : fc.tuple(rounds, several(queries)).map(([round, qs]) => ({ round, queries: qs }));
  const checked = async ({ round, queries: drawn }: RoundCase<R, Q>) => {
    await put(round);
    await t.atOnce(distinct(drawn, (q) => sameAs(round, q)).map((q) => () => check(round, q)));
  };
  return t.property(cases, checked, { shared: true, runs: Math.ceil(t.config.runs / QUERIES_PER_ROUND) });
}
