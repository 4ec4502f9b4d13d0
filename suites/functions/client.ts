// Requests to GET /functions and the reading of their answers, shared by the
// functions checks: each reader fails the check, with what the specification
// requires, when the answer does not have the shape the rule needs.
import type fc from 'fast-check';
import { listingRoundArb, sampleFixtureSet, type FixtureSetOptions, type FunctionFixture, type ListedFunction } from '../../generators/functions-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { Lanes } from '../../harness/lanes.ts';
import type { Need } from '../../harness/rule.ts';
import type { StateName } from '../../spec/test-control.ts';
import type { HttpResponse } from '../../harness/http.ts';
import type { QueryValue } from '../../spec/openapi.ts';
import type { Exchange } from '../../results/model.ts';
import { firstPageProblem, listingBetween, type Listing, type NameOrder } from './oracle.ts';
import { describeBody, isObject, nameOf, type JsonObject } from '../support/json.ts';
import { PAGED_VERSION, versionHeaders } from '../support/versions.ts';
import { followCursors } from '../support/paging.ts';
import { overRounds } from '../support/rounds.ts';
import { jsonDigest, sameJson } from '../support/existing-data.ts';
import { inRepeat, type Source } from '../../harness/readings.ts';
import { RUN_MARK_KEY, withoutRunMark } from '../../harness/run-mark.ts';
import { withoutAbsentNulls } from '../../harness/validator.ts';
import { FUNCTIONS_DEFAULT_LIMIT, FUNCTIONS_MAX_LIMIT, type FunctionSort } from '../../spec/facts.ts';

/** A check that sets functions on the target. */
export const FIXTURES = { needs: ['control', 'writes'] satisfies Need[], states: ['functions'] satisfies StateName[] };

/** A check that sets fixtures, or works on the functions the target holds where it cannot (CONTRACT 1.3). */
export const FIXTURES_OR_EXISTING = { ...FIXTURES, existing: true } as const;


export interface ListQuery {
  limit?: QueryValue;
  sort?: string;
  q?: string;
  cursor?: string;
  anchor?: string;
}

export interface ListOptions {
  /** The version header's date (section 9); null sends none. Default: the paged version. */
  version?: string | null;
  token?: string;
}

export interface Page {
  names: string[];
  /** The listed functions as the oracles read them (oracle.ts), in the order listed. */
  items: ListedFunction[];
  hasMore: boolean;
  nextCursor: string;
  /** Not Required (CONTRACT 3): absent when the target leaves it out. */
  total?: number;
  exchange: Exchange;
}

export async function listFunctions(t: Check, query: ListQuery = {}, options: ListOptions = {}): Promise<HttpResponse> {
  const version = options.version === undefined ? PAGED_VERSION : options.version;
  const res = await t.api('/functions', {
    token: options.token ?? t.config.credentials.admin,
    query: { ...query },
    headers: versionHeaders(t, version),
  });
  // A null where nothing is required is a field left out (harness/validator.ts, absentNulls).
  return res.status === 200 ? { ...res, json: withoutAbsentNulls('controlPlane', 'listFunctions', 200, res.json) } : res;
}

/** The rounds of fixture sets the listing rules whose cases each set a whole workspace read side by side. */
export const LISTING_ROUNDS = 'functions.listing-rounds';

/**
 * A property over the listing rounds (listingRoundArb, support/rounds.ts): case i of each
 * rule that reads them puts round i on the target, and they read it side by side (the
 * rule declared with `shares: LISTING_ROUNDS`); `params` draws each query of a case.
 * `params` is a function of the fixtures only where it must be; `sameAs` as overRounds'.
 */
export function overListingRounds<P extends object>(
  t: Check,
  params: fc.Arbitrary<P> | ((fixtures: Listing) => fc.Arbitrary<P>),
  predicate: (c: P & { fixtures: Listing }) => Promise<void>,
  sameAs?: (c: P & { fixtures: Listing }) => unknown,
): Promise<void> {
  // On existing data there is one round: what the workspace holds; the cases vary the queries.
  // Two cases that make one query (two walk choices that make one limit, as all do over
  // 10,000 functions) share its verdict: one walk of 50 pages instead of one a case. A
  // repeat of a failed case (Check.confirmed) asks again.
  if (t.data === 'existing')
    return withFunctions(t, (fixtures) => {
      const verdicts = new Map<string, Promise<void>>();
      return t.property(typeof params === 'function' ? params(fixtures) : params, (p) => {
        const c = { ...p, fixtures };
        if (inRepeat()) return predicate(c);
        const key = JSON.stringify(sameAs ? sameAs(c) : p);
        if (!verdicts.has(key)) verdicts.set(key, predicate(c));
        return verdicts.get(key)!;
      });
    });
  return overRounds(
    t,
    listingRoundArb,
    params,
    (fixtures) => t.shareState('functions', { items: fixtures }),
    (fixtures, p) => predicate({ ...p, fixtures }),
    sameAs && ((fixtures, p) => sameAs({ ...p, fixtures })),
  );
}

/**
 * The fixture sets that several rules read without changing them, each drawn from the
 * run's seed and its name: the rules that declare one (`shares: SHARED_SETS.x.name`) set
 * it once and read it side by side (Check.shareState). Each set has what all of its
 * readers need.
 */
export const SHARED_SETS = {
  /** 10 to 30: a first page of up to 5 always has a next page (the cursor rules). */
  cursor: { name: 'functions.cursor-set', options: { minSize: 10, maxSize: 30 } },
  /**
   * 20 to 60, a label all of them carry: the searches, and meta.total under them. Not the
   * overlong searches: their label values of over 200 characters are a set of their own, so
   * that a target refusing such values skips only the rule that needs them.
   */
  search: { name: 'functions.search-set', options: { minSize: 20, maxSize: 60, sharedLabel: true } },
  /** 3 to 20, fewer than the default limit: one page lists every one. */
  small: { name: 'functions.small-set', options: { minSize: 3, maxSize: 20 } },
  /**
   * More than 1,000, where implementations commonly cap a listing: every limit fills its
   * page, and a walk of a limit over 200 has pages after the first to be clamped.
   */
  large: { name: 'functions.large-set', options: { minSize: 1_001, maxSize: 1_100 } },
} as const satisfies Record<string, { name: string; options: FixtureSetOptions }>;

/** Puts the shared set the rule declares on the target, or finds it there, and holds it beside its other readers. */
export async function sharedFixtureSet(t: Check): Promise<FunctionFixture[]> {
  const set = Object.values(SHARED_SETS).find((s) => s.name === t.shares);
  if (!set) throw new Error(`${t.ruleId} reads a shared fixture set but shares none of ${Object.values(SHARED_SETS).map((s) => s.name).join(', ')}`);
  const fixtures = sampleFixtureSet(t.sharedSeed(), set.options);
  await t.shareState('functions', { items: fixtures });
  return fixtures;
}

/**
 * The functions a check reads: the shared set it declares, put on the target; or, on
 * existing data, every function the workspace holds (WORKSPACE_FUNCTIONS), which the
 * check's answers are judged against (expectOnListing).
 */
export async function withFunctions(t: Check, body: (fixtures: Listing) => Promise<void>): Promise<void> {
  if (t.data === 'existing') return body((await t.existing(WORKSPACE_FUNCTIONS)).listing);
  await body(await sharedFixtureSet(t));
}

/**
 * Fails the check when `problemOf` the functions finds a problem in an answer: on set
 * data the fixtures it set; on existing data judged against readings of the workspace
 * that bracket the answer, and what a state between them may hold (Check.judge).
 * `spansRequests`: the answer is a walk of several pages.
 */
export async function expectOnListing(
  t: Check,
  listing: Listing,
  problemOf: (listing: Listing) => string | undefined,
  message: (problem: string) => string,
  options: { exchange?: Exchange; spansRequests?: boolean } = {},
): Promise<void> {
  if (t.data === 'existing') return t.judge(WORKSPACE_FUNCTIONS, (read) => problemOf(read.listing), message, options);
  const problem = problemOf(listing);
  if (problem !== undefined) t.fail(message(problem), options.exchange);
}

/** On existing data, says when the workspace holds too few functions for `bound` to be reached (`what`, "the clamp to 200"). */
export function noteUnreached(t: Check, fixtures: readonly ListedFunction[], bound: number, what: string): void {
  if (t.data === 'existing' && fixtures.length <= bound) t.note(`${what} was not reached: the workspace holds ${fixtures.length} functions`);
}

/** On existing data, skips the check when the workspace holds fewer than `min` functions, saying what it needs them for. */
export function requireFunctions(t: Check, fixtures: readonly ListedFunction[], min: number, why: string): void {
  if (fixtures.length < min) t.skip(`the workspace holds ${fixtures.length} functions; this check needs ${min} at least (${why}): deploy more, or give --control-url`);
}

/** Existing functions may come without createdAt (it is not Required): their order by createdAt cannot be known. */
export function requireCreatedAt(t: Check, fixtures: readonly ListedFunction[], sort: FunctionSort): void {
  if (sort.startsWith('createdAt') && fixtures.some((f) => f.metadata.createdAt === ''))
    t.skip('some functions carry no metadata.createdAt (it is not Required): their order by createdAt cannot be checked');
}

/**
 * Every function of the workspace as the checks read it: as the oracles read them; whole
 * only those with triggers (the trigger checks read the rest of a Function); and each as a
 * digest of its JSON, which tells whether the data moved between two readings. A reading
 * of 10,000 functions so holds their names, labels and dates, not every field of each.
 */
export interface WorkspaceFunctions {
  listing: Listing;
  withTriggers: readonly JsonObject[];
  digests: readonly string[];
}

/** The functions the workspace holds (CONTRACT 1.3), read by walking every page (harness/readings.ts). */
export const WORKSPACE_FUNCTIONS: Source<WorkspaceFunctions> = {
  what: 'the functions of the workspace',
  read: async (t) => {
    const { items, nameOrder } = await existingFunctionItems(t);
    const listing = Object.assign(items.map(asListed), { nameOrder });
    return { listing, withTriggers: items.filter((item) => triggersOf(item).length > 0), digests: items.map(jsonDigest) };
  },
  same: (before, after) => sameJson(before.digests, after.digests),
  between: (before, after) => ({ ...after, listing: listingBetween(before.listing, after.listing) }),
  names: (read) => read.listing.map((f) => f.metadata.name),
};

/** A listed Function's spec (an empty object when it has none). */
export const specOf = (item: JsonObject): JsonObject => (isObject(item.spec) ? item.spec : {});
/** A listed Function's triggers (the objects among them). */
export const triggersOf = (item: JsonObject): JsonObject[] => (Array.isArray(specOf(item).triggers) ? (specOf(item).triggers as unknown[]).filter(isObject) : []);

/** Pages of limit 200 the walk of every function reads at most: a workspace of more than 50,000 functions is more than a check reads. */
const EXISTING_MAX_PAGES = 250;

/**
 * Every function of the workspace as the target lists it, in code-unit order of names, and
 * the target's own order of names: the walk of every page of name:asc at the largest limit
 * (section 2.8). A name listed twice is kept once (the pagination rules report the repeat).
 */
async function existingFunctionItems(t: Check): Promise<{ items: JsonObject[]; nameOrder: NameOrder }> {
  const byName = new Map<string, JsonObject>();
  const nameOrder = await readNameOrder(t, 'reading every function of the workspace', (item, name) => {
    if (!byName.has(name)) byName.set(name, item);
  });
  return { items: [...byName.keys()].sort().map((name) => byName.get(name)!), nameOrder };
}

/** The target's order of names (oracle.ts NameOrder): its walk of name:asc at the largest limit, each listed Function handed to `onItem` as it comes. */
async function readNameOrder(t: Check, what: string, onItem: (item: JsonObject, name: string) => void = () => undefined): Promise<NameOrder> {
  const names: string[] = [];
  const seen = new Set<string>();
  const pages: Array<{ exchange: Exchange; count: number }> = [];
  await walkFunctionItems(t, what, (items, page) => {
    pages.push({ exchange: page.exchange, count: items.length });
    for (const item of items) {
      const name = String(nameOf(item));
      onItem(item, name);
      if (!seen.has(name)) names.push(name);
      seen.add(name);
    }
  });
  return { names, pages, read: `the walk of name:asc at limit=${FUNCTIONS_MAX_LIMIT} (${pages.length} page${pages.length === 1 ? '' : 's'})` };
}

const nameOrdersRead = new WeakMap<Check, WeakMap<Listing, Promise<Listing>>>();

/**
 * The listing with the target's order of names, which the name sorts are judged by
 * (oracle.ts orderingsOf): on existing data the reading of every function holds it; on set
 * data the check reads it once for each fixture set, by the same walk.
 */
export function withNameOrder(t: Check, listing: Listing): Promise<Listing> {
  if (listing.nameOrder) return Promise.resolve(listing);
  let read = nameOrdersRead.get(t);
  if (!read) nameOrdersRead.set(t, (read = new WeakMap()));
  let ordered = read.get(listing);
  if (!ordered) {
    ordered = readNameOrder(t, `reading the target's order of the ${listing.length} names (name:asc)`).then((nameOrder) => Object.assign([...listing], { nameOrder }));
    read.set(listing, ordered);
  }
  return ordered;
}

/** `listing` as a sort judges it: with the target's order of names where the sort is by name. */
export const orderedFor = (t: Check, listing: Listing, sort: FunctionSort): Promise<Listing> => (sort.startsWith('name') ? withNameOrder(t, listing) : Promise.resolve(listing));

/** Every page of the listing at the largest limit, in name order, each page's Functions handed to `onPage` as they come. */
export async function walkFunctionItems(t: Check, what: string, onPage: (items: JsonObject[], page: Page) => void, options: ListOptions = {}): Promise<void> {
  let cursor: string | undefined;
  for (let pages = 0; ; pages++) {
    if (pages === EXISTING_MAX_PAGES) t.skip(`${what}: the workspace holds more than ${EXISTING_MAX_PAGES * FUNCTIONS_MAX_LIMIT} functions, more than a check reads`);
    const query: ListQuery = { limit: FUNCTIONS_MAX_LIMIT, sort: 'name:asc', ...(cursor === undefined ? {} : { cursor }) };
    const res = await listFunctions(t, query, options);
    const page = pageOf(t, res, `${what}, page ${pages + 1}`);
    onPage((res.json as { data: JsonObject[] }).data, page);
    if (!page.hasMore) return;
    t.assert(page.nextCursor !== '', `${what}: page ${pages + 1} says hasMore true but its nextCursor is empty, so the listing cannot be continued (section 2.8)`);
    cursor = page.nextCursor;
  }
}

/** What the oracles read of a listed Function (its name is there: pageOf checked it); without createdAt, '' there, which the createdAt orders cannot place. */
export function asListed(item: JsonObject): ListedFunction {
  const metadata = isObject(item.metadata) ? item.metadata : {};
  // The run's mark read past (harness/run-mark.ts): the labels the check set, or the target holds of its own.
  const labels = isObject(metadata.labels) ? Object.fromEntries(Object.entries(withoutRunMark(metadata.labels)).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
  return {
    metadata: {
      name: String(metadata.name),
      ...(typeof metadata.displayName === 'string' ? { displayName: metadata.displayName } : {}),
      labels,
      createdAt: typeof metadata.createdAt === 'string' ? metadata.createdAt : '',
    },
  };
}

/** The workspace holds exactly these functions (provider state `functions`). */
export function setFunctions(t: Check, fixtures: readonly FunctionFixture[]): Promise<void> {
  return t.control.set('functions', { items: fixtures });
}


/** The names of a list of Function objects, or undefined when an item has no metadata.name. */
function namesOf(items: unknown[]): string[] | undefined {
  const names = items.map(nameOf);
  return names.every((n): n is string => typeof n === 'string') ? names : undefined;
}

/** The page of a FunctionList answer; fails the check when `res` is not 200 with `{data, meta}`. */
export function pageOf(t: Check, res: HttpResponse, what: string): Page {
  const page = readPage(res);
  if (page) return page;
  t.fail(`${what}: the specification requires 200 with a FunctionList {data, meta: {hasMore, nextCursor, total?}}; got ${res.status} with ${describeBody(res)}`, res.exchange);
}

/** The page of `res` when it is 200 with a well-formed FunctionList, else undefined. */
export function readPage(res: HttpResponse): Page | undefined {
  if (res.status !== 200 || !isObject(res.json)) return undefined;
  const { data, meta } = res.json;
  if (!Array.isArray(data) || !isObject(meta)) return undefined;
  const names = namesOf(data);
  const { hasMore, nextCursor, total } = meta;
  if (!names || typeof hasMore !== 'boolean' || typeof nextCursor !== 'string') return undefined;
  if (total !== undefined && typeof total !== 'number') return undefined;
  return { names, items: (data as JsonObject[]).map(asListed), hasMore, nextCursor, ...(total === undefined ? {} : { total }), exchange: res.exchange };
}

/** The functions of a legacy answer; fails the check when `res` is not 200 with a bare array of functions. */
export function legacyItemsOf(t: Check, res: HttpResponse, what: string): ListedFunction[] {
  const items = readLegacy(res);
  if (items) return items;
  t.fail(legacyRequired(what, `${res.status} with ${describeBody(res)}`), res.exchange);
}

const legacyRequired = (what: string, got: string) => `${what}: the specification requires 200 with a bare array of every Function (versions before ${PAGED_VERSION}); got ${got}`;

export function readLegacy(res: HttpResponse): ListedFunction[] | undefined {
  return res.status === 200 && Array.isArray(res.json) && namesOf(res.json) ? (res.json as JsonObject[]).map(asListed) : undefined;
}

/**
 * A listing's answer as a check keeps it while it waits (on existing data, for the readings
 * its answer is judged against): its page or its bare array as the oracles read them, and its
 * exchange; not the answer's text and JSON. A bare array holds every function whole: at
 * 10,000 functions some 30 MB an answer, and a property's cases wait side by side.
 */
export interface ListingAnswer {
  page?: Page;
  legacy?: ListedFunction[];
  /** Its status and body, for a failure that it is neither. */
  described: string;
  exchange: Exchange;
}

export function readListing(t: Check, query: ListQuery, options: ListOptions = {}): Promise<ListingAnswer> {
  return wholeListing(t, async () => {
    const res = await listFunctions(t, query, options);
    return { page: readPage(res), legacy: readLegacy(res), described: `${res.status} with ${describeBody(res)}`, exchange: res.exchange };
  });
}

/** The functions of a legacy answer (legacyItemsOf) and its exchange, kept as readListing keeps them. */
export async function fetchLegacy(t: Check, query: ListQuery, what: string, options: ListOptions = {}): Promise<{ items: ListedFunction[]; exchange: Exchange }> {
  const { legacy, described, exchange } = await readListing(t, query, options);
  if (!legacy) t.fail(legacyRequired(what, described), exchange);
  return { items: legacy, exchange };
}

/**
 * Answers that may hold every function a check reads two at a time on existing data: a
 * bare array of 10,000 functions is 11 MB, held as bytes, as text and parsed while it is
 * read, and a property's cases would otherwise read sixteen at once. The target answers
 * them one after the other anyway. On set data the rounds hold 1,100 functions at most.
 */
const WHOLE_LISTINGS_AT_ONCE = 2;
const wholeListingReads = new WeakMap<Check, Lanes>();

async function wholeListing<T>(t: Check, read: () => Promise<T>): Promise<T> {
  if (t.data !== 'existing') return read();
  let reads = wholeListingReads.get(t);
  if (!reads) wholeListingReads.set(t, (reads = new Lanes(WHOLE_LISTINGS_AT_ONCE)));
  await reads.take();
  try {
    return await read();
  } finally {
    reads.give();
  }
}

export async function fetchPage(t: Check, query: ListQuery, what: string, options: ListOptions = {}): Promise<Page> {
  return pageOf(t, await listFunctions(t, query, options), what);
}

/**
 * The walk of section 2.8 (followCursors) over the listing of `query`, one
 * page held at a time (a walk of 10,000 functions); at most the pages `expectedItems`
 * fill, plus one empty page. Returns the number of pages.
 */
export async function walkEach(
  t: Check,
  query: ListQuery,
  expectedItems: number,
  what: string,
  onPage: (page: Page, index: number) => void,
  options: ListOptions = {},
): Promise<number> {
  const limit = query.limit === undefined ? FUNCTIONS_DEFAULT_LIMIT : Math.min(Number(query.limit), FUNCTIONS_MAX_LIMIT);
  const maxPages = Math.ceil(expectedItems / limit) + 1;
  const fetch = (cursor: string | undefined, i: number) => fetchPage(t, cursor === undefined ? query : { ...query, cursor }, `${what}, page ${i + 1}`, options);
  return followCursors(t, `${what} (${expectedItems} functions, pages of at most ${limit})`, maxPages, fetch, onPage);
}

/** `walkEach`, keeping the pages. */
export async function walk(t: Check, query: ListQuery, expectedItems: number, what: string): Promise<Page[]> {
  const pages: Page[] = [];
  await walkEach(t, query, expectedItems, what, (page) => pages.push(page));
  return pages;
}

/** Fails the check unless `page` is the first page of `limit` in `sort` order. */
export async function expectFirstPage(t: Check, page: Page, listing: Listing, query: { sort: FunctionSort; limit: number }, what: string): Promise<void> {
  requireCreatedAt(t, listing, query.sort);
  const ordered = await orderedFor(t, listing, query.sort);
  await expectOnListing(t, ordered, (l) => firstPageProblem(page.items, l, query.sort, query.limit), (problem) => `${what}: ${problem}`, { exchange: page.exchange });
}

/** The functions of the workspace as the paged listing returns them, by name (at most 200: one page). */
export async function listedByName(t: Check, what: string, options: ListOptions = {}): Promise<Map<string, JsonObject>> {
  const res = await listFunctions(t, { limit: FUNCTIONS_MAX_LIMIT }, options);
  const page = pageOf(t, res, what);
  t.assert(!page.hasMore, `${what}: fewer than ${FUNCTIONS_MAX_LIMIT} functions must fit in one page of limit=${FUNCTIONS_MAX_LIMIT}`, page.exchange);
  const items = (res.json as { data: JsonObject[] }).data;
  return new Map(items.map((item) => [String(nameOf(item)), unmarked(item)]));
}

/** A listed Function as the check set it: without the run's mark among its labels (harness/run-mark.ts). */
function unmarked(item: JsonObject): JsonObject {
  const metadata = isObject(item.metadata) ? item.metadata : undefined;
  if (!metadata || !isObject(metadata.labels) || !(RUN_MARK_KEY in metadata.labels)) return item;
  return { ...item, metadata: { ...metadata, labels: withoutRunMark(metadata.labels) } };
}
