// The expected listing, computed from the fixtures the check set, independently of the
// target: the order of each sort, the slice a page must hold, the set a search matches.
import { searchableFields, type ListedFunction } from '../../generators/functions-fixtures.ts';
import { MIN_QUERY_LENGTH, type FunctionSort } from '../../spec/facts.ts';
import type { Exchange } from '../../results/model.ts';

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
const reversed = (compare: Compare): Compare => (a, b) => compare(b, a);
const byCreatedAtDesc = reversed(byCreatedAt);

/** createdAt ties compare equal: any order among them. */
const CREATED_AT_ORDERINGS: Partial<Record<FunctionSort, Ordering>> = {
  'createdAt:asc': { label: 'createdAt ascending', compare: byCreatedAt },
  'createdAt:desc': { label: 'createdAt descending', compare: byCreatedAtDesc },
};

/**
 * The orders a sort produces over `listing`. Section 4.1 names the name sorts, not how
 * names collate, and collations differ on the digits, hyphens and lengths names hold
 * (code units, a locale that ignores hyphens, ICU's numeric collation, a natural sort,
 * and the next one): a name sort is judged by the target's own order of names, as its
 * walk of name:asc lists them (`nameOrder`, read by the check), so that every page, limit
 * and walk must follow that one order and name:desc its exact reverse; nameOrderProblem
 * holds that order to what every collation agrees on.
 */
export function orderingsOf(sort: FunctionSort, listing: Listing): readonly Ordering[] {
  const createdAt = CREATED_AT_ORDERINGS[sort];
  if (createdAt) return [createdAt];
  const asc = nameOrdering(listing, 'name');
  return [sort === 'name:asc' ? asc : { label: `name descending (the exact reverse of ${asc.label})`, compare: reversed(asc.compare) }];
}

/**
 * The functions first in a createdAt order: the one created first (asc) or last (desc),
 * with every one created at that instant, since ties come in any order.
 */
export function firstInCreatedOrder(listing: readonly ListedFunction[], sort: FunctionSort): ListedFunction[] {
  const ordering = CREATED_AT_ORDERINGS[sort];
  if (!ordering) throw new Error(`${sort} is no createdAt sort: a defect of cp-conformance`);
  const first = listing.reduce<ListedFunction | undefined>((best, f) => (best === undefined || ordering.compare(f, best) < 0 ? f : best), undefined);
  return first === undefined ? [] : listing.filter((f) => ordering.compare(f, first) === 0);
}

/**
 * `make(listing, key)`, made once for each listing and key and kept as long as the listing:
 * one listing is read by many answers (every page of a walk, every query) that each ask it
 * the same.
 */
function perListing<K, V>(make: (listing: Listing, key: K) => V): (listing: Listing, key: K) => V {
  const made = new WeakMap<Listing, Map<K, V>>();
  return (listing, key) => {
    let byKey = made.get(listing);
    if (!byKey) made.set(listing, (byKey = new Map()));
    if (!byKey.has(key)) byKey.set(key, make(listing, key));
    return byKey.get(key)!;
  };
}

/**
 * The target's order of names over a listing: each name's place in `nameOrder`. A name the
 * order does not hold (one that came between two readings of moving data, or one the walk
 * that read the order left out, which the pagination rules report) compares equal to any.
 */
const nameOrdering = perListing((listing, _sort: 'name'): Ordering => {
  const order = listing.nameOrder;
  if (!order) throw new Error('a name sort is judged without the target\'s order of names (withNameOrder in suites/functions/client.ts): a defect of cp-conformance');
  const place = new Map(order.names.map((name, i) => [name, i]));
  const compare: Compare = (a, b) => {
    const [pa, pb] = [place.get(a.metadata.name), place.get(b.metadata.name)];
    return pa === undefined || pb === undefined ? 0 : pa - pb;
  };
  return { label: `name ascending (the target's order of names: ${order.read})`, compare };
});

/** Names every collation orders alike: lowercase letters alone, as words are ordered (no digit, no hyphen). */
const LETTERS_ONLY = /^[a-z]+$/;

/** Where the target's order of names is not one every collation could give: the place of the name out of order, and why. */
function nameDisorder(listing: Listing): { at: number; said: string } | undefined {
  const names = listing.nameOrder?.names ?? [];
  let last: string | undefined;
  for (const [at, name] of names.entries()) {
    if (!LETTERS_ONLY.test(name)) continue;
    if (last !== undefined && codeUnitOrder(last, name) > 0)
      return { at, said: `"${name}" comes after "${last}" in ${listing.nameOrder!.read}: names of lowercase letters alone must come in the order of words, whatever the collation` };
    last = name;
  }
  return undefined;
}

/**
 * Why the target's order of names is not one every collation could give, or undefined:
 * what every collation agrees on is that names of lowercase letters alone come in the
 * order of words ("abc" before "abd" and before "abcd"); where names hold digits or
 * hyphens, the collations differ, and only the relations of orderingsOf judge them.
 */
export const nameOrderProblem = (listing: Listing): string | undefined => nameDisorder(listing)?.said;

/** The answer of the walk that lists the name nameOrderProblem finds out of order. */
export function nameOrderExchange(listing: Listing): Exchange | undefined {
  const at = nameDisorder(listing)?.at;
  if (at === undefined) return undefined;
  let before = 0;
  for (const page of listing.nameOrder!.pages) {
    before += page.count;
    if (at < before) return page.exchange;
  }
  return listing.nameOrder!.pages.at(-1)?.exchange;
}

/** Each fixture set in each order, sorted once: a paged walk checks every page against the same order. */
const sortedBy = perListing((fixtures, compare: Compare): readonly ListedFunction[] => [...fixtures].sort(compare));

const describeItem = (f: ListedFunction) => `${f.metadata.name} (createdAt ${f.metadata.createdAt})`;

/**
 * The functions an answer is judged against: the fixtures the check set, the workspace's
 * functions as a reading shows them, or, where two readings that bracket the answer
 * differ (harness/readings.ts), what any state between them may hold (`moving`).
 */
export type Listing = readonly ListedFunction[] & { readonly moving?: Moving; readonly nameOrder?: NameOrder };

/** The target's order of names: every name as its walk of name:asc lists them, how that walk was read (for a message), and its pages (for the evidence). */
export interface NameOrder {
  names: readonly string[];
  read: string;
  pages: ReadonlyArray<{ exchange: Exchange; count: number }>;
}

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
  // The order of the names both readings hold is the later reading's; the others compare equal to any.
  const nameOrder = after.nameOrder && { ...after.nameOrder, names: after.nameOrder.names.filter((name) => !uncertain.has(name)) };
  return Object.assign(items, { moving: { uncertain, newerThanMs: newest }, ...(nameOrder ? { nameOrder } : {}) });
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

/** Why `shown` is not positions `offset` to `offset + count` of `explained` in `sort` order over `listing` (ties in any order), or undefined. */
function sliceOf(resolved: readonly ListedFunction[], explained: readonly ListedFunction[], listing: Listing, sort: FunctionSort, offset: number, count: number): string | undefined {
  const [{ label, compare }] = orderingsOf(sort, listing) as [Ordering];
  const expected = sortedBy(explained, compare).slice(offset, offset + count);
  if (resolved.length !== expected.length)
    return `expected ${expected.length} items (positions ${offset} to ${offset + expected.length - 1} of ${explained.length} in ${label} order), got ${resolved.length}`;
  const at = resolved.findIndex((item, i) => compare(item, expected[i]!) !== 0);
  if (at === -1) return undefined;
  return `position ${offset + at} in ${label} order should hold ${describeItem(expected[at]!)}${
    sort.startsWith('createdAt') ? ' or another item created at that instant' : ''
  }, got ${describeItem(resolved[at]!)}`;
}

/** Why `shown` is not the first page of `limit` in `sort` order, or undefined. */
export function firstPageProblem(shown: readonly ListedFunction[], listing: Listing, sort: FunctionSort, limit: number): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  return sliceOf(resolved.items, explained, listing, sort, 0, Math.min(limit, explained.length));
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
  const [ofItems, ofPage] = [lastItems, lastPage].map(({ offset, count }) => sliceOf(resolved.items, explained, listing, sort, offset, count));
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

/**
 * The two-character pieces of names that two or more functions' names hold, the most held
 * first, of letters, digits and hyphens (alike under every folding): a q of one matches two
 * or more, so it has a next page at a limit under its matches.
 */
export function sharedNamePieces(fixtures: readonly ListedFunction[]): string[] {
  const counts = new Map<string, number>();
  for (const { metadata } of fixtures) {
    const name = metadata.name.toLowerCase();
    const pieces = new Set<string>();
    for (let i = 0; i + 2 <= name.length; i++) pieces.add(name.slice(i, i + 2));
    for (const piece of pieces) counts.set(piece, (counts.get(piece) ?? 0) + 1);
  }
  return [...counts]
    .filter(([piece, holders]) => holders >= 2 && /^[a-z0-9-]{2}$/.test(piece))
    .sort((a, b) => b[1] - a[1] || codeUnitOrder(a[0], b[0]))
    .map(([piece]) => piece);
}

/**
 * Case folding, as section 4.1's "Trimmed and lowercased by the server" leaves it: it says
 * what happens to q, not how the fields are compared, and servers fold in more than one
 * way: Unicode lowercasing, full case folding (ICU, Python's casefold: "ß" as "ss"), a
 * search engine's folding that also drops accents ("é" as "e"), a locale's ("İ"). What every
 * one of them agrees on is judged strictly: a letter with a one-to-one lowercase form,
 * ASCII or not ("A" and "a", "É" and "é", "Ж" and "ж"), digits and punctuation, each as
 * itself. Where they disagree ("ß" and "ss", "é" and "e", final sigma, "İ"), a match is
 * accepted either way.
 */

/** Lowercase forms that depend on the place in a word (final sigma): foldings disagree on them. */
const PLACE_DEPENDENT = new Set(['σ', 'ς']);

/** The lowercase form every common folding gives `c`, or undefined where foldings disagree on it. */
function agreedFold(c: string): string | undefined {
  const [lower, upper] = [c.toLowerCase(), c.toUpperCase()];
  if (lower.length !== c.length || upper.length !== c.length) return undefined; // "ß" as "SS", "İ" as "i̇"
  if (lower.toUpperCase() !== upper || upper.toLowerCase() !== lower) return undefined; // the Kelvin sign, "ſ", "ı"
  if (lower.normalize('NFKD') !== lower.normalize('NFD')) return undefined; // ligatures and compatibility forms ("ﬁ")
  return PLACE_DEPENDENT.has(lower) ? undefined : lower;
}

/**
 * `text` as the strict comparison reads it: each character its agreed fold; one foldings
 * disagree on becomes `mark`, which equals nothing on the other side (q and the fields are
 * read with different marks), so that no strict match rests on it.
 */
function strictFold(text: string, mark: string): string {
  let folded = '';
  for (const c of text) folded += agreedFold(c) ?? mark;
  return folded;
}
const STRICT_Q = (text: string) => strictFold(text, '\uE000');
const STRICT_FIELD = (text: string) => strictFold(text, '\uE001');

/** `text` folded as far as any common folding goes: compatibility forms decomposed, accents dropped, full case folding, final sigma as sigma, dotless i as i. */
function broadFold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().replace(/ς/g, 'σ');
}

/** `q` as every server reads it alike: trimmed, folded as far as any folding goes; '' when under 2 characters (no filter). Two queries that differ here differ for every server. */
export function normaliseQuery(q: string): string {
  const trimmed = q.trim();
  return trimmed.length < MIN_QUERY_LENGTH ? '' : broadFold(trimmed);
}

/** The functions a search may return under one reading of q: those every folding matches, and those only some do. */
export interface SearchMatches {
  must: ReadonlySet<string>;
  may: ReadonlySet<string>;
}

/** Each function's searchable fields under each fold, by listing: a listing is searched with many queries, each under both folds. */
const foldedFields = perListing((fixtures, fold: (text: string) => string): string[][] => fixtures.map((f) => searchableFields(f).map(fold)));

/**
 * What a search for `q` may return, one entry for each reading of q (searchedQueries): the
 * functions whose fields hold q under every folding, and those whose fields hold it under
 * some folding only (where foldings disagree), which may be returned or not.
 */
export function expectedMatches(fixtures: readonly ListedFunction[], q: string): SearchMatches[] {
  return searchedQueries(q).map((searched) => {
    if (searched === '') return { must: new Set(fixtures.map((f) => f.metadata.name)), may: new Set<string>() };
    const [strictQ, broadQ] = [STRICT_Q(searched), broadFold(searched)];
    const [strict, broad] = [foldedFields(fixtures, STRICT_FIELD), foldedFields(fixtures, broadFold)];
    const must = new Set<string>();
    const may = new Set<string>();
    fixtures.forEach((f, i) => {
      if (strict[i]!.some((field) => field.includes(strictQ))) must.add(f.metadata.name);
      else if (broad[i]!.some((field) => field.includes(broadQ))) may.add(f.metadata.name);
    });
    return { must, may };
  });
}

/** How many functions a search for `q` may return at most, over every reading of it. */
export const mostMatches = perListing((fixtures, q: string): number => Math.max(...expectedMatches(fixtures, q).map(({ must, may }) => must.size + may.size)));

/** How many functions each reading of `q` must return (expectedMatches, in its order), by listing and q. */
export const matchCounts = perListing((fixtures, q: string): number[] => expectedMatches(fixtures, q).map(({ must }) => must.size));

/** `listing` narrowed to the functions `keep` names, keeping what moved and the target's order of names. */
const narrowedTo = (listing: Listing, keep: (name: string) => boolean): Listing =>
  Object.assign(
    listing.filter((f) => keep(f.metadata.name)),
    listing.moving ? { moving: listing.moving } : {},
    listing.nameOrder ? { nameOrder: listing.nameOrder } : {},
  );

/**
 * The listings `q` may narrow `listing` to, one for each reading of q, each keeping what
 * moved and the target's order of names: the functions every folding matches, and of those
 * only some match, the ones the answer `shown` holds (the answer tells how the target folds).
 */
export function narrowedListings(listing: Listing, q: string, shown: Iterable<string>): Listing[] {
  const answered = new Set(shown);
  return expectedMatches(listing, q).map(({ must, may }) => narrowedTo(listing, (name) => must.has(name) || (may.has(name) && answered.has(name))));
}

/**
 * The listings a tail page for `q` may be the tail of: each of narrowedListings, then with
 * the first 1, 2, … in `sort` order of the functions only some foldings match that the page
 * does not show. Nothing shows whether those before the page matched, and the tail on the
 * walk's page boundaries moves with how many did (anchor-end-page-boundaries with
 * search-full-case-folding: "ßb" matches "sb" or not).
 */
export function narrowedTailListings(listing: Listing, q: string, shown: Iterable<string>, sort: FunctionSort): Listing[] {
  const answered = new Set(shown);
  const [{ compare }] = orderingsOf(sort, listing) as [Ordering];
  return expectedMatches(listing, q).flatMap(({ must, may }) => {
    const unshown = sortedBy(listing.filter((f) => may.has(f.metadata.name) && !answered.has(f.metadata.name)), compare).map((f) => f.metadata.name);
    return Array.from({ length: unshown.length + 1 }, (_, counted) => {
      const before = new Set(unshown.slice(0, counted));
      return narrowedTo(listing, (name) => must.has(name) || (may.has(name) && answered.has(name)) || before.has(name));
    });
  });
}

/**
 * What a server may search for, given `q`, before folding it: "Trimmed and lowercased by
 * the server. Fewer than 2 characters means the unfiltered listing." ('' for no filter)
 * does not say whether the length is counted after trimming or before, so both are
 * accepted (variant search-length-before-trimming); the first is the count after trimming.
 */
export function searchedQueries(q: string): string[] {
  const afterTrimming = normaliseQuery(q) === '' ? '' : q.trim();
  const beforeTrimming = q.length < MIN_QUERY_LENGTH ? '' : q.trim();
  return afterTrimming === beforeTrimming ? [afterTrimming] : [afterTrimming, beforeTrimming];
}

/** Why `shown` is no result a search for `q` may return (expectedMatches), or undefined. */
export function matchProblem(shown: readonly ListedFunction[], listing: Listing, q: string): string | undefined {
  const resolved = resolveShown(shown, listing);
  if ('problem' in resolved) return resolved.problem;
  const explained = explaining(resolved.items, listing);
  const got = new Set(shown.map((f) => f.metadata.name));
  const accepted = expectedMatches(explained, q);
  const problems = accepted.map(({ must, may }) => {
    const missing = [...must].filter((n) => !got.has(n));
    const extra = [...got].filter((n) => !must.has(n) && !may.has(n));
    return missing.length === 0 && extra.length === 0
      ? undefined
      : `q=${JSON.stringify(q)} must match the ${must.size} of the ${explained.length} functions whose name, displayName, label key or value holds q (trimmed, lowercased) under every case folding${
          may.size ? `, and may match ${may.size} more that only some foldings match` : ''
        }; got ${got.size}${missing.length ? `; missing ${sample(missing)}` : ''}${extra.length ? `; not matching ${sample(extra)}` : ''}`;
  });
  return problems.includes(undefined) ? undefined : problems[0];
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
  private readonly ordering: Ordering;
  /** The functions that must be listed, in order; the walk has passed those before `next`. */
  private readonly mustList: readonly ListedFunction[];
  private next = 0;
  private last: ListedFunction | undefined;

  constructor(
    private readonly listing: Listing,
    private readonly sort: FunctionSort,
  ) {
    const uncertain = listing.moving?.uncertain;
    [this.ordering] = orderingsOf(sort, listing) as [Ordering];
    this.mustList = sortedBy(uncertain ? listing.filter((f) => !uncertain.has(f.metadata.name)) : listing, this.ordering.compare);
  }

  /** The next page's items; why the walk so far is not a prefix of the listing in order, or undefined. */
  page(shown: readonly ListedFunction[]): string | undefined {
    const resolved = resolveShown(shown, this.listing);
    if ('problem' in resolved) return resolved.problem;
    const { label, compare } = this.ordering;
    for (const item of resolved.items) {
      const position = this.seen.size;
      const name = item.metadata.name;
      if (this.seen.has(name)) return `"${name}" is listed twice (again at position ${position})`;
      this.seen.add(name);
      if (this.last && compare(this.last, item) > 0) return `position ${position} in ${label} order: ${describeItem(item)} comes after ${describeItem(this.last)}`;
      // Every function that sorts strictly before this one was listed already.
      while (this.next < this.mustList.length && compare(this.mustList[this.next]!, item) < 0) {
        const due = this.mustList[this.next++]!;
        if (!this.seen.has(due.metadata.name))
          return `position ${position} in ${label} order should hold ${describeItem(due)}${this.sort.startsWith('createdAt') ? ' or another item created at that instant' : ''}, got ${describeItem(item)}`;
      }
      this.last = item;
    }
    return undefined;
  }

  /** Once the walk ended: why it did not list every function, or undefined. */
  end(): string | undefined {
    const { mustList } = this;
    const missing = mustList.map((f) => f.metadata.name).filter((n) => !this.seen.has(n));
    if (missing.length === 0) return undefined;
    return `expected all ${mustList.length} functions, the walk listed ${this.seen.size}; missing ${sample(missing)}`;
  }
}
