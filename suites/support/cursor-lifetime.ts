// "Pagination cursor lifetime | 24 hours" (section 8) and "older than 24 hours, is
// rejected" (sections 4.1, 7), read once for every listing that pages by cursor.
import fc from 'fast-check';
import type { Check } from '../../harness/check.ts';
import type { ClockTimeline } from '../../harness/clock-timeline.ts';
import { distinct } from './json.ts';

export const CURSOR_LIFETIME_S = 24 * 3600;
/**
 * Kept clear of the 24-hour edge on both sides: the requests and the clock state take
 * time, and a target may measure the age to the minute (variant
 * cursor-issue-time-to-the-minute) or round it.
 */
const EDGE_MARGIN_S = 600;

const HOUR_S = 3600;

/**
 * Ages of one cursor: one within its lifetime (the edge itself often), then one beyond it.
 * A lifetime shorter or longer than 24 hours by more than the margin meets an edge, which
 * half the cases draw; the other ages (fresh, half the lifetime; twice it, a week) are
 * few, as every case at one age shares the clock's step to it (onOneTimeline), and each
 * step is two round trips while only the checks moving the clock run: six steps at most.
 */
export const cursorAgesArb: fc.Arbitrary<CursorAges> = fc.record({
  withinSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S - EDGE_MARGIN_S), fc.constantFrom(60, 12 * HOUR_S)),
  beyondSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S + EDGE_MARGIN_S), fc.constantFrom(48 * HOUR_S, 7 * 24 * HOUR_S)),
});

export type CursorAges = { withinSeconds: number; beyondSeconds: number };

/**
 * The cases of a cursor-lifetime property on one timeline (harness/property.ts,
 * `together`): the cursor of every case issued at once, then the target's clock moved
 * forward to each age the cases name, in turn, and the cursors due at that age used at
 * once. Each cursor is used at its two ages as if it were alone, and nothing the cursors
 * were issued over changes in between. A case drawn twice is checked once. The clock's
 * steps are those of every check moving it at the time (Check.withClock).
 */
export async function onOneTimeline<C extends CursorAges>(
  t: Check,
  clock: ClockTimeline,
  drawn: readonly C[],
  issue: (c: C) => Promise<string>,
  use: (c: C, cursor: string, age: keyof CursorAges) => Promise<void>,
): Promise<void> {
  const cases = distinct(drawn);
  const issuedAt = clock.offset;
  const cursors = await t.atOnce(cases.map((c) => () => issue(c)));
  const uses = cases.flatMap((c, i) =>
    (['withinSeconds', 'beyondSeconds'] as const).map((age) => ({ at: c[age], run: () => use(c, cursors[i]!, age) })),
  );
  for (const at of [...new Set(uses.map((u) => u.at))].sort((a, b) => a - b)) {
    await clock.reach(issuedAt + at);
    await t.atOnce(uses.filter((u) => u.at === at).map((u) => u.run));
  }
}
