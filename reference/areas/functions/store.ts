// One workspace's functions with a sorted index per sort, so a page costs
// O(log n + limit): a binary search finds where a cursor's keyset position falls,
// then the page is read off in order.

import type { FunctionSort } from '../../../spec/facts.ts';

export interface StoredFunction {
  metadata: { name: string; createdAt: string } & Record<string, unknown>;
  [field: string]: unknown;
}

/** Where a page ended: the keyset of its last item (createdAt, then the unique name). */
export interface Position {
  createdMs: number;
  name: string;
}

interface Entry extends Position {
  fn: StoredFunction;
  /** The lowercased fields a search looks in. */
  searchable: string[];
}

type KeyCompare = (a: Position, b: Position) => number;

/** How names compare in the name sorts: the reference's code-unit order, or a variant's collation. */
export type NameCollation = (a: string, b: string) => number;

export const codeUnitOrder: NameCollation = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const byCodeUnits: KeyCompare = (a, b) => codeUnitOrder(a.name, b.name);
const byCreatedThenName: KeyCompare = (a, b) => a.createdMs - b.createdMs || byCodeUnits(a, b);

/** First index whose entry compares above `pos` (strictly: `orEqual` false) or at/above it. */
function bound(entries: readonly Entry[], pos: Position, compare: KeyCompare, orEqual: boolean): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(entries[mid]!, pos);
    if (c > 0 || (orEqual && c === 0)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The listing in one sort's order. */
export interface OrderedView {
  readonly length: number;
  at(index: number): Entry;
  /** Index in this order of the first entry that comes after `pos`. */
  startAfter(pos: Position): number;
}

function ascending(entries: readonly Entry[], compare: KeyCompare): OrderedView {
  return { length: entries.length, at: (i) => entries[i]!, startAfter: (pos) => bound(entries, pos, compare, false) };
}

function descending(entries: readonly Entry[], compare: KeyCompare): OrderedView {
  const n = entries.length;
  // In descending order the entries after `pos` are those below it: there are lowerBound(pos) of them, at the end.
  return { length: n, at: (i) => entries[n - 1 - i]!, startAfter: (pos) => n - bound(entries, pos, compare, true) };
}

export class FunctionIndex {
  private readonly views: Record<FunctionSort, OrderedView>;

  /**
   * `searchFields` picks the strings of a function a search looks in; `collation` orders
   * the name sorts, `descCollation` name:desc where a fault makes it another one.
   */
  constructor(
    readonly functions: readonly StoredFunction[],
    /** The fields a search looks in, lowercased as the server lowercases q. */
    searchFields: (fn: StoredFunction) => string[],
    collation: NameCollation = codeUnitOrder,
    descCollation: NameCollation = collation,
  ) {
    // Names equal under the collation still come in one order (names are unique), so that a keyset cursor finds its place.
    const byNameIn = (c: NameCollation): KeyCompare => (a, b) => c(a.name, b.name) || byCodeUnits(a, b);
    const byName = byNameIn(collation);
    const entries: Entry[] = functions.map((fn) => ({
      fn,
      name: fn.metadata.name,
      createdMs: Date.parse(fn.metadata.createdAt),
      searchable: searchFields(fn),
    }));
    const created = [...entries].sort(byCreatedThenName);
    const named = [...entries].sort(byName);
    const byNameDesc = descCollation === collation ? byName : byNameIn(descCollation);
    this.views = {
      'createdAt:asc': ascending(created, byCreatedThenName),
      'createdAt:desc': descending(created, byCreatedThenName),
      'name:asc': ascending(named, byName),
      'name:desc': descending(byNameDesc === byName ? named : [...entries].sort(byNameDesc), byNameDesc),
    };
  }

  get size(): number {
    return this.functions.length;
  }

  view(sort: FunctionSort): OrderedView {
    return this.views[sort];
  }
}

/** Whether an entry matches a normalised query ('' matches all). */
export function matches(entry: Entry, q: string): boolean {
  return q === '' || entry.searchable.some((s) => s.includes(q));
}

export interface PageSlice {
  items: StoredFunction[];
  /** Keyset of the last item, when there is one. */
  last?: Position;
  hasMore: boolean;
}

const positionOf = (entry: Entry): Position => ({ createdMs: entry.createdMs, name: entry.name });

/** Up to `limit` matching entries from `start` on, and whether another match follows. */
export function pageFrom(view: OrderedView, start: number, limit: number, q: string): PageSlice {
  const picked: Entry[] = [];
  let i = start;
  for (; i < view.length && picked.length < limit; i++) if (matches(view.at(i), q)) picked.push(view.at(i));
  let hasMore = false;
  for (; i < view.length && !hasMore; i++) hasMore = matches(view.at(i), q);
  return sliceOf(picked, hasMore);
}

/** The last `limit` matching entries, in order (anchor=end). */
/**
 * The tail page: the last `limit` matching entries, or with `onPageBoundaries` the last
 * page of the walk from the first (the variant anchor-end-page-boundaries).
 */
export function tailPage(view: OrderedView, limit: number, q: string, onPageBoundaries = false): PageSlice {
  const size = onPageBoundaries ? ((countMatches(view, q) - 1) % limit) + 1 : limit;
  const picked: Entry[] = [];
  for (let i = view.length - 1; i >= 0 && picked.length < size; i--) if (matches(view.at(i), q)) picked.push(view.at(i));
  return sliceOf(picked.reverse(), false);
}

function sliceOf(picked: Entry[], hasMore: boolean): PageSlice {
  const lastEntry = picked.at(-1);
  return { items: picked.map((e) => e.fn), hasMore, ...(lastEntry ? { last: positionOf(lastEntry) } : {}) };
}

/** The number of entries matching `q` (a full scan: only a fault and a variant need it). */
export function countMatches(view: OrderedView, q: string): number {
  let count = 0;
  for (let i = 0; i < view.length; i++) if (matches(view.at(i), q)) count++;
  return count;
}
