// "Pagination cursor lifetime | 24 hours" (section 8) and "older than 24 hours, is
// rejected" (sections 4.1, 7), read once for every listing that pages by cursor.
import fc from 'fast-check';

export const CURSOR_LIFETIME_S = 24 * 3600;
/**
 * Kept clear of the 24-hour edge on both sides: the requests and the clock state take
 * time, and a target may measure the age to the minute (variant
 * cursor-issue-time-to-the-minute) or round it.
 */
const EDGE_MARGIN_S = 600;

/** Ages of one cursor: one within its lifetime (the edge itself often), then one beyond it. */
export const cursorAgesArb: fc.Arbitrary<{ withinSeconds: number; beyondSeconds: number }> = fc.record({
  withinSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S - EDGE_MARGIN_S), fc.integer({ min: 60, max: CURSOR_LIFETIME_S - EDGE_MARGIN_S })),
  beyondSeconds: fc.oneof(fc.constant(CURSOR_LIFETIME_S + EDGE_MARGIN_S), fc.integer({ min: CURSOR_LIFETIME_S + EDGE_MARGIN_S, max: 7 * CURSOR_LIFETIME_S })),
});
