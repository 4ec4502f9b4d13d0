// CONTRACT 1.3, read once: a check on the data the target already holds derives what it
// expects from the target's own complete answers, and data that moves while it is read
// never fails a check. The data is read again after the check compared; when it changed,
// the check is made once more on the new data, and skipped, saying so, if it changed again.
//
// The checks that read the same data at once share their readings: a reading another
// check started late enough serves (for the reading after a comparison, one started once
// it ended). Over 10,000 functions each reading is 50 pages, and some 20 checks read
// them twice: shared, the run behind them reads a few times instead of 40.
import type { Check } from '../../harness/check.ts';
import { Skip } from '../../harness/violation.ts';

/** How many times a check is made on data that keeps changing before it gives up. */
const ATTEMPTS = 2;

/** A reading serves as the one before a comparison if it started at most this long before the check asked. */
const FRESH_MS = 5_000;

interface Reading {
  startedAt: number;
  by: Check;
  value: Promise<unknown>;
}

/** The readings of each run (its shared memory), by what they read. */
const readings = new WeakMap<SharedArrayBuffer, Map<string, Reading[]>>();

/**
 * A reading of `what` started no earlier than `since` (performance.now()): another check's
 * when there is one, else this check's own. One that failed for another check is made
 * again by this one, so that its verdict rests on its own requests.
 */
function readSince<D>(t: Check, what: string, since: number, read: () => Promise<D>): Promise<D> {
  const shared = t.config?.shared;
  if (!shared) return read();
  let byWhat = readings.get(shared);
  if (!byWhat) readings.set(shared, (byWhat = new Map()));
  const now = performance.now();
  const kept = (byWhat.get(what) ?? []).filter((r) => now - r.startedAt < 6 * FRESH_MS);
  const joined = kept.filter((r) => r.startedAt >= since && r.by !== t).at(-1);
  if (joined) return (joined.value as Promise<D>).catch(() => read());
  const value = read();
  byWhat.set(what, [...kept, { startedAt: now, by: t, value }]);
  return value;
}

/**
 * Runs `body` on the data `read` returns, then reads it again: a failure stands only
 * when the data did not change meanwhile (or could not be read twice in a row). `same`
 * compares two readings; `what` names the data in the skip reason.
 */
export async function onStableData<D>(
  t: Check,
  what: string,
  read: () => Promise<D>,
  same: (before: D, after: D) => boolean,
  body: (data: D) => Promise<void>,
): Promise<void> {
  // A reading can fail on moving data too (a cursor of a listing that changed under it): undefined until one succeeds.
  let data: D | undefined;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let failure: unknown;
    try {
      data ??= await readSince(t, what, performance.now() - FRESH_MS, read);
      await body(data);
    } catch (error) {
      if (error instanceof Skip) throw error;
      failure = error;
    }
    let after: D | undefined;
    try {
      after = await readSince(t, what, performance.now(), read);
    } catch (error) {
      if (error instanceof Skip) throw error;
      failure ??= error;
    }
    if (data !== undefined && after !== undefined && same(data, after)) {
      if (failure !== undefined) throw failure;
      return;
    }
    // Neither reading succeeded: nothing moved that anyone saw, the reading itself is broken.
    if (data === undefined && after === undefined) throw failure;
    data = after;
  }
  t.skip(
    `${what} changed while the check read it, ${ATTEMPTS} times in a row: data that moves shows nothing (run it again when the target is quieter, or with --control-url)`,
  );
}

/** Two readings compared as JSON, for data read in a stable order. */
export function sameJson(before: unknown, after: unknown): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}
