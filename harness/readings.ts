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
// - No failure on existing data stands on one answer (Check.confirmed): data that moves
//   faster than a reading, or a function deleted and put back identical between two
//   readings (a flicker: both readings agree, the answer between them lacks it), would make
//   one. A failure stands only when the same request, repeated with readings of its own
//   taken after it began, fails again with the same words on data those readings show held
//   still, CONFIRMATIONS times in a row: a flicker seldom repeats on the same item, a
//   defect always does. Once the check has seen its data move (readings that differ), a
//   flicker is likely, and two readings that agree may still hold one between them: the
//   failure then stands only CONFIRMATIONS_WHILE_MOVING times in a row. A failure whose
//   words name no item (a count, a total) cannot be told from a flicker by the item: it
//   stands only CONFIRMATIONS_UNNAMED times in a row. A repeat that
//   passes clears it; where the data never holds still, the
//   case ends without a verdict (DataMoved), and the check is made again on new readings,
//   and skipped, saying so, if the data keeps moving (harness/run-check.ts).
//
// The checks that read the same data at once share their readings: a reading another
// check started late enough serves. Over 10,000 functions a reading is 50 pages.
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** The names of the items it holds, as failures name them (sameFailure). */
  names?(data: D): Iterable<string>;
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

/** The same failure on still data this many times in a row, each on readings of its own, makes it stand (Check.confirmed). */
export const CONFIRMATIONS = 3;
/** As CONFIRMATIONS, once the check has seen its data move: a flicker between agreeing readings is then likely. */
export const CONFIRMATIONS_WHILE_MOVING = 6;
/** Repeats of a failure at most, still or not, before its case ends without a verdict; more once the data was seen moving, as more are needed. */
export const MOST_REPEATS = 10;
export const MOST_REPEATS_WHILE_MOVING = 20;
/**
 * As CONFIRMATIONS, for a failure whose words name no item its readings hold (a count, a
 * total: "meta.total must be 450; it is 449"). A flicker on any item fails it alike, so
 * only the streak tells it from a defect, which fails every time: a flicker that meets a
 * repeat one time in three (a slow redeploy on a loaded machine) repeats 8 times in a row
 * one time in 6,561.
 */
export const CONFIRMATIONS_UNNAMED = 8;
export const MOST_REPEATS_UNNAMED = 24;

/** Whether a failure's words name an item its readings hold, as a word of its own, not within another ("meta" in "meta.total" is none): sameFailure then tells a flicker by the item. */
export function namesAnItem(failure: StillFailure): boolean {
  const isWordPart = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}._-]/u.test(char);
  return [...failure.names].some((name) => {
    for (let at = name === '' ? -1 : failure.message.indexOf(name); at !== -1; at = failure.message.indexOf(name, at + 1))
      if (!isWordPart(failure.message[at - 1]) && !isWordPart(failure.message[at + name.length])) return true;
    return false;
  });
}

/** The repeats that confirm a failure like `failure` (Check.confirmed), and the most made, on data seen moving or not. */
export function confirmationsFor(failure: StillFailure | undefined, moving: boolean): { needed: number; most: number } {
  if (failure !== undefined && !namesAnItem(failure)) return { needed: CONFIRMATIONS_UNNAMED, most: MOST_REPEATS_UNNAMED };
  return moving ? { needed: CONFIRMATIONS_WHILE_MOVING, most: MOST_REPEATS_WHILE_MOVING } : { needed: CONFIRMATIONS, most: MOST_REPEATS };
}
/** Repeats of a case that passed only as judged against a state between two readings that differ, looking for still data; then that pass stands. */
export const LENIENT_REPEATS = 2;
/**
 * Each repeat starts after a random pause of up to this long: data that moves on a period
 * (a job that redeploys every few tens of milliseconds) would otherwise meet repeats made
 * at a steady pace in the same phase each time, and a flicker would repeat like a defect.
 */
export const REPEAT_JITTER_MS = 60;

/** One making of a case or check on existing data (Check.confirmed): its readings, none started before `since` (the check's own first making: the check's readings), and whether a judgement in it met data that moved. */
export interface Repeat {
  readonly readings: Map<Source<unknown>, Promise<Reading<unknown>>>;
  readonly since?: number;
  moved: boolean;
}

const repeats = new AsyncLocalStorage<Repeat>();

/** The making of a case or check this code runs in, if any. */
export const currentRepeat = (): Repeat | undefined => repeats.getStore();

/** Whether this code runs in a repeat (readings of its own), not a case's or check's first making. */
export const inRepeat = (): boolean => currentRepeat()?.since !== undefined;

/** Runs `run` as a repeat with readings of its own (Check.existing and Check.judge read them). */
export function asRepeat(repeat: Repeat, run: () => Promise<void>): Promise<void> {
  return repeats.run(repeat, run);
}

/**
 * The sources whose readings (`readings`) differ from a reading started now. A reading that
 * failed and now succeeds moved too; one that fails again is the check's failure.
 */
export async function movedSince(t: Check, readings: ReadonlyMap<Source<unknown>, Promise<Reading<unknown>>>): Promise<string[]> {
  const settle = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), () => undefined);
  const moved: string[] = [];
  for (const [source, reading] of readings) {
    const [before, after] = await Promise.all([settle(reading), settle(readSince(t, source, performance.now()))]);
    if (after === undefined ? before !== undefined : before === undefined || !source.same(before.value.data, after.value.data)) moved.push(source.what);
  }
  return moved;
}

/** A failure of a repeat on still data (Check.confirmed): its words, and the names of the items its readings held. */
export interface StillFailure {
  message: string;
  names: ReadonlySet<string>;
}

/**
 * Whether repeated failures are the same failure: the same words, but for the items that
 * came and went between the repeats (a function deployed and removed since: named in one
 * repeat's readings and not in another's), quoted text that names no item (a cursor is
 * issued anew) and the numbers (positions and counts move with them). A function deleted and put back between the readings around one answer is in
 * every reading, so a failure that names it is the same failure only where the same item
 * goes missing again: a flicker does not repeat on the same item, a defect does.
 */
export function sameFailure(failures: readonly StillFailure[]): boolean {
  const every = failures.map((f) => f.names);
  const all = [...new Set(every.flatMap((names) => [...names]))];
  // Each name as a mark of its own (the items in every reading kept apart, those that came and went all alike), so that no digit of a name counts as a number; longest first, so that a name inside another is not replaced within it.
  const marks = new Map(all.map((name, i) => [name, every.every((names) => names.has(name)) ? `\u0000${i}\u0000` : '\u0000…\u0000']));
  const names = all.sort((a, b) => b.length - a.length);
  const words = (message: string) =>
    names
      .reduce((text, name) => text.replaceAll(name, marks.get(name)!), message)
      // Quoted text that names no item (a cursor, a q) alike too: a cursor is issued anew each time.
      .replace(/"[^"\u0000]*"/g, '"…"')
      .split('\u0000')
      .map((part, i) => (i % 2 === 1 ? part : part.replace(/\d+(\.\d+)?/g, '#')))
      .join('\u0000');
  return failures.every((f) => words(f.message) === words(failures[0]!.message));
}

/** Whether two sets of readings (of the same sources) read the same data; a reading that failed is no data. */
export async function sameReadings(a: ReadonlyMap<Source<unknown>, Promise<Reading<unknown>>>, b: ReadonlyMap<Source<unknown>, Promise<Reading<unknown>>>): Promise<boolean> {
  for (const [source, reading] of a) {
    const other = b.get(source);
    if (!other) return false;
    const [x, y] = await Promise.all([reading, other].map((r) => r.then((value) => value.data, () => undefined)));
    if (x === undefined || y === undefined || !source.same(x, y)) return false;
  }
  return true;
}

/** The names of the items `readings` hold, where their sources name them. */
export async function namesRead(readings: ReadonlyMap<Source<unknown>, Promise<Reading<unknown>>>): Promise<Set<string>> {
  const names = new Set<string>();
  for (const [source, reading] of readings) {
    const data = await reading.then((r) => r.data, () => undefined);
    if (data !== undefined && source.names) for (const name of source.names(data)) names.add(name);
  }
  return names;
}

/** The skip of a check whose data kept moving through its attempts. */
export function movedTooOften(whats: readonly string[], attempts: number): Skip {
  return new Skip(
    `${[...new Set(whats)].join(' and ')} changed while the check read it, ${attempts} times in a row: data that moves this way gives this check no verdict (run it again when the target is quieter, or with --control-url)`,
  );
}
