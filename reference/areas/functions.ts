// GET /functions (sections 2.8, 4.1, 8, 9) and the `functions` provider state. The
// paged listing reads keyset cursors bound to workspace, sort and normalised q; each
// page costs O(log n + limit) on the unfiltered listing (see functions/store.ts).
import { apiError, BadStateParams, type Area, type AreaEnv, type Reply, type Route } from '../area.ts';
import { CURSOR_LIFETIME_MS, cursorRejectionStatus, LaterPageCursors, type Binding } from '../cursors.ts';
import { caseFoldOf, FIELD_START, isReply, normaliseQ, parseLimit, parsePagedQuery, shapeOf, type PagedQuery } from './functions/query.ts';
import { storedFunctions } from './functions/state.ts';
import { codeUnitOrder, countMatches, FunctionIndex, pageFrom, tailPage, type NameCollation, type OrderedView, type PageSlice, type Position, type StoredFunction } from './functions/store.ts';
import { isObject } from '../json.ts';
import { PAGED_LISTING_SINCE } from '../../spec/versions.ts';
import { DEFAULT_FUNCTION_SORT, FUNCTION_SORTS, type FunctionSort } from '../../spec/facts.ts';

/** What a cursor issued without a sort is bound to under the fault functions-cursor-sort-unchecked-when-issued-without. */
const SORT_LEFT_OUT = '(left out)';

const CURSOR_REJECTIONS = {
  malformed: 'the cursor was not issued by this server',
  'other-query': 'the cursor belongs to another query (workspace, sort or q)',
  expired: 'the cursor is older than 24 hours',
} as const;


/**
 * How the name sorts collate: code units; a PostgreSQL database in a glibc locale (hyphens
 * ignored at first); ICU's numeric collation ("fn-9" before "fn-10"); a natural sort (runs of
 * digits as numbers, the text between them as strings: "a2" before "a-1"). The fault
 * functions-name-sort-from-last-letter compares names from their last character.
 */
function nameCollation({ faults, variants }: AreaEnv): NameCollation {
  if (faults.has('functions-name-sort-from-last-letter')) return (a, b) => codeUnitOrder([...a].reverse().join(''), [...b].reverse().join(''));
  if (variants.has('name-sort-locale-collation')) return new Intl.Collator('en', { ignorePunctuation: true }).compare;
  if (variants.has('name-sort-numeric-collation')) return new Intl.Collator('en', { numeric: true }).compare;
  if (variants.has('name-sort-natural')) return naturalOrder;
  return codeUnitOrder;
}

/** Runs of digits compared as numbers (then by their length: "01" after "1"), the text between them by code units. */
const naturalOrder: NameCollation = (a, b) => {
  const [runsA, runsB] = [a.match(/\d+|\D+/g) ?? [], b.match(/\d+|\D+/g) ?? []];
  for (let i = 0; i < Math.min(runsA.length, runsB.length); i++) {
    const [x, y] = [runsA[i]!, runsB[i]!];
    const bothDigits = /^\d/.test(x) && /^\d/.test(y);
    const order = bothDigits ? Number(x) - Number(y) || x.length - y.length : codeUnitOrder(x, y);
    if (order !== 0) return order;
  }
  return runsA.length - runsB.length;
};

export function functionsArea(env: AreaEnv): Area {
  const { faults } = env;
  const indexes = new Map<string, FunctionIndex>();

  const fold = caseFoldOf(faults, env.variants);
  /** Section 4.1: q looks in the name, the display name and the labels' keys and values, lowercased as q is. */
  const searchFields = (fn: StoredFunction): string[] => {
    const { name, displayName, labels } = fn.metadata;
    const labelMap = isObject(labels) ? (labels as Record<string, string>) : {};
    return [
      ...(faults.has('functions-search-skips-name') ? [] : [name]),
      ...(typeof displayName === 'string' && !faults.has('functions-search-skips-display-name') ? [displayName] : []),
      ...(faults.has('functions-search-skips-label-keys') ? [] : Object.keys(labelMap)),
      ...(faults.has('functions-search-skips-label-values') ? [] : Object.values(labelMap)),
    ].map((field) => (faults.has('functions-search-prefix-only') ? `${FIELD_START}${fold(field)}` : fold(field)));
  };
  /** How the name sorts collate: code-unit order, or a database's collation (the variants name-sort-*-collation). */
  const collation = nameCollation(env);
  const descCollation = faults.has('functions-name-desc-other-collation') ? new Intl.Collator('en', { numeric: true }).compare : collation;
  const emptyIndex = new FunctionIndex([], searchFields, collation, descCollation);
  /** Under the fault functions-listing-a-state-behind: the state each workspace answers with at the next state. */
  const laggingBehind = new Map<string, FunctionIndex>();
  const indexOf = (workspace: string) => indexes.get(workspace) ?? emptyIndex;

  /** What a cursor is bound to (section 4.1): the workspace, the sort and the normalised q, not the limit. */
  const bindingOf = (workspace: string, query: PagedQuery): Binding => ({
    w: faults.has('functions-cursor-not-bound-to-workspace') ? '' : workspace,
    s: faults.has('functions-cursor-not-bound-to-sort') ? '' : !query.named.sort && faults.has('functions-cursor-sort-unchecked-when-issued-without') ? SORT_LEFT_OUT : query.sort,
    q: faults.has('functions-cursor-not-bound-to-q') ? '' : faults.has('functions-cursor-q-compared-by-presence') ? query.q !== '' : query.q,
  });
  /** The parts of the binding a fault leaves unchecked when the request does not name them, or for every request. */
  const uncheckedOf = (query: PagedQuery): string[] => [
    ...(!query.named.sort && faults.has('functions-cursor-sort-unchecked-when-omitted') ? ['s'] : []),
    ...(!query.named.q && faults.has('functions-cursor-q-unchecked-when-omitted') ? ['q'] : []),
  ];
  /** The parts a fault leaves unchecked when the cursor was issued with that value (issued without the parameter). */
  const issuedWithoutUnchecked: Binding = {
    ...(faults.has('functions-cursor-q-unchecked-when-issued-without') ? { q: '' } : {}),
    ...(faults.has('functions-cursor-sort-unchecked-when-issued-without') ? { s: SORT_LEFT_OUT } : {}),
  };

  const cursorLifetimeMs = faults.has('functions-cursor-never-expires')
    ? Number.POSITIVE_INFINITY
    : faults.has('functions-cursor-expires-early')
      ? CURSOR_LIFETIME_MS / 2
      : faults.has('functions-cursor-lives-25h')
        ? (CURSOR_LIFETIME_MS * 25) / 24
        : CURSOR_LIFETIME_MS;
  const laterPageCursors = new LaterPageCursors({
    unbound: faults.has('functions-cursor-later-pages-unbound'),
    neverExpire: faults.has('functions-cursor-later-pages-never-expire'),
    firstPageLives25h: faults.has('functions-cursor-first-page-lives-25h'),
  });

  /** Where the page after `cursor` starts in `view` and when the cursor was issued, or the 4xx that rejects the cursor. */
  function startAfterCursor(cursor: string, binding: Binding, unchecked: string[], view: OrderedView): { start: number; issuedAt?: number } | Reply {
    const verdict = env.cursors.open<Position>(cursor, binding, laterPageCursors.lifetimeOf(cursor, cursorLifetimeMs), [...unchecked, ...laterPageCursors.unchecked(cursor, binding)], issuedWithoutUnchecked);
    if (!verdict.ok) {
      if (verdict.reason === 'malformed' && faults.has('functions-garbage-cursor-first-page')) return { start: 0 };
      return apiError(cursorRejectionStatus(verdict.reason, env.variants), 'InvalidCursor', CURSOR_REJECTIONS[verdict.reason]);
    }
    const start = view.startAfter(verdict.position);
    // A continuation cursor dated from the first page's (fault functions-cursor-age-from-first-page).
    const issuedAt = faults.has('functions-cursor-age-from-first-page') ? verdict.issuedAt : undefined;
    if (faults.has('functions-page-boundary-skip')) return { start: start + 1, issuedAt };
    if (faults.has('functions-page-boundary-repeat')) return { start: Math.max(0, start - 1), issuedAt };
    return { start, issuedAt };
  }

  function pagedListing(index: FunctionIndex, query: PagedQuery, workspace: string): Reply {
    const continued = query.cursor !== undefined;
    const view = index.view(continued && faults.has('functions-sort-first-page-only') ? DEFAULT_FUNCTION_SORT : query.order);
    const binding = bindingOf(workspace, query);
    let slice: PageSlice;
    let issuedAt: number | undefined;
    if (query.anchorEnd) {
      const q = faults.has('functions-anchor-end-ignores-q') ? '' : query.q;
      const firstPage = faults.has('functions-anchor-end-first-page') || faults.has(query.sort === 'createdAt:asc' ? 'functions-anchor-end-first-page-when-asc' : 'functions-anchor-end-first-page-when-desc');
      slice = firstPage ? pageFrom(view, 0, query.limit, q) : tailPage(view, query.limit, q, env.variants.has('anchor-end-page-boundaries'));
      slice = { ...slice, hasMore: false };
    } else {
      const after = query.cursor === undefined ? { start: faults.has('functions-first-page-skips-first') ? 1 : 0 } : startAfterCursor(query.cursor, binding, uncheckedOf(query), view);
      if (isReply(after)) return after;
      issuedAt = after.issuedAt;
      slice = pageFrom(view, after.start, query.limit, continued && faults.has('functions-search-later-pages-unfiltered') ? '' : query.q);
    }
    const anyFollows = faults.has('functions-has-more-counts-unmatched') && !query.anchorEnd && slice.last !== undefined && view.startAfter(slice.last) < view.length;
    const hasMore = (slice.hasMore && !(query.q !== '' && faults.has('functions-has-more-false-when-filtered'))) || anyFollows || (faults.has('functions-has-more-on-last-page') && !query.anchorEnd && slice.items.length > 0);
    const lastPageCursor = faults.has('functions-next-cursor-on-last-page') || (query.anchorEnd && faults.has('functions-anchor-end-next-cursor-set'));
    const cursorAt = hasMore || lastPageCursor ? slice.last : undefined;
    const total = faults.has('functions-total-narrowed-by-q') ? countMatches(view, query.q) : index.size;
    const nextCursor = cursorAt ? env.cursors.issue(binding, cursorAt, issuedAt) : '';
    laterPageCursors.note(nextCursor, continued);
    return { status: 200, body: { data: slice.items, meta: { hasMore, nextCursor, total } } };
  }

  /** Versions before 2026-04-28: every function, whatever the query says. */
  function legacyListing(index: FunctionIndex, query: URLSearchParams): Reply {
    let items = faults.has('functions-legacy-every-workspace') ? env.workspaces.flatMap((w) => indexOf(w).functions) : [...index.functions];
    if (faults.has('functions-legacy-follows-cursor') && query.get('cursor')) items = items.slice(1);
    const sort = query.get('sort');
    if (faults.has('functions-legacy-follows-sort') && sort !== null && (FUNCTION_SORTS as readonly string[]).includes(sort)) items = pageFrom(index.view(sort as FunctionSort), 0, items.length, '').items;
    if (faults.has('functions-legacy-honours-q')) items = pageFrom(index.view('createdAt:desc'), 0, items.length, normaliseQ(query.get('q'), faults, env.variants)).items;
    if (faults.has('functions-legacy-honours-limit')) {
      const limit = parseLimit(query.get('limit'), faults);
      if (!isReply(limit)) items = items.slice(0, limit);
    }
    return { status: 200, body: items };
  }

  /** Under the faults functions-later-version-ignores-*, a date after 2026-04-28 serves pages without that parameter. */
  function laterVersionQuery(query: URLSearchParams, version: string | undefined): URLSearchParams {
    if (version === undefined || version <= PAGED_LISTING_SINCE) return query;
    const ignored = (['sort', 'q'] as const).filter((name) => faults.has(`functions-later-version-ignores-${name}`));
    if (ignored.length === 0) return query;
    const kept = new URLSearchParams(query);
    for (const name of ignored) kept.delete(name);
    return kept;
  }

  /** Section 9 names `Service-Version`; the public service (variant blaxel-service) reads `Blaxel-Version`. */
  const versionHeader = env.variants.has('blaxel-service') ? 'blaxel-version' : 'service-version';

  const listFunctions: Route = {
    method: 'GET',
    surface: 'control',
    path: '/functions',
    operationId: 'listFunctions',
    // Section 5: the functions:list scope or an API key (admin) may list.
    scopes: faults.has('functions-member-refused') ? [] : ['functions:list'],
    handle({ query, headers, principal }) {
      const shape = shapeOf(headers[faults.has('functions-version-from-api-version') ? 'api-version' : versionHeader], faults, env.variants);
      if (isReply(shape)) return shape;
      const continued = query.get('cursor') !== null;
      // The faults that read the listing, its first page or the pages after a cursor, from the default workspace.
      const pagedFault = continued ? 'functions-later-pages-default-workspace' : 'functions-first-page-default-workspace';
      const fromDefault = faults.has('functions-listing-ignores-workspace') || (shape !== 'legacy' && faults.has(pagedFault));
      const index = indexOf(fromDefault ? env.workspaces[0]! : principal.workspace);
      if (shape === 'legacy') return legacyListing(index, query);
      const parsed = parsePagedQuery(laterVersionQuery(query, headers[versionHeader]), faults, env.variants);
      if (isReply(parsed)) return parsed;
      const reply = pagedListing(index, parsed, principal.workspace);
      if (shape === 'unversioned' && reply.status === 200 && faults.has('functions-unversioned-array-page'))
        return { status: 200, body: (reply.body as { data: unknown[] }).data };
      return reply;
    },
  };

  return {
    routes: [listFunctions],
    // Stryker disable all: test-control endpoint (docs/mutation.md)
    states: {
      functions(params, principal) {
        const workspace = params.workspace ?? principal.workspace;
        if (typeof workspace !== 'string' || !env.workspaces.includes(workspace))
          throw new BadStateParams(`workspace must be one of ${env.workspaces.join(', ')}`);
        const index = new FunctionIndex(storedFunctions(params.items, workspace, env.clock.now(), faults), searchFields, collation, descCollation);
        // Stryker restore all
        // A replica a state behind: the workspace keeps answering the functions it held before this state.
        const lagging = faults.has('functions-listing-a-state-behind');
        if (!lagging) indexes.set(workspace, index);
        else {
          indexes.set(workspace, laggingBehind.get(workspace) ?? index);
          laggingBehind.set(workspace, index);
        }
        // Stryker disable all: test-control endpoint (docs/mutation.md)
      },
    },
    // Stryker restore all
    reset() {
      indexes.clear();
      laggingBehind.clear();
    },
  };
}
