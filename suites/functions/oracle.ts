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
const reversed = (compare: Compare): Compare => (a, b) => compare(b, a);
const byCreatedAtDesc = reversed(byCreatedAt);
const byNameDesc = reversed(byName);
const byNameIgnoringHyphensDesc = reversed(byNameIgnoringHyphens);

/**
 * The orders a sort may produce. createdAt ties compare equal (any order among them);
 * the specification does not say how names collate, so both the code-point order and
 * a hyphen-insensitive collation are accepted.
 */
export function orderingsOf(sort: FunctionSort): Ordering[] {
  switch (sort) {
    case 'createdAt:asc':
      return [{ label: 'createdAt ascending', compare: byCreatedAt }];
    case 'createdAt:desc':
      return [{ label: 'createdAt descending', compare: byCreatedAtDesc }];
    case 'name:asc':
      return [
        { label: 'name ascending', compare: byName },
        { label: 'name ascending (hyphens ignored)', compare: byNameIgnoringHyphens },
      ];
    case 'name:desc':
      return [
        { label: 'name descending', compare: byNameDesc },
        { label: 'name descending (hyphens ignored)', compare: byNameIgnoringHyphensDesc },
      ];
  }
}

/** Each fixture set in each order, sorted once: a paged walk checks every page against the same order. */
const sortedOrders = new WeakMap<readonly ListedFunction[], Map<Compare, ListedFunction[]>>();

function sortedBy(fixtures: readonly ListedFunction[], compare: Compare): readonly ListedFunction[] {
  let orders = sortedOrders.get(fixtures);
  if (!orders) sortedOrders.set(fixtures, (orders = new Map()));
  let sorted = orders.get(compare);
  if (!sorted) orders.set(compare, (sorted = [...fixtures].sort(compare)));
  return sorted;
}

const describeItem = (f: ListedFunction) => `${f.metadata.name} (createdAt ${f.metadata.createdAt})`;

/** The listed names resolved to the fixtures; a problem when a name is unknown or repeated. */
export function resolveNames(names: readonly string[], fixtures: readonly ListedFunction[]): { items: ListedFunction[] } | { problem: string } {
  const byNameMap = new Map(fixtures.map((f) => [f.metadata.name, f]));
  const seen = new Set<string>();
  const items: ListedFunction[] = [];
  for (const [index, name] of names.entries()) {
    const item = byNameMap.get(name);
    if (!item) return { problem: `item ${index} "${name}" is not one of the workspace's ${fixtures.length} functions` };
    if (seen.has(name)) return { problem: `"${name}" is listed twice (again at position ${index})` };
    seen.add(name);
    items.push(item);
  }
  return { items };
}

/**
 * Why `names` is not positions `offset` to `offset + count` of the listing in `sort`
 * order, or undefined when it is (for some accepted ordering; ties may come in any order).
 */
export function sliceProblem(
  names: readonly string[],
  fixtures: readonly ListedFunction[],
  sort: FunctionSort,
  offset: number,
  count: number,
): string | undefined {
  const resolved = resolveNames(names, fixtures);
  if ('problem' in resolved) return resolved.problem;
  const problems = orderingsOf(sort).map(({ label, compare }) => {
    const expected = sortedBy(fixtures, compare).slice(offset, offset + count);
    if (resolved.items.length !== expected.length)
      return `expected ${expected.length} items (positions ${offset} to ${offset + expected.length - 1} of ${fixtures.length} in ${label} order), got ${resolved.items.length}`;
    const at = resolved.items.findIndex((item, i) => compare(item, expected[i]!) !== 0);
    if (at === -1) return undefined;
    return `position ${offset + at} in ${label} order should hold ${describeItem(expected[at]!)}${
      sort.startsWith('createdAt') ? ' or another item created at that instant' : ''
    }, got ${describeItem(resolved.items[at]!)}`;
  });
  return problems.includes(undefined) ? undefined : problems[0];
}

/** Why `names` is not every function of the workspace exactly once (in any order), or undefined. */
export function wholeSetProblem(names: readonly string[], fixtures: readonly ListedFunction[]): string | undefined {
  const resolved = resolveNames(names, fixtures);
  if ('problem' in resolved) return resolved.problem;
  if (names.length === fixtures.length) return undefined;
  const listed = new Set(names);
  const missing = fixtures.map((f) => f.metadata.name).filter((n) => !listed.has(n));
  return `expected all ${fixtures.length} functions, got ${names.length}; missing ${sample(missing)}`;
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
 * The sets of names a search may return. The server lowercases `q`; the specification
 * does not say whether it also lowercases the fields, so both a case-insensitive match
 * and a match of the lowercased `q` against the fields as written are accepted.
 */
export function expectedMatches(fixtures: readonly ListedFunction[], q: string): Set<string>[] {
  const matchWith = (nq: string, fold: (s: string) => string) =>
    new Set(fixtures.filter((f) => nq === '' || searchableFields(f).some((field) => fold(field).includes(nq))).map((f) => f.metadata.name));
  return searchedQueries(q).flatMap((nq) => [matchWith(nq, (s) => s.toLowerCase()), matchWith(nq, (s) => s)]);
}

/**
 * What a server may search for, given `q`: "Trimmed and lowercased by the server. Fewer
 * than 2 characters means the unfiltered listing." ('' for no filter) does not say
 * whether the length is counted after trimming or before, so both are accepted (variant
 * search-length-before-trimming); the first is the count after trimming.
 */
export function searchedQueries(q: string): string[] {
  const afterTrimming = normaliseQuery(q);
  const beforeTrimming = q.length < MIN_QUERY_LENGTH ? '' : q.trim().toLowerCase();
  return afterTrimming === beforeTrimming ? [afterTrimming] : [afterTrimming, beforeTrimming];
}

/** Why `names` is none of the accepted result sets of a search, or undefined. */
export function matchProblem(names: readonly string[], fixtures: readonly ListedFunction[], q: string): string | undefined {
  const resolved = resolveNames(names, fixtures);
  if ('problem' in resolved) return resolved.problem;
  const got = new Set(names);
  const accepted = expectedMatches(fixtures, q);
  if (accepted.some((set) => set.size === got.size && [...set].every((n) => got.has(n)))) return undefined;
  const [expected] = accepted as [Set<string>];
  const missing = [...expected].filter((n) => !got.has(n));
  const extra = [...got].filter((n) => !expected.has(n));
  return `q=${JSON.stringify(q)} must match ${expected.size} of the ${fixtures.length} functions (substring of name, displayName, label key or value after trimming and lowercasing q), got ${got.size}${
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
 * whether the walk still agrees with it. The expected orders are sorted once.
 */
export class WalkOrderCheck {
  private readonly byName: Map<string, ListedFunction>;
  private readonly seen = new Set<string>();
  private readonly orderings: Array<Ordering & { expected: readonly ListedFunction[]; problem?: string }>;

  constructor(
    private readonly fixtures: readonly ListedFunction[],
    sort: FunctionSort,
  ) {
    this.byName = new Map(fixtures.map((f) => [f.metadata.name, f]));
    this.orderings = orderingsOf(sort).map((o) => ({ ...o, expected: sortedBy(fixtures, o.compare) }));
  }

  /** The next page's names; why the walk so far is not a prefix of the listing in order, or undefined. */
  page(names: readonly string[]): string | undefined {
    for (const name of names) {
      const position = this.seen.size;
      const item = this.byName.get(name);
      if (!item) return `item ${position} "${name}" is not one of the workspace's ${this.fixtures.length} functions`;
      if (this.seen.has(name)) return `"${name}" is listed twice (again at position ${position})`;
      this.seen.add(name);
      for (const o of this.orderings) {
        if (o.problem !== undefined) continue;
        const expected = o.expected[position]!;
        if (o.compare(item, expected) !== 0)
          o.problem = `position ${position} in ${o.label} order should hold ${describeItem(expected)}${
            o.label.startsWith('createdAt') ? ' or another item created at that instant' : ''
          }, got ${describeItem(item)}`;
      }
      if (this.orderings.every((o) => o.problem !== undefined)) return this.orderings[0]!.problem;
    }
    return undefined;
  }

  /** Once the walk ended: why it did not list every function, or undefined. */
  end(): string | undefined {
    if (this.seen.size === this.fixtures.length) return undefined;
    const missing = this.fixtures.map((f) => f.metadata.name).filter((n) => !this.seen.has(n));
    return `expected all ${this.fixtures.length} functions, the walk listed ${this.seen.size}; missing ${sample(missing)}`;
  }
}
