// The expected listing, computed from the fixtures the check set, independently of the
// target: the order of each sort, the slice a page must hold, the set a search matches.
import { searchableFields, type ListedFunction } from '../../generators/functions-fixtures.ts';
import { MIN_QUERY_LENGTH, type FunctionSort } from '../../spec/facts.ts';

/** The sorts by creation time, the order `anchor=end` reads in either direction. */
export const CREATED_AT_SORTS: readonly FunctionSort[] = ['createdAt:asc', 'createdAt:desc'];
export const NAME_SORTS: readonly FunctionSort[] = ['name:asc', 'name:desc'];

type Compare = (a: ListedFunction, b: ListedFunction) => number;

interface Ordering {
  label: string;
  compare: Compare;
}

const createdMs = (f: ListedFunction) => Date.parse(f.metadata.createdAt);
const byCreatedAt: Compare = (a, b) => createdMs(a) - createdMs(b);
const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byName: Compare = (a, b) => codeUnitOrder(a.metadata.name, b.metadata.name);
// A locale collation (glibc's, used by many databases) ignores hyphens at first level;
// names equal without their hyphens may then come in either order.
const byNameIgnoringHyphens: Compare = (a, b) => codeUnitOrder(a.metadata.name.replaceAll('-', ''), b.metadata.name.replaceAll('-', ''));
const numeric = new Intl.Collator('en', { numeric: true });
const numericIgnoringHyphens = new Intl.Collator('en', { numeric: true, ignorePunctuation: true });
const byNameNumeric: Compare = (a, b) => numeric.compare(a.metadata.name, b.metadata.name);
const byNameNumericIgnoringHyphens: Compare = (a, b) => numericIgnoringHyphens.compare(a.metadata.name, b.metadata.name);
const reversed = (compare: Compare): Compare => (a, b) => compare(b, a);
const byCreatedAtDesc = reversed(byCreatedAt);

/**
 * The collations a name sort may follow: the specification names the order (section 4.1,
 * `name:asc`, `name:desc`), not how names collate. Names are lowercase letters, digits and
 * hyphens (section 2.1), where the collations databases use differ in two ways: whether
 * hyphens count at first (a glibc locale ignores them, as ICU's ignorePunctuation does),
 * and whether digits compare as numbers (ICU's numeric collation: "fn-9" before "fn-10").
 * Names equal under one compare equal: any order among them.
 */
export const NAME_COLLATIONS: ReadonlyArray<{ label: string; compare: Compare }> = [
  { label: 'code units', compare: byName },
  { label: 'hyphens ignored', compare: byNameIgnoringHyphens },
  { label: 'numeric', compare: byNameNumeric },
  { label: 'numeric, hyphens ignored', compare: byNameNumericIgnoringHyphens },
];

/**
 * The orders each sort may produce, made once: a listing is sorted once by each compare
 * (sortedBy keeps the sorted copies by compare), so a compare made anew for each answer
 * would sort the listing again each time, and keep each copy as long as the listing.
 */
const ORDERINGS: Record<FunctionSort, readonly Ordering[]> = {
  'createdAt:asc': [{ label: 'createdAt ascending', compare: byCreatedAt }],
  'createdAt:desc': [{ label: 'createdAt descending', compare: byCreatedAtDesc }],
  'name:asc': NAME_COLLATIONS.map(({ label, compare }) => ({ label: `name ascending (${label})`, compare })),
  'name:desc': NAME_COLLATIONS.map(({ label, compare }) => ({ label: `name descending (${label})`, compare: reversed(compare) })),
};

/** The orders a sort may produce. createdAt ties compare equal (any order among them); a name sort follows one of NAME_COLLATIONS, name:desc its reverse. */
export function orderingsOf(sort: FunctionSort): readonly Ordering[] {
  return ORDERINGS[sort];
}

/**
 * `make(listing, key)`, made once for each listing and key and kept as long as the listing:
 * one listing is read by many answers (every page of a walk, every query) that each ask it
 * the same.
 */
function perListing<K, V>(make: (listing: readonly ListedFunction[], key: K) => V): (listing: readonly ListedFunction[], key: K) => V {
  const made = new WeakMap<readonly ListedFunction[], Map<K, V>>();
  return (listing, key) => {
    let byKey = made.get(listing);
    if (!byKey) made.set(listing, (byKey = new Map()));
    if (!byKey.has(key)) byKey.set(key, make(listing, key));
    return byKey.get(key)!;
  };
}

/** Each fixture set in each order, sorted once: a paged walk checks every page against the same order. */
const sortedBy = perListing((fixtures, compare: Compare): readonly ListedFunction[] => [...fixtures].sort(compare));

const describeItem = (f: ListedFunction) => `${f.metadata.name} (createdAt ${f.metadata.createdAt})`;

/**
 * The functions an answer is judged against: the fixtures the check set, the workspace's
 * functions as a reading shows them, or, where two readings that bracket the answer
 * differ (harness/readings.ts), what any state between them may hold (`moving`).
 */
export type Listing = readonly ListedFunction[] & { readonly moving?: Moving };

export interface Moving {
  /** Listed by one reading only, or differently by the two: an answer may show them or not, as it shows them. */
  uncertain: ReadonlySet<string>;
  /** A function neither reading lists may be shown only when created after every function of the first: it came and went between them. */
  newerThanMs: number;
}

/**
 * What a state between two readings of the workspace's functions may hold (harness/readings.ts
 * Source.between): a function both list alike is certain; one listed by one reading only,
 * or differently, may be there or not; one neither lists may be there if it is newer than
 * every function of the first reading.
 */
export function listingBetween(before: Listing, after: Listing): Listing {
  const key = (f: ListedFunction) => JSON.stringify(f.metadata);
  const afterByName = new Map(after.map((f) => [f.metadata.name, f]));
  const beforeByName = new Map(before.map((f) => [f.metadata.name, f]));
  const uncertain = new Set<string>();
  for (const f of before) if (afterByName.get(f.metadata.name) === undefined || key(afterByName.get(f.metadata.name)!) !== key(f)) uncertain.add(f.metadata.name);
  for (const f of after) if (!beforeByName.has(f.metadata.name)) uncertain.add(f.metadata.name);
  const newest = Math.max(-Infinity, ...before.map(createdMs).filter((ms) => !Number.isNaN(ms)));
  const items = [...after, ...before.filter((f) => !afterByName.has(f.metadata.name))];
  return Object.assign(items, { moving: { uncertain, newerThanMs: newest } });
}

/** Each listing's functions by name: every page of a walk, and every answer judged against it, resolves its items there. */
const nameIndex = perListing((listing, _byName: 'name'): ReadonlyMap<string, ListedFunction> => new Map(listing.map((f) => [f.metadata.name, f])));

/**
 * The shown items resolved to the listing; a problem when one is unknown or repeated. On a
 * listing that moved, an uncertain function is taken as shown (its state at the answer's
 * time), and an unknown one newer than the reading before is one that came and went.
 */
export function resolveShown(shown: readonly ListedFunction[], listing: Listing): { items: ListedFunction[] } | { problem: string } {
  const byNameMap = nameIndex(listing, 'name');
  const seen = new Set<string>();
  const items: ListedFunction[] = [];
  const { moving } = listing;
  for (const [index, item] of shown.entries()) {
    const name = item.metadata.name;
    const known = byNameMap.get(name);
    const cameAndWent = moving !== undefined && createdMs(item) > moving.newerThanMs;
    if (!known && !cameAndWent) return { problem: `item ${index} "${name}" is not one of the workspace's ${listing.length} functions` };
    if (seen.has(name)) return { problem: `"${name}" is listed twice (again at position ${index})` };
    seen.add(name);
    items.push(known && !moving?.uncertain.has(name) ? known : item);
  }
  return { items };
}

/**
 * The functions that explain an answer: the listing itself where it did not move; where
 * it moved, its certain functions and those the answer shows (what it does not show of
 * the uncertain ones was not there when it was given).
 */
function explaining(resolved: readonly ListedFunction[], listing: Listing): readonly ListedFunction[] {
  const { moving } = listing;
  if (!moving) return listing;
  const shown = new Set(resolved.map((f) => f.metadata.name));
  return [...listing.filter((f) => !moving.uncertain.has(f.metadata.name) && !shown.has(f.metadata.name)), ...resolved];
}

/** Why `shown` is not positions `offset` to `offset + count` of `explained` in `sort` order (ties in any order, any of `orderings`), or undefined. */
function sliceOf(resolved: readonly ListedFunction[], explained: readonly ListedFunction[], sort: FunctionSort, offset: number, count: number, orderings = orderingsOf(sort)): string | undefined {
  const problems = orderings.map(({ label, compare }) => {
    const expected = sortedBy(explained, compare).slice(offset, offset + count);
    if (resolved.length !== expected.length)
      return `expected ${expected.length} items (positions ${offset} to ${offset + expected.length - 1} of ${explained.length} in ${label} order), got ${resolved.length}`;
    const at = resolved.findIndex((item, i) => compare(item, expected[i]!) !== 0);
    if (at === -1) return undefined;
    return `position ${offset + at} in ${label} order should hold ${describeItem(expected[at]!)}${
      sort.startsWith('createdAt') ? ' or another item created at that instant' : ''
    }, got ${describeItem(resolved[at]!)}`;
  });
  return problems.includes(undefined) ? undefined : problems[0];
}

/** Why `shown` is not the first page of `limit` in `sort` order, or undefined. */
export function firstPageProblem(shown: readonly ListedFunction[], listing: Listing, sort: FunctionSort, limit: number): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  return sliceOf(resolved.items, explained, sort, 0, Math.min(limit, explained.length));
}

/**
 * The name collations (NAME_COLLATIONS, by label) under which `shown` is the first page
 * of `limit` in a name sort: name:desc is the reverse of name:asc, so the two pages of
 * one target must share one.
 */
export function nameCollationsOf(shown: readonly ListedFunction[], listing: Listing, sort: 'name:asc' | 'name:desc', limit: number): string[] {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return [];
  const explained = explaining(resolved.items, listing);
  const orderings = orderingsOf(sort);
  return NAME_COLLATIONS.filter((_, i) => sliceOf(resolved.items, explained, sort, 0, Math.min(limit, explained.length), [orderings[i]!]) === undefined).map((c) => c.label);
}

/**
 * Why `shown` is not the tail page of `limit` in `sort` order (CONTRACT 3: the last `limit`
 * items, or the last page on the walk's page boundaries), or undefined.
 */
export function tailPageProblem(shown: readonly ListedFunction[], listing: Listing, sort: FunctionSort, limit: number): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  const n = explained.length;
  const lastItems = { offset: n - Math.min(limit, n), count: Math.min(limit, n) };
  const lastPageStart = n === 0 ? 0 : limit * Math.floor((n - 1) / limit);
  const lastPage = { offset: lastPageStart, count: n - lastPageStart };
  const [ofItems, ofPage] = [lastItems, lastPage].map(({ offset, count }) => sliceOf(resolved.items, explained, sort, offset, count));
  if (ofItems === undefined || ofPage === undefined) return undefined;
  return `the last ${lastItems.count} of the listing (${ofItems}), or its last page of the walk from the first, positions ${lastPage.offset + 1} to ${n} (${ofPage})`;
}

/** Why `shown` is not `limit` functions of the workspace (any of them, in any order; all of them when fewer), or undefined. */
export function pageOfProblem(shown: readonly ListedFunction[], listing: Listing, limit: number): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const count = Math.min(limit, explaining(resolved.items, listing).length);
  return shown.length === count ? undefined : `expected ${count} of the workspace's ${listing.length} functions, got ${shown.length}`;
}

/** Why `shown` is not every function of the workspace exactly once (in any order), or undefined. */
export function wholeSetProblem(shown: readonly ListedFunction[], listing: Listing): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  if (shown.length === explained.length) return undefined;
  const listed = new Set(shown.map((f) => f.metadata.name));
  const missing = explained.map((f) => f.metadata.name).filter((n) => !listed.has(n));
  return `expected all ${explained.length} functions, got ${shown.length}; missing ${sample(missing)}`;
}

/**
 * Why `total` is not the number of functions of the workspace, or undefined. On a listing
 * that moved, it is at least those that explain the answer; more may have come and gone.
 */
export function totalProblem(total: number | undefined, shown: readonly ListedFunction[], listing: Listing): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const least = explaining(resolved.items, listing).length;
  if (listing.moving ? total !== undefined && total >= least : total === least) return undefined;
  return `meta.total must be the ${listing.moving ? `${least} functions of the workspace or more (the functions moved meanwhile)` : `${least} functions of the workspace`}; it is ${total}`;
}

/** The two-character piece of names shared by the most functions (at least 2), for a q that has a next page at limit 1. */
export function sharedNamePiece(fixtures: readonly ListedFunction[]): string | undefined {
  const counts = new Map<string, number>();
  for (const { metadata } of fixtures) {
    const pieces = new Set<string>();
    for (let i = 0; i + 2 <= metadata.name.length; i++) pieces.add(metadata.name.slice(i, i + 2));
    for (const piece of pieces) counts.set(piece, (counts.get(piece) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || codeUnitOrder(a[0], b[0]));
  return best && best[1] >= 2 ? best[0] : undefined;
}

/** `q` as the server must use it: trimmed, lowercased; '' when under 2 characters (no filter). */
export function normaliseQuery(q: string): string {
  const normalised = q.trim().toLowerCase();
  return normalised.length < MIN_QUERY_LENGTH ? '' : normalised;
}

/**
 * How a server may lowercase: every letter (Unicode), or A to Z only (SQLite's lower(), a
 * C locale; variant search-ascii-case-folding): "lowercased" names no alphabet.
 */
const CASE_FOLDS: ReadonlyArray<(text: string) => string> = [(text) => text.toLowerCase(), (text) => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase())];

/**
 * The sets of names a search may return. The server lowercases `q`; the specification
 * does not say whether it also lowercases the fields, so both a case-insensitive match
 * and a match of the lowercased `q` against the fields as written are accepted, under
 * either way of lowercasing.
 */
export function expectedMatches(fixtures: readonly ListedFunction[], q: string): Set<string>[] {
  const matchWith = (nq: string, fold: (s: string) => string) => {
    if (nq === '') return new Set(fixtures.map((f) => f.metadata.name));
    const fields = foldedFields(fixtures, fold);
    return new Set(fixtures.filter((_, i) => fields[i]!.some((field) => field.includes(nq))).map((f) => f.metadata.name));
  };
  return CASE_FOLDS.flatMap((fold) => searchedQueries(q, fold).flatMap((nq) => [matchWith(nq, fold), matchWith(nq, AS_WRITTEN)]));
}

const AS_WRITTEN = (text: string): string => text;

/** Each function's searchable fields under each fold, by listing: a listing is searched with many queries, each under every fold. */
const foldedFields = perListing((fixtures, fold: (text: string) => string): string[][] => fixtures.map((f) => searchableFields(f).map(fold)));

/** How many functions each reading of `q` matches (expectedMatches, in its order), by listing and q. */
export const matchCounts = perListing((fixtures, q: string): number[] => expectedMatches(fixtures, q).map((names) => names.size));

/** The listings `q` may narrow `listing` to (expectedMatches), each keeping what moved. */
export function narrowedListings(listing: Listing, q: string): Listing[] {
  return expectedMatches(listing, q).map((names) => Object.assign(listing.filter((f) => names.has(f.metadata.name)), listing.moving ? { moving: listing.moving } : {}));
}

/**
 * What a server may search for, given `q`: "Trimmed and lowercased by the server. Fewer
 * than 2 characters means the unfiltered listing." ('' for no filter) does not say
 * whether the length is counted after trimming or before, so both are accepted (variant
 * search-length-before-trimming); the first is the count after trimming.
 */
export function searchedQueries(q: string, fold: (text: string) => string = CASE_FOLDS[0]!): string[] {
  const afterTrimming = fold(normaliseQuery(q) === '' ? '' : q.trim());
  const beforeTrimming = q.length < MIN_QUERY_LENGTH ? '' : fold(q.trim());
  return afterTrimming === beforeTrimming ? [afterTrimming] : [afterTrimming, beforeTrimming];
}

/** Why `shown` is none of the accepted result sets of a search, or undefined. */
export function matchProblem(shown: readonly ListedFunction[], listing: Listing, q: string): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  const got = new Set(shown.map((f) => f.metadata.name));
  const accepted = expectedMatches(explained, q);
  if (accepted.some((set) => set.size === got.size && [...set].every((n) => got.has(n)))) return undefined;
  const [expected] = accepted as [Set<string>];
  const missing = [...expected].filter((n) => !got.has(n));
  const extra = [...got].filter((n) => !expected.has(n));
  return `q=${JSON.stringify(q)} must match ${expected.size} of the ${explained.length} functions (substring of name, displayName, label key or value after trimming and lowercasing q), got ${got.size}${
    missing.length ? `; missing ${sample(missing)}` : ''
  }${extra.length ? `; not matching ${sample(extra)}` : ''}`;
}

function sample(names: string[]): string {
  const shown = names.slice(0, 5).map((n) => `"${n}"`).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/**
 * Checks a walk of the listing page by page against the order of `sort`, without
 * holding the pages: it keeps the names seen so far and, for each accepted ordering,
 * whether the walk still agrees with it: every item comes after the one before (ties in
 * any order), and no function of the listing that sorts before it was left out. On a
 * listing that moved, only its certain functions must all be listed.
 */
export class WalkOrderCheck {
  private readonly seen = new Set<string>();
  private readonly orderings: Array<Ordering & { mustList: readonly ListedFunction[]; next: number; last?: ListedFunction; problem?: string }>;

  constructor(
    private readonly listing: Listing,
    sort: FunctionSort,
  ) {
    const uncertain = listing.moving?.uncertain;
    const mustList = uncertain ? listing.filter((f) => !uncertain.has(f.metadata.name)) : listing;
    this.orderings = orderingsOf(sort).map((o) => ({ ...o, mustList: sortedBy(mustList, o.compare), next: 0 }));
  }

  /** The next page's items; why the walk so far is not a prefix of the listing in order, or undefined. */
  page(shown: readonly ListedFunction[]): string | undefined {
    const resolved = resolveShown(shown, this.listing);
    if ('problem' in resolved) return resolved.problem;
    for (const item of resolved.items) {
      const position = this.seen.size;
      const name = item.metadata.name;
      if (this.seen.has(name)) return `"${name}" is listed twice (again at position ${position})`;
      this.seen.add(name);
      for (const o of this.orderings) {
        if (o.problem !== undefined) continue;
        if (o.last && o.compare(o.last, item) > 0) o.problem = `position ${position} in ${o.label} order: ${describeItem(item)} comes after ${describeItem(o.last)}`;
        // Every function that sorts strictly before this one was listed already.
        while (o.problem === undefined && o.next < o.mustList.length && o.compare(o.mustList[o.next]!, item) < 0) {
          const due = o.mustList[o.next++]!;
          if (!this.seen.has(due.metadata.name))
            o.problem = `position ${position} in ${o.label} order should hold ${describeItem(due)}${o.label.startsWith('createdAt') ? ' or another item created at that instant' : ''}, got ${describeItem(item)}`;
        }
        o.last = item;
      }
      if (this.orderings.every((o) => o.problem !== undefined)) return this.orderings[0]!.problem;
    }
    return undefined;
  }

  /** Once the walk ended: why it did not list every function, or undefined. */
  end(): string | undefined {
    const mustList = this.orderings[0]!.mustList;
    const missing = mustList.map((f) => f.metadata.name).filter((n) => !this.seen.has(n));
    if (missing.length === 0) return undefined;
    return `expected all ${mustList.length} functions, the walk listed ${this.seen.size}; missing ${sample(missing)}`;
  }
}
