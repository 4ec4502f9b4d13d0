import type { Reply, Route } from '../area.ts';
import { errorBodyChanged, withoutError, type FaultDefinition } from './registry.ts';

// Read by reference/areas/functions.ts (and its functions/ modules) through `faults.has`,
// except the three that only reshape an answer.

export const isListing = (route: Route) => route.operationId === 'listFunctions';

/** Every function of a listing answer (paged or legacy) passed through `change`, copied. */
export function mapFunctions(reply: Reply, change: (fn: Record<string, unknown>) => Record<string, unknown>): Reply {
  const body = reply.body as { data?: unknown } | unknown[];
  if (Array.isArray(body)) return { ...reply, body: body.map((fn) => change(fn as Record<string, unknown>)) };
  if (Array.isArray(body?.data)) return { ...reply, body: { ...body, data: body.data.map((fn) => change(fn as Record<string, unknown>)) } };
  return reply;
}

/** The listing leaves spec.<part>.<field> out of every function: `functions-<name>-dropped`, caught by functions.round-trip. */
function specFieldDropped<const N extends string>(name: N, part: 'runtime' | 'revision', field: string) {
  return {
    name: `functions-${name}-dropped` as const,
    rule: 'functions.round-trip' as const,
    description: `the listing leaves spec.${part}.${field} out of every function`,
    reshape: (reply: Reply, route: Route) =>
      isListing(route)
        ? mapFunctions(reply, (fn) => {
            const spec = structuredClone(fn.spec) as Record<string, Record<string, unknown> | undefined>;
            delete spec[part]?.[field];
            return { ...fn, spec };
          })
        : reply,
  };
}

/** The listing answers spec.runtime.<field> `from` as `to`: `functions-<name>-answered-otherwise`; a value of the enum is functions.round-trip's to catch, one outside it schema.functions'. */
function runtimeValueSwapped<const N extends string, const R extends 'functions.round-trip' | 'schema.functions'>(name: N, field: 'generation' | 'transport', from: string, to: string, rule: R) {
  return {
    name: `functions-${name}-answered-otherwise` as const,
    rule,
    description: `the listing answers spec.runtime.${field} ${from} as ${to}`,
    reshape: (reply: Reply, route: Route) =>
      isListing(route)
        ? mapFunctions(reply, (fn) => {
            const spec = structuredClone(fn.spec) as { runtime?: Record<string, unknown> };
            if (spec.runtime?.[field] === from) spec.runtime[field] = to;
            return { ...fn, spec };
          })
        : reply,
  };
}

/** Every object item of the arrays held under `key` anywhere in a function's spec (envs, ports, triggers). */
function itemsUnder(value: unknown, key: string, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((item) => itemsUnder(item, key, found));
  else if (value && typeof value === 'object')
    for (const [name, inner] of Object.entries(value)) {
      if (name === key && Array.isArray(inner)) found.push(...inner.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object'));
      itemsUnder(inner, key, found);
    }
  return found;
}

/** The listing answers each item of the spec's `key` arrays changed: `functions-<name>`, caught by `rule`. */
function specItemsChanged<const N extends string, const R extends 'functions.round-trip' | 'schema.functions' | 'functions.triggers.callback-secret'>(name: N, rule: R, key: string, description: string, change: (item: Record<string, unknown>) => void) {
  return {
    name: `functions-${name}` as const,
    rule,
    description: `the listing answers ${description}`,
    reshape: (reply: Reply, route: Route) =>
      isListing(route)
        ? mapFunctions(reply, (fn) => {
            const spec = structuredClone(fn.spec);
            itemsUnder(spec, key).forEach(change);
            return { ...fn, spec };
          })
        : reply,
  };
}

/** A trigger's configuration, when it has one. */
const configurationOf = (trigger: Record<string, unknown>): Record<string, unknown> | undefined =>
  trigger.configuration && typeof trigger.configuration === 'object' ? (trigger.configuration as Record<string, unknown>) : undefined;

/** Another value of the same type: a string with "-x" after it, a number plus one, an array without its last item, an object emptied. */
const otherOfItsType = (value: unknown): unknown =>
  typeof value === 'string' ? `${value}-x` : typeof value === 'number' ? value + 1 : Array.isArray(value) ? value.slice(0, -1) : value && typeof value === 'object' ? {} : value;

/** One fault per configuration field of a trigger: the listing answers it otherwise (functions.round-trip). */
const triggerFieldChanged = <const F extends string>(field: F) =>
  specItemsChanged(`trigger-${field.toLowerCase()}-changed` as `trigger-${Lowercase<F>}-changed`, 'functions.round-trip', 'triggers', `each trigger's configuration.${field} otherwise than as set`, (trigger) => {
    const configuration = configurationOf(trigger);
    if (configuration && configuration[field] !== undefined) configuration[field] = otherOfItsType(configuration[field]);
  });

export const functionsFaults = [
  {
    name: 'functions-boundary-date-legacy',
    rule: 'functions.version.paged-from-2026-04-28',
    description: 'Service-Version 2026-04-28 itself gets the legacy bare array (the boundary is compared with <=)',
  },
  {
    name: 'functions-older-version-paged',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 are answered 200 with the paged shape, as if the header were 2026-04-28',
  },
  {
    name: 'functions-legacy-honours-q',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 filter the bare array by q',
  },
  {
    name: 'functions-legacy-honours-limit',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 cut the bare array to limit',
  },
  {
    name: 'functions-legacy-capped-at-200',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 get a bare array of at most 200 functions, the paged maximum',
    reshape: (reply, route) => (isListing(route) && Array.isArray(reply.body) ? { ...reply, body: reply.body.slice(0, 200) } : reply),
  },
  {
    name: 'functions-unversioned-array-page',
    rule: 'functions.version.unversioned-either-shape',
    description: 'without Service-Version the answer is a bare array holding only the first page',
  },
  {
    name: 'functions-default-limit-20',
    rule: 'functions.limit.default-50',
    description: 'a listing without limit holds 20 functions',
  },
  {
    name: 'functions-limit-capped-at-100',
    rule: 'functions.limit.honoured',
    description: 'a limit from 101 to 200 gives pages of 100',
  },
  {
    name: 'functions-limit-not-clamped',
    rule: 'functions.limit.clamped-to-200',
    description: 'a limit above 200 is used as given: the page holds more than 200 functions',
  },
  {
    name: 'functions-default-limit-first-page-only',
    rule: 'functions.limit.default-50',
    description: 'the default limit of 50 holds on first pages only: a page after a cursor, without limit, holds 20',
  },
  {
    name: 'functions-limit-first-page-only',
    rule: 'functions.limit.honoured',
    description: 'a limit is honoured on first pages only: a page after a cursor holds the default 50',
  },
  {
    name: 'functions-limit-one-as-default',
    rule: 'functions.limit.honoured',
    description: 'a limit of 1 is served as the default: a page of 50',
  },
  {
    name: 'functions-limit-not-integer-served',
    rule: 'functions.limit.invalid-not-served',
    description: 'a limit that is not an integer ("abc", "1.5") is served as the default',
  },
  {
    name: 'functions-limit-zero-served',
    rule: 'functions.limit.invalid-not-served',
    description: 'a limit of 0 or below is served as a page of the default size',
  },
  {
    name: 'functions-page-boundary-skip',
    rule: 'functions.pagination.every-item-once',
    description: 'the page after a cursor starts one item too late: an item at each page boundary is skipped',
  },
  {
    name: 'functions-page-boundary-repeat',
    rule: 'functions.pagination.every-item-once',
    description: 'the page after a cursor starts one item too early: the item at each page boundary is listed twice',
  },
  {
    name: 'functions-has-more-on-last-page',
    rule: 'functions.pagination.has-more-and-next-cursor',
    description: 'the page that ends the listing says hasMore true (and the next one is empty)',
  },
  {
    name: 'functions-has-more-counts-unmatched',
    rule: 'functions.pagination.has-more-and-next-cursor',
    description: 'hasMore says whether any function follows the page, whether q matches it or not',
  },
  {
    name: 'functions-next-cursor-on-last-page',
    rule: 'functions.pagination.has-more-and-next-cursor',
    description: 'the last page has hasMore false but a non-empty nextCursor',
  },
  {
    name: 'functions-total-narrowed-by-q',
    rule: 'functions.pagination.total-not-narrowed',
    description: 'meta.total counts only the functions that match q',
  },
  {
    name: 'functions-default-sort-asc',
    rule: 'functions.sort.default-created-at-desc',
    description: 'without sort the listing is ordered by createdAt ascending',
  },
  {
    name: 'functions-name-desc-as-asc',
    rule: 'functions.sort.orders',
    description: 'sort=name:desc is served in name ascending order',
  },
  {
    name: 'functions-listing-a-state-behind',
    rule: 'functions.sort.orders',
    description: 'the listing answers the functions the workspace held before the last state (a replica a state behind): another fixture set than the one set, marked by this run, so no evidence of another run',
  },
  {
    name: 'functions-listing-empty',
    rule: 'functions.pagination.every-item-once',
    description: 'the listing answers no function, whatever the workspace holds (a store that lost what it was given): nothing marked by another run is seen, so no evidence of one',
    reshape: (reply, route) =>
      isListing(route) && reply.status === 200 ? { ...reply, body: Array.isArray(reply.body) ? [] : { data: [], meta: { hasMore: false, nextCursor: '', total: 0 } } } : reply,
  },
  {
    name: 'functions-name-sort-from-last-letter',
    rule: 'functions.sort.orders',
    description: 'the name sorts compare names from their last character to their first: one order on every page, but "ba" before "ab"',
  },
  {
    name: 'functions-unknown-sort-served',
    rule: 'functions.sort.unknown-rejected',
    description: 'a sort value outside the enum is served with the default sort',
  },
  {
    name: 'functions-search-skips-label-values',
    rule: 'functions.search.fields',
    description: 'q does not look in label values',
  },
  {
    name: 'functions-q-not-trimmed',
    rule: 'functions.search.trimmed-lowercased',
    description: 'q is searched with its surrounding spaces',
  },
  {
    name: 'functions-q-not-lowercased',
    rule: 'functions.search.trimmed-lowercased',
    description: 'q is searched as given against the lowercased fields, so capitals never match',
  },
  {
    name: 'functions-search-ascii-case-folding',
    rule: 'functions.search.trimmed-lowercased',
    description: 'q and the fields it searches are lowercased from A to Z only (SQLite\'s lower(), a C locale): "CAFÉ" searches for "cafÉ", so capitals beyond A to Z never match',
  },
  {
    name: 'functions-one-char-q-filters',
    rule: 'functions.search.short-query-unfiltered',
    description: 'a q of one character filters the listing',
  },
  {
    name: 'functions-q-bound-ignored',
    rule: 'functions.search.max-length',
    description: 'a q over 200 characters is searched in full',
  },
  {
    name: 'functions-q-of-200-refused',
    rule: 'functions.search.max-length',
    description: 'a q of exactly 200 characters is refused with a 400 (the bound compared with >=)',
  },
  {
    name: 'functions-cursor-not-bound-to-sort',
    rule: 'functions.cursor.bound-to-sort',
    description: 'a cursor is accepted with another sort',
  },
  {
    name: 'functions-cursor-not-bound-to-q',
    rule: 'functions.cursor.bound-to-q',
    description: 'a cursor is accepted with another q',
  },
  {
    name: 'functions-cursor-not-bound-to-workspace',
    rule: 'functions.cursor.bound-to-workspace',
    description: "a cursor is accepted from another workspace's credential",
  },
  {
    name: 'functions-garbage-cursor-first-page',
    rule: 'functions.cursor.never-issued-rejected',
    description: 'a cursor the server never issued is served as the first page',
  },
  {
    name: 'functions-cursor-never-expires',
    rule: 'functions.cursor.expires-after-24h',
    description: 'cursors are accepted whatever their age',
  },
  {
    name: 'functions-cursor-expires-early',
    rule: 'functions.cursor.expires-after-24h',
    description: 'cursors are rejected after 12 hours',
  },
  {
    name: 'functions-cursor-lives-25h',
    rule: 'functions.cursor.expires-after-24h',
    description: 'cursors are accepted until 25 hours old (the edge case, 24 hours and 10 minutes, catches it)',
  },
  runtimeValueSwapped('generation-mk2', 'generation', 'mk2', 'mk3', 'functions.round-trip'),
  runtimeValueSwapped('generation-mk3', 'generation', 'mk3', 'mk2', 'functions.round-trip'),
  runtimeValueSwapped('generation-mk3-as-microvm', 'generation', 'mk3', 'microvm', 'schema.functions'),
  runtimeValueSwapped('transport-websocket', 'transport', 'websocket', 'http-stream', 'functions.round-trip'),
  runtimeValueSwapped('transport-http-stream', 'transport', 'http-stream', 'websocket', 'functions.round-trip'),
  runtimeValueSwapped('transport-http-stream-as-sse', 'transport', 'http-stream', 'sse', 'schema.functions'),
  specItemsChanged('env-name-changed', 'functions.round-trip', 'envs', "each env entry's name otherwise than as set", (env) => typeof env.name === 'string' && (env.name = `${env.name}_X`)),
  specItemsChanged('env-value-changed', 'functions.round-trip', 'envs', 'the value of each env entry that is not secret otherwise than as set', (env) => env.secret !== true && typeof env.value === 'string' && (env.value = `${env.value}-x`)),
  specItemsChanged('env-secret-flipped', 'functions.round-trip', 'envs', "each env entry's secret flag the other way", (env) => typeof env.secret === 'boolean' && (env.secret = !env.secret)),
  specItemsChanged('trigger-http-async-as-http', 'functions.round-trip', 'triggers', 'each trigger of type http-async as of type http', (trigger) => trigger.type === 'http-async' && (trigger.type = 'http')),
  specItemsChanged('trigger-cron-as-schedule', 'schema.functions', 'triggers', 'each trigger of type cron as of type "schedule", outside the enum', (trigger) => trigger.type === 'cron' && (trigger.type = 'schedule')),
  specItemsChanged('trigger-timeout-as-text', 'functions.round-trip', 'triggers', 'each trigger\'s configuration.timeout as text ("900s")', (trigger) => {
    const configuration = configurationOf(trigger);
    if (typeof configuration?.timeout === 'number') configuration.timeout = `${configuration.timeout}s`;
  }),
  specItemsChanged('trigger-timeout-in-milliseconds', 'schema.functions', 'triggers', 'each trigger\'s configuration.timeout in milliseconds, over 900', (trigger) => {
    const configuration = configurationOf(trigger);
    if (typeof configuration?.timeout === 'number') configuration.timeout = configuration.timeout * 1000 + 1000;
  }),
  ...(['path', 'retry', 'schedule', 'tasks', 'authenticationType', 'callbackUrl'] as const).map(triggerFieldChanged),
  specItemsChanged('port-target-as-text', 'functions.round-trip', 'ports', "each port's target as text", (port) => typeof port.target === 'number' && (port.target = String(port.target))),
  specItemsChanged('port-tls-as-tcp', 'functions.round-trip', 'ports', 'each port of protocol TLS as of protocol TCP', (port) => port.protocol === 'TLS' && (port.protocol = 'TCP')),
  specItemsChanged('callback-secret-number', 'functions.triggers.callback-secret', 'triggers', 'the callbackSecret of each trigger as a number', (trigger) => {
    const configuration = configurationOf(trigger);
    if (typeof configuration?.callbackSecret === 'string') configuration.callbackSecret = configuration.callbackSecret.length;
  }),
  specItemsChanged('port-name-changed', 'functions.round-trip', 'ports', "each port's name otherwise than as set", (port) => typeof port.name === 'string' && (port.name = `${port.name}-x`)),
  specFieldDropped('max-scale', 'runtime', 'maxScale'),
  specFieldDropped('min-scale', 'runtime', 'minScale'),
  specFieldDropped('envs', 'runtime', 'envs'),
  specFieldDropped('revision-active', 'revision', 'active'),
  specFieldDropped('revision-canary', 'revision', 'canary'),
  specFieldDropped('revision-canary-percent', 'revision', 'canaryPercent'),
  specFieldDropped('revision-sticky-session-ttl', 'revision', 'stickySessionTtl'),
  specFieldDropped('revision-traffic', 'revision', 'traffic'),
  {
    name: 'functions-enabled-default-false',
    rule: 'functions.defaults.enabled',
    description: 'a function set without spec.enabled is listed with enabled false',
  },
  {
    name: 'functions-public-default-true',
    rule: 'functions.defaults.public',
    description: 'a function set without spec.public is listed with public true',
  },
  {
    name: 'functions-trigger-enabled-default-false',
    rule: 'functions.defaults.trigger-enabled',
    description: 'a trigger set without enabled is listed with enabled false',
  },
  {
    name: 'functions-trigger-id-not-generated',
    rule: 'functions.triggers.ids',
    description: 'a trigger set without an id is listed without one',
  },
  {
    name: 'functions-trigger-duplicate-ids-kept',
    rule: 'functions.triggers.ids',
    description: 'two triggers of one function set with the same id are listed with that id both',
  },
  {
    name: 'functions-callback-secret-echoed',
    rule: 'functions.triggers.callback-secret',
    description: 'an async trigger is listed with the callbackSecret that was sent, not one the service generated',
  },
  {
    name: 'functions-listing-ignores-workspace',
    rule: 'functions.workspace-only',
    description: "GET /functions lists the default workspace's functions whoever asks",
  },
  {
    name: 'functions-anchor-without-sort-ascending',
    rule: 'functions.anchor.end-tail-page',
    description: 'anchor=end without sort reads the createdAt:asc order, not the default createdAt:desc',
  },
  {
    name: 'functions-anchor-name-sort-500',
    rule: 'functions.anchor.name-sorts-unsupported',
    description: 'anchor=end with a name sort answers 500 (the reference refuses it with 400)',
  },
  {
    name: 'functions-anchor-end-first-page',
    rule: 'functions.anchor.end-tail-page',
    description: 'anchor=end returns the first page instead of the tail page',
  },
  {
    name: 'functions-name-desc-other-collation',
    rule: 'functions.sort.orders',
    description: 'name:desc compares digits as numbers while name:asc compares code units: each a collation of its own, neither the reverse of the other',
  },
  {
    name: 'functions-member-refused',
    rule: 'functions.auth.list-scope-accepted',
    description: 'a credential with the functions:list scope (not admin) is refused with 403',
  },
  {
    name: 'functions-no-scope-listed',
    rule: 'functions.auth.no-scope-forbidden',
    description: 'a credential without scopes gets 200 and an (empty) listing instead of 403',
    reshape: (reply, route) =>
      isListing(route) && reply.status === 403 ? { status: 200, body: { data: [], meta: { hasMore: false, nextCursor: '', total: 0 } } } : reply,
  },
  {
    name: 'functions-status-out-of-enum',
    rule: 'functions.responses.documented',
    description: 'listed functions carry status RUNNING, which is not a deployment status',
    reshape: (reply, route) => (isListing(route) && reply.status === 200 ? mapFunctions(reply, (fn) => ({ ...fn, status: 'RUNNING' })) : reply),
  },
  {
    name: 'functions-error-code-not-status',
    rule: 'functions.responses.documented',
    description: 'the 400 answers of the listing carry an Error body whose code is 500, not the status',
    reshape: (reply, route) => (isListing(route) && reply.status === 400 ? { ...reply, body: { ...(reply.body as object), code: 500 } } : reply),
  },
  {
    name: 'functions-error-left-out',
    rule: 'functions.responses.documented',
    description: 'the 400 answers of the listing leave error out of their Error body',
    reshape: errorBodyChanged('listFunctions', withoutError, 400),
  },
  {
    name: 'functions-limit-not-clamped-on-continuation',
    rule: 'functions.limit.clamped-to-200',
    description: 'a limit above 200 is clamped on the first page only: the pages after a cursor hold up to the limit asked',
  },
  {
    name: 'functions-cursor-sort-unchecked-when-omitted',
    rule: 'functions.cursor.bound-to-sort',
    description: 'a cursor is checked against the sort only when the request names one: a cursor of sort=name:asc is accepted with no sort',
  },
  {
    name: 'functions-legacy-before-2026-only',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'only versions before 2026-01-01 get the bare array: those from 2026-01-01 to 2026-04-27 get the paged listing',
  },
  {
    name: 'functions-search-prefix-only',
    rule: 'functions.search.fields',
    description: 'q matches only where a field starts with it: a piece from within a name, display name or label is not found',
  },
  {
    name: 'functions-search-later-pages-unfiltered',
    rule: 'functions.search.fields',
    description: 'the pages after a cursor of a search are not filtered by q: they hold every function that follows',
  },
  {
    name: 'functions-cursor-sort-unchecked-when-issued-without',
    rule: 'functions.cursor.bound-to-sort',
    description: 'a cursor issued without a sort is accepted with any sort: only a cursor issued with one is checked against it',
  },
  {
    name: 'functions-cursor-q-compared-by-presence',
    rule: 'functions.cursor.bound-to-q',
    description: 'a cursor is checked only for whether q is given: a cursor of one search is accepted with another, while one issued without q is refused with one and the reverse',
  },
  {
    name: 'functions-cursor-later-pages-unbound',
    rule: 'functions.cursor.bound-to-sort',
    description: "a page after a cursor issues a cursor bound to nothing: it is accepted with another sort, q or workspace (a first page's cursor is bound)",
  },
  {
    name: 'functions-cursor-later-pages-never-expire',
    rule: 'functions.cursor.expires-after-24h',
    description: "the cursors of pages after a cursor never expire (a first page's cursor lives 24 hours)",
  },
  {
    name: 'functions-cursor-first-page-lives-25h',
    rule: 'functions.cursor.expires-after-24h',
    description: "a first page's cursor is accepted until 25 hours old (a later page's cursor lives 24 hours)",
  },
  {
    name: 'functions-cursor-q-unchecked-when-omitted',
    rule: 'functions.cursor.bound-to-q',
    description: 'a cursor is checked against q only when the request has one: a cursor of a search is accepted without q',
  },
  {
    name: 'functions-cursor-age-from-first-page',
    rule: 'functions.cursor.expires-after-24h',
    description: "a continuation page's cursor carries the issue time of the cursor it was asked with: a walk's cursors all expire 24 hours after its first page",
  },
  {
    name: 'functions-later-version-ignores-sort',
    rule: 'functions.version.paged-from-2026-04-28',
    description: 'version dates after 2026-04-28 get pages but no sort: every page in the default order',
  },
  {
    name: 'functions-later-version-ignores-q',
    rule: 'functions.version.paged-from-2026-04-28',
    description: 'version dates after 2026-04-28 get pages but no search: q is ignored',
  },
  {
    name: 'functions-legacy-follows-sort',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 answer every function, ordered by sort',
  },
  {
    name: 'functions-anchor-end-next-cursor-set',
    rule: 'functions.anchor.end-tail-page',
    description: 'the tail page (anchor=end) says hasMore false but carries a nextCursor',
  },
  {
    name: 'functions-anchor-end-ignores-q',
    rule: 'functions.anchor.end-tail-page',
    description: 'anchor=end returns the tail of the unfiltered listing whatever q says',
  },
  {
    name: 'functions-total-counts-page',
    rule: 'functions.pagination.total-not-narrowed',
    description: 'meta.total counts the functions of the page, not of the workspace',
    reshape: (reply, route) => (isListing(route) && reply.status === 200 && !Array.isArray(reply.body) ? { ...reply, body: { ...(reply.body as object), meta: { ...((reply.body as { meta: object }).meta), total: (reply.body as { data: unknown[] }).data.length } } } : reply),
  },
  {
    name: 'functions-403-empty',
    rule: 'functions.auth.no-scope-forbidden',
    description: 'the listing refuses a credential without the scope with 403 and an empty body',
    reshape: (reply, route) => (isListing(route) && reply.status === 403 ? { status: 403, body: undefined } : reply),
  },
  {
    name: 'functions-blank-q-matches-nothing',
    rule: 'functions.search.short-query-unfiltered',
    description: 'an empty q, or one of spaces only, is searched as it is: no function matches',
  },
  {
    name: 'functions-search-skips-name',
    rule: 'functions.search.fields',
    description: 'q does not look in metadata.name',
  },
  {
    name: 'functions-search-skips-display-name',
    rule: 'functions.search.fields',
    description: 'q does not look in metadata.displayName',
  },
  {
    name: 'functions-search-skips-label-keys',
    rule: 'functions.search.fields',
    description: "q does not look in the labels' keys",
  },
  {
    name: 'functions-created-at-asc-as-desc',
    rule: 'functions.sort.orders',
    description: 'sort=createdAt:asc is served newest first',
  },
  {
    name: 'functions-created-at-desc-as-asc',
    rule: 'functions.sort.orders',
    description: 'sort=createdAt:desc, named, is served oldest first (the default order right)',
  },
  {
    name: 'functions-sort-first-page-only',
    rule: 'functions.pagination.every-item-once',
    description: 'the pages after a cursor are read in the default order, whatever the sort',
  },
  {
    name: 'functions-first-page-skips-first',
    rule: 'functions.pagination.every-item-once',
    description: 'a listing without cursor starts at its second function',
  },
  {
    name: 'functions-sort-required',
    rule: 'functions.sort.default-created-at-desc',
    description: 'a listing without sort is refused with 400',
  },
  {
    name: 'functions-anchor-end-first-page-when-asc',
    rule: 'functions.anchor.end-tail-page',
    description: 'anchor=end with sort=createdAt:asc answers the first page (createdAt:desc right)',
  },
  {
    name: 'functions-anchor-end-first-page-when-desc',
    rule: 'functions.anchor.end-tail-page',
    description: 'anchor=end with sort=createdAt:desc (or none) answers the first page (createdAt:asc right)',
  },
  {
    name: 'functions-version-from-api-version',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'the version is read from an Api-Version header; Service-Version is ignored',
  },
  {
    name: 'functions-later-version-legacy',
    rule: 'functions.version.paged-from-2026-04-28',
    description: 'version dates after 2026-04-28 get the legacy bare array',
  },
  {
    name: 'functions-legacy-follows-cursor',
    rule: 'functions.version.legacy-before-2026-04-28',
    description: 'versions before 2026-04-28 leave the first function out when a cursor is sent',
  },
  {
    name: 'functions-legacy-every-workspace',
    rule: 'functions.workspace-only',
    description: "the legacy bare array lists every workspace's functions (the paged listing right)",
  },
  {
    name: 'functions-later-pages-default-workspace',
    rule: 'functions.workspace-only',
    description: "the pages after a cursor are read from the default workspace whatever the caller's (the first page right)",
  },
  {
    name: 'functions-first-page-default-workspace',
    rule: 'functions.workspace-only',
    description: "the first page of the paged listing is read from the default workspace whatever the caller's (the pages after it right)",
  },
  {
    name: 'functions-has-more-false-when-filtered',
    rule: 'functions.pagination.has-more-and-next-cursor',
    description: 'hasMore is false on every page filtered by q, though more follow',
  },
  {
    name: 'functions-generated-trigger-ids-same',
    rule: 'functions.triggers.ids',
    description: 'every trigger set without an id gets the same generated id, "trigger"',
  },
  {
    name: 'functions-cursor-q-unchecked-when-issued-without',
    rule: 'functions.cursor.bound-to-q',
    description: 'a cursor issued without q is accepted with one (q is compared only when the cursor was issued with it)',
  },
] as const satisfies readonly FaultDefinition[];
