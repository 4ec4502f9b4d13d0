// The listing's request, read to the letter of sections 4.1, 8 and 9: which version
// answers, and the paged query's limit, sort, q, anchor and cursor, or the 400 that
// refuses them.
import { PAGED_LISTING_SINCE } from '../../../spec/versions.ts';
import { apiError, type Reply } from '../../area.ts';
import type { Faults } from '../../faults/registry.ts';
import type { Variants } from '../../variants/registry.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTION_SORTS, FUNCTIONS_DEFAULT_LIMIT, FUNCTIONS_MAX_LIMIT, MAX_QUERY_LENGTH, MIN_QUERY_LENGTH, type FunctionSort } from '../../../spec/facts.ts';

export type Shape = 'paged' | 'legacy' | 'unversioned';

export const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && 'status' in value;

const badRequest = (message: string) => apiError(400, 'BadRequest', message);

/** A calendar date in YYYY-MM-DD form. */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

/**
 * Section 9: dates from 2026-04-28 get the paged shape, older dates the bare array; no
 * header: paged. The variant refuses-unknown-versions knows 2026-04-28 alone; the
 * variant blaxel-service knows the public service's two versions and defaults to legacy.
 */
export function shapeOf(version: string | undefined, faults: Faults, variants: Variants): Shape | Reply {
  if (variants.has('blaxel-service')) {
    if (version === undefined) return 'legacy';
    const known: Record<string, Shape> = { [BLAXEL_LEGACY_VERSION]: 'legacy', [PAGED_LISTING_SINCE]: 'paged' };
    // The public service's documented answer, which has no `code`.
    return known[version] ?? { status: 400, body: { error: 'invalid_api_version', message: `Unknown API version "${version}". Valid versions: ${Object.keys(known).join(', ')}.` } };
  }
  if (version === undefined) return variants.has('unversioned-legacy') ? 'legacy' : 'unversioned';
  // No answer is stated for a version that is not a date: 400, or the latest (undescribed-inputs-served).
  if (!isDate(version)) return variants.has('undescribed-inputs-served') ? 'paged' : badRequest(`Service-Version must be a date YYYY-MM-DD, got "${version}"`);
  if (variants.has('refuses-unknown-versions') && version !== PAGED_LISTING_SINCE) return badRequest(`unknown version ${version}`);
  const boundary = faults.has('functions-legacy-before-2026-only') ? '2026-01-01' : PAGED_LISTING_SINCE;
  const legacy = faults.has('functions-boundary-date-legacy') ? version <= PAGED_LISTING_SINCE : version < boundary || (version > PAGED_LISTING_SINCE && faults.has('functions-later-version-legacy'));
  return legacy && !faults.has('functions-older-version-paged') ? 'legacy' : 'paged';
}

/** The older version the public service documents (spec/profiles.ts, profile `blaxel`). */
const BLAXEL_LEGACY_VERSION = '2026-04-16';

export interface PagedQuery {
  sort: FunctionSort;
  /** The order the page is read in (differs from `sort` only under a fault). */
  order: FunctionSort;
  limit: number;
  /** Trimmed and lowercased; '' when under 2 characters (no filter). */
  q: string;
  anchorEnd: boolean;
  cursor?: string;
  /** Which of the bound parameters the request names (a fault checks a cursor's binding only against those). */
  named: { sort: boolean; q: boolean };
}

/** `clampUnderMinimum`: the variant clamps-limit-under-minimum serves an integer under 1 as 1. */
export function parseLimit(raw: string | null, faults: Faults, clampUnderMinimum = false): number | Reply {
  if (raw === null) return faults.has('functions-default-limit-20') ? 20 : FUNCTIONS_DEFAULT_LIMIT;
  if (raw === '1' && faults.has('functions-limit-one-as-default')) return FUNCTIONS_DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    if (faults.has('functions-limit-zero-served') && /^-?\d+$/.test(raw)) return FUNCTIONS_DEFAULT_LIMIT;
    if (faults.has('functions-limit-not-integer-served') && !/^-?\d+$/.test(raw)) return FUNCTIONS_DEFAULT_LIMIT;
    if (clampUnderMinimum && /^-?\d+$/.test(raw)) return 1;
    return badRequest(`limit must be an integer of at least 1, got "${raw}"`);
  }
  const limit = Number(raw);
  if (faults.has('functions-limit-not-clamped')) return limit;
  if (faults.has('functions-limit-capped-at-100')) return Math.min(limit, 100);
  return Math.min(limit, FUNCTIONS_MAX_LIMIT);
}

/** `lenient`: the variant lenient-enum-values serves a value outside the enum with the default. */
function parseSort(raw: string | null, faults: Faults, lenient: boolean): FunctionSort | Reply {
  const fallback: FunctionSort = faults.has('functions-default-sort-asc') ? 'createdAt:asc' : DEFAULT_FUNCTION_SORT;
  if (raw === null) return faults.has('functions-sort-required') ? badRequest('sort is required') : fallback;
  if ((FUNCTION_SORTS as readonly string[]).includes(raw)) return raw as FunctionSort;
  if (faults.has('functions-unknown-sort-served') || lenient) return fallback;
  return badRequest(`sort must be one of ${FUNCTION_SORTS.join(', ')}, got "${raw}"`);
}

/**
 * How the server folds q and the fields it searches: Unicode lowercasing; full case folding
 * (ICU, Python's casefold: "ß" as "ss", final sigma as sigma) with the variant
 * search-full-case-folding; lowercasing that also drops accents (a search engine's
 * asciifolding: "é" as "e") with the variant search-accent-folding; A to Z only (SQLite's
 * lower(), a C locale) with the fault functions-search-ascii-case-folding, which leaves "É"
 * as it is: not lowercased.
 */
export function caseFoldOf(faults: Faults, variants: Variants): (text: string) => string {
  if (faults.has('functions-search-ascii-case-folding')) return (text) => text.replace(/[A-Z]+/g, (upper) => upper.toLowerCase());
  if (variants.has('search-full-case-folding')) return (text) => text.toUpperCase().toLowerCase().replace(/ς/g, 'σ');
  if (variants.has('search-accent-folding')) return (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (text) => text.toLowerCase();
}

/** Marks where each searched field, and q, start under the fault functions-search-prefix-only: no field holds it. */
export const FIELD_START = '\u0001';

/**
 * Section 4.1: trimmed, lowercased, under 2 characters means no filter: counted after
 * trimming, or before it with the variant search-length-before-trimming.
 */
export function normaliseQ(raw: string | null, faults: Faults, variants: Variants): string {
  // A q no field holds: a blank q searched as it is.
  if (raw !== null && raw.trim() === '' && faults.has('functions-blank-q-matches-nothing')) return '\u0000';
  let q = raw ?? '';
  if (!faults.has('functions-q-not-trimmed')) q = q.trim();
  // Counted before folding: a folding may change the length ("ß" as "ss").
  const counted = variants.has('search-length-before-trimming') ? (raw ?? '') : q;
  if (!faults.has('functions-q-not-lowercased')) q = caseFoldOf(faults, variants)(q);
  const min = faults.has('functions-one-char-q-filters') ? 1 : MIN_QUERY_LENGTH;
  if (counted.length < min) return '';
  // The field's start marked as the q's (functions-search-prefix-only): a match is a prefix.
  return faults.has('functions-search-prefix-only') ? `${FIELD_START}${q}` : q;
}

/** The order a sort named is read in under the faults that read one sort in another order. */
function faultyOrder(named: string | null, faults: Faults): FunctionSort | undefined {
  if (named === 'name:desc' && faults.has('functions-name-desc-as-asc')) return 'name:asc';
  if (named === 'createdAt:asc' && faults.has('functions-created-at-asc-as-desc')) return 'createdAt:desc';
  if (named === 'createdAt:desc' && faults.has('functions-created-at-desc-as-asc')) return 'createdAt:asc';
  return undefined;
}

export function parsePagedQuery(query: URLSearchParams, faults: Faults, variants: Variants): PagedQuery | Reply {
  const lenient = variants.has('lenient-enum-values');
  const sort = parseSort(query.get('sort'), faults, lenient);
  if (isReply(sort)) return sort;
  const parsed = parseLimit(query.get('limit'), faults, variants.has('clamps-limit-under-minimum'));
  if (isReply(parsed)) return parsed;
  // The faults that serve the pages after a cursor otherwise: the default of 20 without a limit, the default of 50 with one.
  const continued = query.get('cursor') !== null;
  const limit = !continued ? parsed : query.get('limit') === null ? (faults.has('functions-default-limit-first-page-only') ? 20 : parsed) : faults.has('functions-limit-first-page-only') ? FUNCTIONS_DEFAULT_LIMIT : parsed;
  const rawQ = query.get('q');
  if (rawQ !== null && (rawQ.length > MAX_QUERY_LENGTH ? !faults.has('functions-q-bound-ignored') : rawQ.length === MAX_QUERY_LENGTH && faults.has('functions-q-of-200-refused')))
    return badRequest(`q is limited to ${MAX_QUERY_LENGTH} characters, got ${rawQ.length}`);
  const anchor = query.get('anchor');
  const servesUndescribed = variants.has('undescribed-inputs-served');
  if (anchor !== null && anchor !== 'end' && !servesUndescribed) return badRequest(`anchor must be "end", got "${anchor}"`);
  const unsupportedAnchor = anchor === 'end' && !sort.startsWith('createdAt:');
  if (unsupportedAnchor && faults.has('functions-anchor-name-sort-500')) return apiError(500, 'Internal', 'no createdAt index for this sort');
  if (unsupportedAnchor && !variants.has('anchor-name-sort-ignored')) return badRequest('anchor=end is supported only with the createdAt sorts');
  // An empty cursor is no cursor: the first page.
  const cursor = query.get('cursor') || undefined;
  // The fault functions-limit-not-clamped-on-continuation clamps the first page only.
  const served = cursor !== undefined && faults.has('functions-limit-not-clamped-on-continuation') ? Number(query.get('limit') ?? limit) : limit;
  if (anchor === 'end' && cursor !== undefined && !servesUndescribed) return badRequest('anchor=end returns the tail page and takes no cursor');
  const anchorAscending = anchor === 'end' && query.get('sort') === null && faults.has('functions-anchor-without-sort-ascending');
  const order: FunctionSort = anchorAscending ? 'createdAt:asc' : (faultyOrder(query.get('sort'), faults) ?? sort);
  const named = { sort: query.get('sort') !== null, q: rawQ !== null };
  return { sort, order, limit: served, q: normaliseQ(rawQ, faults, variants), anchorEnd: anchor === 'end' && !unsupportedAnchor, named, ...(cursor !== undefined ? { cursor } : {}) };
}
