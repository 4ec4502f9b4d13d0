// Fixture sets of functions for the listing checks (GET /functions) and the queries
// derived from them. The sets are built to reach the boundaries of the listing's
// rules: names over the whole allowed alphabet and length, display names with spaces
// and capitals, labels, and createdAt values drawn from a small pool so ties occur.
import fc from 'fast-check';
import { drawnOnce } from './drawn-once.ts';
import { stringMatching } from './string-matching.ts';
import { FUNCTION_SORTS, MAX_QUERY_LENGTH, NAME_MAX_LENGTH, SEARCH_FIELDS, type SearchField } from '../spec/facts.ts';

/** What the listing and search oracles read of a function: its metadata, whether set by the check or read from the target (CONTRACT 1.3). */
export interface ListedFunction {
  metadata: FunctionFixture['metadata'];
}

export interface FunctionFixture {
  metadata: {
    name: string;
    displayName?: string;
    labels: Record<string, string>;
    /** RFC 3339 UTC; the `functions` state keeps it as given. */
    createdAt: string;
  };
  spec: { enabled: boolean; runtime: { generation: 'mk2' | 'mk3'; transport: 'websocket' | 'http-stream' } };
}

export interface FixtureSetOptions {
  minSize: number;
  maxSize: number;
  /** Every item carries one more label whose value is the same: a query from it matches all items. */
  sharedLabel?: boolean;
  /** Some items carry a label value longer than 200 characters (for the `q` length bound). */
  longLabelValues?: boolean;
}

/** A label value at least this long lets a query of more than 200 characters be a substring of it. */
const LONG_LABEL_MIN = 260;

// Section 2.1: lowercase alphanumeric and hyphens, at most 49. The sets keep to the
// DNS-label subset (a letter first, no hyphen last) that every implementation accepts, in
// three kinds: names of letters alone, which every collation orders as words (often
// sharing a prefix: "api", "apis", "apix"); names as deployments hold them, words and
// numbers joined by hyphens ("svc-9", "svc-10", "billing-api-2"), where collations differ;
// and any name the rule allows.
const lettersOnlyNameArb = fc.oneof(stringMatching(/^[a-e]{1,6}$/), stringMatching(/^[a-z]{1,20}$/));
const deployedNameArb = fc
  .tuple(fc.array(stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 3 }), fc.option(fc.oneof(fc.nat({ max: 12 }), fc.nat({ max: 10_000 }))))
  .map(([words, n]) => [...words, ...(n === null ? [] : [String(n)])].join('-'));
const nameArb = fc.oneof(lettersOnlyNameArb, deployedNameArb, stringMatching(/^[a-z]([a-z0-9-]{0,47}[a-z0-9])?$/));
/**
 * Letters beyond A to Z that real display names and labels hold, in both cases where the
 * script has them (case folding beyond ASCII; "ß" and final sigma, whose foldings differ,
 * among them), all in the Basic Multilingual Plane so that a character is one UTF-16 unit
 * and one code point alike. No İ: its lowercase is two characters, so a q of it alone is
 * under 2 characters or not depending on when the server counts.
 */
const LETTERS_BEYOND_ASCII = 'éÉüÜöÖßçÇñÑåÅøØłŁžŽδΔωΩσςΣжЖяЯ日本語中文한국';
/** Characters special elsewhere (SQL LIKE, globs, escapes): a search must match them as written. */
const SPECIAL = '_%*\\';
// "Spaces and special characters allowed. Max 63 characters." (section 2.1): plain ones, and ones with letters and characters special elsewhere.
const displayNameArb = fc.oneof(
  stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,62}$/),
  stringMatching(new RegExp(`^[A-Za-z${LETTERS_BEYOND_ASCII}][A-Za-z0-9 ${LETTERS_BEYOND_ASCII}${SPECIAL}.&'()-]{0,62}$`)),
);
// Labels are a "Map of string to string": keys with `_` and other characters special elsewhere at times, values with any of them.
const labelKeyArb = fc.oneof({ weight: 3, arbitrary: stringMatching(/^[a-z][a-z0-9-]{0,15}$/) }, { weight: 1, arbitrary: stringMatching(new RegExp(`^[a-z][a-z0-9_.${SPECIAL}-]{0,15}$`)) });
const labelValueArb = fc.oneof(stringMatching(/^[A-Za-z0-9 ._-]{0,30}$/), stringMatching(new RegExp(`^[A-Za-z0-9 ${LETTERS_BEYOND_ASCII}${SPECIAL}._-]{0,30}$`)));
const longLabelValueArb = stringMatching(new RegExp(`^[a-z0-9][a-z0-9 -]{${LONG_LABEL_MIN},300}[a-z0-9]$`));

/**
 * Timestamps start here and step by an hour, so equal pool indexes are equal instants;
 * every other one has milliseconds (written with a fraction, the others without), an hour
 * apart still, so a target that keeps whole seconds orders them alike.
 */
const EPOCH_SECONDS = Date.UTC(2022, 0, 1) / 1000;
const STEP_SECONDS = 3600;

/** The createdAt of pool index `i`, in RFC 3339 UTC. */
function poolInstant(i: number): string {
  const ms = (EPOCH_SECONDS + i * STEP_SECONDS) * 1000 + (i % 2 === 1 ? (i * 137) % 1000 : 0);
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

interface ItemParts {
  name: string;
  displayName: string | null;
  labels: Record<string, string>;
  longLabel: string | null;
  timeSeed: number;
  generation: 'mk2' | 'mk3';
  transport: 'websocket' | 'http-stream';
}

function itemPartsArb(longLabelValues: boolean): fc.Arbitrary<ItemParts> {
  return fc.record({
    name: nameArb,
    displayName: fc.option(displayNameArb, { freq: 6 }),
    labels: fc.dictionary(labelKeyArb, labelValueArb, { maxKeys: 3 }),
    longLabel: longLabelValues ? fc.option(longLabelValueArb, { freq: 2 }) : fc.constant(null),
    timeSeed: fc.nat(),
    generation: fc.constantFrom('mk2' as const, 'mk3' as const),
    transport: fc.constantFrom('websocket' as const, 'http-stream' as const),
  });
}

/** `name` with the base-36 suffix `-n`, cut to stay within the 49 characters of section 2.1. */
export function suffixedName(name: string, n: number): string {
  const suffix = `-${n.toString(36)}`;
  return `${name.slice(0, NAME_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** Makes the names unique: a repeated name gets a base-36 suffix. */
function uniqueName(name: string, index: number, taken: Set<string>): string {
  let candidate = name;
  for (let n = index; taken.has(candidate); n++) candidate = suffixedName(name, n);
  return candidate;
}

/** A set of exactly `size` functions with unique names; `poolSize` distinct createdAt instants (fewer than items: ties). */
function buildSet(parts: ItemParts[], poolSize: number, shared: [string, string] | null): FunctionFixture[] {
  const taken = new Set<string>();
  return parts.map((p, index) => {
    const name = uniqueName(p.name, index, taken);
    taken.add(name);
    const labels = { ...p.labels };
    if (p.longLabel !== null) labels.description = p.longLabel;
    if (shared) labels[shared[0]] = shared[1];
    const createdAt = poolInstant(p.timeSeed % poolSize);
    return {
      metadata: { name, ...(p.displayName !== null ? { displayName: p.displayName } : {}), labels, createdAt },
      spec: { enabled: true, runtime: { generation: p.generation, transport: p.transport } },
    };
  });
}

/** Fixture sets of `minSize` to `maxSize` functions. */
export function fixtureSetArb(options: FixtureSetOptions): fc.Arbitrary<FunctionFixture[]> {
  return fixtureSetOfSizeArb(fc.integer({ min: options.minSize, max: options.maxSize }), options);
}

/** Fixture sets of the sizes `sizeArb` draws; a failing set shrinks by its size first. */
function fixtureSetOfSizeArb(sizeArb: fc.Arbitrary<number>, options: Omit<FixtureSetOptions, 'minSize' | 'maxSize'>): fc.Arbitrary<FunctionFixture[]> {
  const sharedArb = options.sharedLabel ? fc.tuple(labelKeyArb, stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,20}$/)) : fc.constant(null);
  return sizeArb.chain((size) =>
    fc
      .tuple(
        fc.array(itemPartsArb(options.longLabelValues ?? false), { minLength: size, maxLength: size }),
        // Distinct instants: a few (many functions created at one instant, as a release deploys them) or any number.
        fc.oneof(fc.integer({ min: 1, max: Math.min(3, Math.max(1, size)) }), fc.integer({ min: 1, max: Math.max(1, size) })),
        sharedArb,
        options.longLabelValues ? longLabelValueArb : fc.constant(null),
      )
      .map(([parts, poolSize, shared, fallbackLong]) => {
        // A set asked to hold long label values holds at least one.
        const [first, ...others] = parts;
        const withLong = first && fallbackLong !== null && parts.every((p) => p.longLabel === null) ? [{ ...first, longLabel: fallbackLong }, ...others] : parts;
        return buildSet(withLong, poolSize, shared);
      }),
  );
}

/**
 * The rounds of the listing rules whose cases each put a whole workspace on the target (a
 * page, a walk, the legacy array): drawn with one seed they are the same for each of
 * them, so each round is set once and read side by side. The sizes reach each rule's
 * boundaries: empty and small sets, sets around the default limit of 50, and sets past
 * 1,000, where implementations commonly cap a listing (a capped legacy array).
 */
export const listingRoundArb: fc.Arbitrary<FunctionFixture[]> = drawnOnce(fixtureSetOfSizeArb(
  // A failing large set shrinks to the small sizes too, not only element by element.
  // Past the maximum more often than the others: with ⌈25/3⌉ rounds (support/rounds.ts), a
  // run lacks one in 0.65% of seeds (2.6% at the others' weight).
  fc.oneof(
    { withCrossShrink: true },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 60 }) },
    { weight: 2, arbitrary: fc.integer({ min: 40, max: 130 }) },
    { weight: 3, arbitrary: fc.integer({ min: 1_001, max: 1_100 }) },
  ),
  {},
));

/**
 * Pages of a walk: at most this many full ones and a part of one more (five full where the
 * limit divides the size), so that walks stay short: each page is a round trip while the
 * round holds the functions group (issue 15).
 */
const WALK_FULL_PAGES = 4;
/** The largest limit a walk is drawn with; a set too large for it draws from ten limits from the least that fits the pages. */
const WALK_MAX_LIMIT = 40;
const WALK_LIMIT_CHOICES = 10;

/** How a walk picks its limit from the size of its set (walkLimit), drawn apart from the set so that each shrinks on its own. */
export const walkChoiceArb = fc.record({ divides: fc.boolean(), pick: fc.nat() });
export type WalkChoice = { divides: boolean; pick: number };

/**
 * A limit that walks `size` functions in at most 5 pages: one that divides the size when
 * there is one and the choice asks (the last page is then full, where "hasMore = the page
 * is full" goes wrong), else any.
 */
export function walkLimit(size: number, { divides, pick }: WalkChoice): number {
  const min = Math.max(1, Math.ceil(size / (WALK_FULL_PAGES + 1)));
  const limits = Array.from({ length: Math.max(min + WALK_LIMIT_CHOICES - 1, WALK_MAX_LIMIT) - min + 1 }, (_, i) => min + i);
  const divisors = limits.filter((limit) => size % limit === 0);
  const from = divides && divisors.length > 0 ? divisors : limits;
  return from[pick % from.length]!;
}

/** One fixture set drawn with a fixed seed, for properties whose runs vary only the query. */
export function sampleFixtureSet(seed: number, options: FixtureSetOptions): FunctionFixture[] {
  const [set] = fc.sample(fixtureSetArb(options), { seed, numRuns: 1 });
  if (!set) throw new Error('fast-check drew no fixture set');
  return set;
}

const fieldsOf: Record<SearchField, (fn: ListedFunction) => string[]> = {
  name: (fn) => [fn.metadata.name],
  displayName: (fn) => (fn.metadata.displayName !== undefined ? [fn.metadata.displayName] : []),
  labelKey: (fn) => Object.keys(fn.metadata.labels),
  labelValue: (fn) => Object.values(fn.metadata.labels),
};

/** The strings a search may match in one function: name, display name, label keys and values. */
export function searchableFields(fn: ListedFunction): string[] {
  return SEARCH_FIELDS.flatMap((field) => fieldsOf[field](fn));
}

/** A substring of one field of that kind, 2 to `maxLength` characters, as written; undefined when the set has none. */
function substringOfField(fixtures: readonly ListedFunction[], field: SearchField, maxLength: number): fc.Arbitrary<string> | undefined {
  const values = [...new Set(fixtures.flatMap(fieldsOf[field]))].filter((v) => v.trim().length >= 2);
  if (values.length === 0) return undefined;
  return fc.constantFrom(...values).chain((value) =>
    fc
      .integer({ min: 0, max: value.length - 2 })
      .chain((start) => fc.integer({ min: start + 2, max: Math.min(value.length, start + maxLength) }).map((end) => value.slice(start, end))),
  );
}

/** Text that no fixture holds: `~` is outside every alphabet the fixtures use. */
export const unmatchedQueryArb = stringMatching(/^[a-z]{1,6}~[a-z]{1,6}$/);

/**
 * One query per kind of field the set has (a lowercase substring of it) and one that
 * matches nothing, so every run covers each field the search must look in.
 */
export function queryPerFieldArb(fixtures: readonly ListedFunction[], maxLength = MAX_QUERY_LENGTH): fc.Arbitrary<Array<[string, string]>> {
  const perField = SEARCH_FIELDS.flatMap((field) => {
    const arb = substringOfField(fixtures, field, maxLength);
    return arb ? [arb.map((q): [string, string] => [field, q.toLowerCase()])] : [];
  });
  return fc.tuple(...perField, unmatchedQueryArb.map((q): [string, string] => ['nothing', q]));
}

/** A letter beyond A to Z with a case pair of its own ("É" and "é", "Ж" and "ж"): every case folding lowercases it alike. */
const CASED_BEYOND_ASCII = /[^\u0000-\u007f]/;
const casedBeyondAscii = (c: string) => CASED_BEYOND_ASCII.test(c) && c.toLowerCase() !== c.toUpperCase() && c.toLowerCase().length === 1 && c.toUpperCase().length === 1;

/**
 * A lowercase piece of a field around a letter beyond A to Z with a case pair, 2 to
 * `maxLength` characters, when the set holds one (undefined otherwise): a query that shows
 * whether the server lowercases beyond ASCII.
 */
export function casedBeyondAsciiPieceArb(fixtures: readonly ListedFunction[], maxLength = MAX_QUERY_LENGTH): fc.Arbitrary<[string, string]> | undefined {
  const values = [...new Set(fixtures.flatMap(searchableFields))].filter((value) => value.length >= 2);
  // Positions in code units, as slice takes them; only where a piece of 2 characters or more after trimming holds one:
  // another character that is no blank within reach (else the filter below would never pass: "Ü " holds none).
  const otherWithin = (value: string, i: number) => value.split('').some((c, j) => j !== i && Math.abs(j - i) < maxLength && c.trim() !== '');
  const places = values.flatMap((value) => value.split('').flatMap((c, i) => (casedBeyondAscii(c) && otherWithin(value, i) ? [{ value, i }] : [])));
  if (places.length === 0) return undefined;
  // A piece [start, end) of 2 to maxLength characters that holds position i.
  return fc.constantFrom(...places).chain(({ value, i }) =>
    fc
      .integer({ min: Math.max(0, i - maxLength + 1), max: Math.min(i, value.length - 2) })
      .chain((start) => fc.integer({ min: Math.max(start + 2, i + 1), max: Math.min(value.length, start + maxLength) }).map((end): [string, string] => ['letter beyond A to Z', value.slice(start, end).toLowerCase()]))
      .filter(([, q]) => q.trim().length >= 2),
  );
}

/** Search queries over a fixture set, lowercase, of at most `maxLength` characters: substrings of each kind of field, and text that matches nothing. */
export function searchQueryArb(fixtures: readonly ListedFunction[], maxLength = MAX_QUERY_LENGTH): fc.Arbitrary<string> {
  return queryPerFieldArb(fixtures, maxLength).chain((queries) => fc.constantFrom(...queries.map(([, q]) => q)));
}

/** The most spaces scrambleCaseAndSpaces adds (3 on each side): a query to scramble is this much under the length bound. */
export const SCRAMBLE_PADDING = 6;

/** `text` with each letter's case flipped or not, and 0 to 3 spaces on each side. */
export function scrambleCaseAndSpaces(text: string): fc.Arbitrary<string> {
  const side = fc.nat({ max: SCRAMBLE_PADDING / 2 });
  return fc
    .tuple(fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }), side, side)
    .map(([upper, before, after]) => {
      const cased = [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join('');
      return `${' '.repeat(before)}${cased}${' '.repeat(after)}`;
    });
}

/** The label values longer than 200 characters in a set. */
export function longLabelValues(fixtures: readonly ListedFunction[]): string[] {
  return fixtures.flatMap((f) => Object.values(f.metadata.labels)).filter((v) => v.length > 200);
}

const DAY_MS = 86_400_000;

/** Calendar dates YYYY-MM-DD from `from` to `to`, both included (for `Service-Version`). */
export function dateArb(from: string, to: string): fc.Arbitrary<string> {
  return fc
    .integer({ min: Date.parse(from) / DAY_MS, max: Date.parse(to) / DAY_MS })
    .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
}

// ---- Query inputs outside the happy path ----

/** Limits under 1 or not integers: zero and negatives, fractions, words. Never `x.0` or `1e2`, which some parsers read as integers. */
export const invalidLimitArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 999 })).map(([whole, fraction]) => `${whole}.${fraction}`),
  stringMatching(/^[a-z]{1,8}$/),
  fc.constantFrom('5a', '1/2', 'ten', '--1', '[]'),
);

/** Sort values outside the enum (near misses and words), never a case or whitespace variant of a valid one. */
export const unknownSortArb: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom('createdAt', 'name', 'updatedAt:desc', 'updatedAt:asc', 'createdAt:up', 'name:descending', 'displayName:asc', 'asc', '-createdAt', 'createdAt:desc,name:asc'),
    stringMatching(/^[a-zA-Z]{1,12}(:[a-z]{1,6})?$/),
  )
  .filter((s) => !FUNCTION_SORTS.some((v) => v.toLowerCase() === s.toLowerCase()));

/**
 * q values that trim to fewer than 2 characters: one character alone (fewer than 2 however
 * counted), one with spaces around (fewer than 2 once trimmed), sometimes only spaces.
 */
export const shortQueryArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: stringMatching(/^[A-Za-z0-9-]$/) },
  { weight: 2, arbitrary: stringMatching(/^ {0,3}[A-Za-z0-9-] {0,3}$/) },
  { weight: 2, arbitrary: stringMatching(/^ {0,3}$/) },
);

/** An end that no fixture holds (`~` is in no generated field). */
const unmatchedTailArb = stringMatching(/^~[a-z]{0,59}$/);

/**
 * q values over 200 characters whose first 200 are a substring of a long label value and
 * whose end (`~...`) is in no fixture: searched as at most 200 characters they match that
 * label's function, searched in full they match nothing.
 */
export function overlongQueryArb(longValues: readonly string[]): fc.Arbitrary<string> {
  return fc.constantFrom(...longValues).chain((value) =>
    fc.tuple(startOf200Arb(value), unmatchedTailArb).map(([start, tail]) => value.slice(start, start + MAX_QUERY_LENGTH) + tail),
  );
}

/** q values of exactly 200 characters, a substring of a long label value that trimming leaves whole: at the bound, searched whole. */
export function atBoundQueryArb(longValues: readonly string[]): fc.Arbitrary<string> {
  return fc
    .constantFrom(...longValues)
    .chain((value) => startOf200Arb(value).filter((start) => value[start + MAX_QUERY_LENGTH - 1] !== ' ').map((start) => value.slice(start, start + MAX_QUERY_LENGTH)));
}

/** Where 200 characters of `value` start that do not start with a space. */
const startOf200Arb = (value: string) => fc.integer({ min: 0, max: value.length - MAX_QUERY_LENGTH }).filter((start) => value[start] !== ' ');

const BASE64URL = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];

export interface ForgedCursor {
  kind: 'garbage' | 'truncated' | 'altered';
  cursor: string;
}

/**
 * Cursors the server never issued, made from one it did: garbage, a strict prefix of it,
 * or it with one character changed. The last character is left alone (in base64 it
 * may carry only padding bits) and a letter is never swapped for its other case (hex
 * decoders ignore case).
 */
export function forgedCursorArb(issued: string): fc.Arbitrary<ForgedCursor> {
  const garbage = fc
    .stringMatching(/^[A-Za-z0-9_.=-]{1,120}$/)
    .filter((c) => c !== issued)
    .map((cursor): ForgedCursor => ({ kind: 'garbage', cursor }));
  if (issued.length < 2) return garbage;
  const truncated = fc.integer({ min: 1, max: issued.length - 1 }).map((cut): ForgedCursor => ({ kind: 'truncated', cursor: issued.slice(0, cut) }));
  const altered = fc.integer({ min: 0, max: issued.length - 2 }).chain((at) => {
    const original = issued[at]!;
    const replacements = BASE64URL.filter((c) => c.toLowerCase() !== original.toLowerCase());
    return fc.constantFrom(...replacements).map((c): ForgedCursor => ({ kind: 'altered', cursor: issued.slice(0, at) + c + issued.slice(at + 1) }));
  });
  return fc.oneof(garbage, truncated, altered);
}
