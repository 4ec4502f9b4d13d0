// CONTRACT 1.3: on existing data a check compares the target's answers with the target's
// own complete answers (the walk of every function, the account's usage read back), and
// data that moves while it is read never fails a check. The harness holds that for every
// check, so that none can forget it:
//
// - A check reads existing data only through a Source (Check.existing), and the harness
//   remembers each reading it compared with.
// - An answer is judged against readings that bracket it (Check.judge): the reading the
//   check took before it sent the answer's requests, and one started after the answer
//   came. When the two agree the data held still and the verdict stands; when they differ
//   the answer is judged against what any state between them may show (Source.between:
//   what both readings hold must be in the answer, what neither holds must not be unless
//   it is newer than both, what one holds may go either way), so that data that moves
//   faster than a reading still gets a verdict. An answer made of several requests (a
//   walk) that fails that too is no verdict: nothing states what a walk shows while the
//   data changes under it.
// - A failure that no judgement made (a check that compared with a reading in its own
//   way) stands only if every reading the check used reads the same again afterwards
//   (harness/run-check.ts); otherwise the check is made again on new readings, and
//   skipped, saying so, if the data keeps moving.
//
// The checks that read the same data at once share their readings: a reading another
// check started late enough serves. Over 10,000 functions a reading is 50 pages.
import type { Check } from './check.ts';
import { Skip } from './violation.ts';

/** A kind of data a check reads from the target on existing data. */
export interface Source<D> {
  /** What it is, in the reports ("the functions of the workspace"); also the key its readings are shared under. */
  readonly what: string;
  read(t: Check): Promise<D>;
  /** Whether two readings show the same data. */
  same(before: D, after: D): boolean;
  /** What an answer given between two readings that differ may show; without it, such an answer gets no verdict. */
  between?(before: D, after: D): D;
}

export interface Reading<D> {
  data: D;
  /** performance.now() when the reading began. */
  startedAt: number;
}

/** The data moved while a check read it, so that its answers give no verdict: the check is made again (harness/run-check.ts). */
export class DataMoved extends Error {
  constructor(readonly what: string) {
    super(`${what} changed while the check read it`);
    this.name = 'DataMoved';
  }
}

/** A reading before the comparison serves if it started at most this long before the check asked. */
export const FRESH_MS = 5_000;

interface Shared {
  by: Check;
  startedAt: number;
  value: Promise<unknown>;
}

/** The readings under way or done of each run (its shared memory), by what they read. */
const readingsOfRun = new WeakMap<SharedArrayBuffer, Map<string, Shared[]>>();

/**
 * A reading of `source` started no earlier than `since` (performance.now()): another
 * check's when there is one, else this check's own. One that failed for another check
 * is made again by this one, so that a verdict rests on its own requests.
 */
export async function readSince<D>(t: Check, source: Source<D>, since: number): Promise<Reading<D>> {
  const shared = t.config.shared;
  let byWhat = readingsOfRun.get(shared);
  if (!byWhat) readingsOfRun.set(shared, (byWhat = new Map()));
  const now = performance.now();
  const kept = (byWhat.get(source.what) ?? []).filter((r) => now - r.startedAt < 6 * FRESH_MS);
  const joined = kept.filter((r) => r.startedAt >= since && r.by !== t).at(-1);
  if (joined) {
    try {
      return { data: (await joined.value) as D, startedAt: joined.startedAt };
    } catch {
      // Read again below, by this check.
    }
  }
  const startedAt = performance.now();
  const value = source.read(t);
  byWhat.set(source.what, [...kept.filter((r) => r !== joined), { by: t, startedAt, value }]);
  return { data: await value, startedAt };
}

/** What a judgement of an answer concluded, for Check.judge. */
export type Judgement = { problem?: undefined; moved: boolean } | { problem: string; moved: boolean };

/**
 * Judges an answer given after `before` was read: `problemOf` the data before; when it
 * finds a problem, again against a reading started now and, where the data moved, against
 * what a state between the two may show (Source.between). An answer of several requests
 * (`spansRequests`) that fails that too is no verdict (DataMoved).
 */
export async function judgeAgainst<D>(
  t: Check,
  source: Source<D>,
  before: Reading<D>,
  problemOf: (data: D) => string | undefined,
  spansRequests = false,
): Promise<Judgement> {
  const problem = problemOf(before.data);
  if (problem === undefined) return { moved: false };
  const after = await readSince(t, source, performance.now());
  if (source.same(before.data, after.data)) return { problem, moved: false };
  if (!source.between) throw new DataMoved(source.what);
  const bracketed = problemOf(source.between(before.data, after.data));
  if (bracketed === undefined) return { moved: true };
  // Nothing states what a walk shows while the data changes under it (a cursor may count positions).
  if (spansRequests) throw new DataMoved(source.what);
  return { problem: bracketed, moved: true };
}

/** The skip of a check whose data kept moving through its attempts. */
export function movedTooOften(whats: readonly string[], attempts: number): Skip {
  return new Skip(
    `${[...new Set(whats)].join(' and ')} changed while the check read it, ${attempts} times in a row: data that moves this way gives this check no verdict (run it again when the target is quieter, or with --control-url)`,
  );
}
