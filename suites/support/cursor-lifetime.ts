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
 * step is two round trips while only the checks moving the clock run: nine steps at most.
 */
export const cursorAgesArb: fc.Arbitrary<CursorAges> = fc.oneof(
  fc.record({
    withinSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S - EDGE_MARGIN_S), fc.constantFrom(60, 12 * HOUR_S)),
    beyondSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S + EDGE_MARGIN_S), fc.constantFrom(48 * HOUR_S, 7 * 24 * HOUR_S)),
    continuedAfterSeconds: fc.constant(0),
  }),
  // The cursor of a second page asked 12 hours after the first: its ages count from then, and
  // its edges are where a cursor dated from the first page goes wrong (three more steps).
  fc.constant({ withinSeconds: CURSOR_LIFETIME_S - EDGE_MARGIN_S, beyondSeconds: CURSOR_LIFETIME_S + EDGE_MARGIN_S, continuedAfterSeconds: 12 * HOUR_S }),
);

/** The ages a cursor is used at, from when it was issued; `continuedAfterSeconds` > 0: the cursor of the second page, asked that long after the first. */
export type CursorAges = { withinSeconds: number; beyondSeconds: number; continuedAfterSeconds: number };

/** What a case's cursor is, for the messages. */
export function cursorKind({ continuedAfterSeconds }: CursorAges): string {
  return continuedAfterSeconds > 0 ? `of the second page (asked with the first page's cursor ${continuedAfterSeconds} s after that was issued)` : 'of the first page';
}

/**
 * The cases of a cursor-lifetime property on one timeline (harness/property.ts,
 * `together`): the first page's cursor of every case issued at once, then the target's
 * clock moved forward to each offset the cases name, in turn: where a case's cursor is
 * of the second page, that page is asked for with the first page's cursor
 * (`continueWith`, which returns its nextCursor), and the cursors due at an age are used
 * at once. Each cursor is used at its two ages from its own issue as if it were alone,
 * and nothing the cursors were issued over changes in between. A case drawn twice is
 * checked once. The clock's steps are those of every check moving it at the time
 * (Check.withClock).
 */
export async function onOneTimeline<C extends CursorAges>(
  t: Check,
  clock: ClockTimeline,
  drawn: readonly C[],
  issue: (c: C) => Promise<string>,
  continueWith: (c: C, cursor: string) => Promise<string>,
  use: (c: C, cursor: string, age: 'withinSeconds' | 'beyondSeconds') => Promise<void>,
): Promise<void> {
  const cases = distinct(drawn);
  const startedAt = clock.offset;
  const cursors = await t.atOnce(cases.map((c) => () => issue(c)));
  const steps = cases.flatMap((c, i) => {
    const from = c.continuedAfterSeconds;
    const continued = from > 0 ? [{ at: from, run: async () => void (cursors[i] = await continueWith(c, cursors[i]!)) }] : [];
    return [...continued, ...(['withinSeconds', 'beyondSeconds'] as const).map((age) => ({ at: from + c[age], run: () => use(c, cursors[i]!, age) }))];
  });
  for (const at of [...new Set(steps.map((s) => s.at))].sort((a, b) => a - b)) {
    await clock.reach(startedAt + at);
    await t.atOnce(steps.filter((s) => s.at === at).map((s) => s.run));
  }
}
