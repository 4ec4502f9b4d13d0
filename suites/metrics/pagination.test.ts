// Sections 2.8, 4.1, 7, 8: limit (default 100, clamped to 100), cursor pagination
// over the groups, and cursors bound to their query and living 24 hours.
import fc from 'fast-check';
import { drawnOnce } from '../../generators/drawn-once.ts';
import {
  alignedWindowArb,
  eventsArb,
  groupByArb,
  sampleScenario,
  oneEventPerResourceArb,
  resourcesArb,
  resolvedWindowArb,
  RESOURCE_TYPES,
  WORKSPACES,
  autoResolutionsFor,
  type FixtureEvent,
  type Resource,
  type ResolvedWindow,
  type UsageScenario,
} from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import type { ClockTimeline } from '../../harness/clock-timeline.ts';
import { rule } from '../../harness/rule.ts';
import { addUnits, SECOND_MS, type BucketUnit } from '../../generators/calendar.ts';
import { describe, expectPage, getMetrics, setUsage, shareUsage, walkEachPage, walkPages, withFixtures, type MetricsRequest } from './client.ts';
import { entryKey, expectedMetrics, fixtureDimensions, groupLabel, type Dimension, type ExpectedGroup } from './oracle.ts';
import { insertAt, queryArb, requestOf, scaleResources, setEveryCase, type MetricsCase } from './scenario.ts';
import { FINEST, overRoundsOrUsage, withUsage } from './existing.ts';
import { cursorAgesArb, cursorKind, onOneTimeline } from '../support/cursor-lifetime.ts';
import { pageMetaProblems } from '../support/paging.ts';
import { expectRefused } from '../support/error-body.ts';
import { METRICS_MAX_LIMIT } from '../../spec/facts.ts';

const DAY_S = 86_400;

/**
 * Around the page size, or past 1,000 (where implementations commonly cap) and so past
 * two pages of 100: one group per resource, every event in the window. Drawn once for
 * both limit rules (generators/drawn-once.ts).
 */
const manyGroupsArb = drawnOnce(
  fc
    .tuple(alignedWindowArb('hour', { min: 3600, max: DAY_S })!, fc.oneof(resourcesArb(60, 160), resourcesArb(1_001, 1_100)))
    .chain(([window, resources]) => oneEventPerResourceArb(resources, window, 'hour').map((events) => ({ window, events }))),
);

/**
 * The two limit rules read the same rounds of many groups, and the two walk rules the
 * same rounds of paged scenarios (support/rounds.ts): each round is set once and read
 * side by side.
 */
const LIMIT_ROUNDS = 'metrics.limit-rounds';
const WALK_ROUNDS = 'metrics.walk-rounds';

/** Events and the grouping that makes many groups of them: one group per resource on set data, the finest grouping on existing data. */
type ManyGroups = { window: MetricsRequest['window']; events: readonly FixtureEvent[]; groupBy: Dimension[]; unit: BucketUnit };

/** Over the rounds of many groups (or the account's usage), each with the first page of its grouping at each `limit`. */
const overManyGroups = <L>(t: Check, limits: fc.Arbitrary<L>, check: (many: ManyGroups, limit: L) => Promise<void>) =>
  overRoundsOrUsage(
    t,
    manyGroupsArb.map((m): ManyGroups => ({ ...m, groupBy: ['resource_uuid'], unit: 'hour' })),
    limits,
    (many) => shareUsage(t, many.events),
    check,
    (scenario) => ({ window: scenario.window, events: scenario.events, groupBy: FINEST, unit: scenario.resolution.bucket }),
  );

/**
 * The first page of the grouping over `many`, with `limit`: it must hold min(size, groups)
 * entries, or up to min(size, groups + dormant) where the target lists combinations with no
 * cost in the window too (existing data's free-tier combinations, oracle.ts `dormant`),
 * `size` being the limit clamped to 100 (100 without one). Returns the number of groups and
 * of dormant ones.
 */
async function expectFullFirstPage(t: Check, many: ManyGroups, limit: number | undefined, because: string): Promise<{ groups: number; dormant: number }> {
  const request: MetricsRequest = { window: many.window, groupBy: many.groupBy, limit };
  const page = expectPage(t, await getMetrics(t, request), describe(request));
  const expected = expectedMetrics(many.events, { window: many.window, groupBy: many.groupBy, unit: many.unit }, false);
  const groups = expected.groups.size;
  const dormant = expected.dormant.size;
  const size = Math.min(limit ?? METRICS_MAX_LIMIT, METRICS_MAX_LIMIT);
  if (groups + dormant <= size && t.data === 'existing') t.note(`a page of ${size} was not filled: the window holds ${groups} combinations`);
  const least = Math.min(size, groups);
  const most = Math.min(size, groups + dormant);
  const expectation = least === most ? `${least}` : `${least} (${most} with the ${dormant} combinations without cost in the window it may list)`;
  const over = dormant > 0 ? `${groups} groups and ${dormant} without cost in the window` : `${groups} groups`;
  t.assert(page.data.length >= least && page.data.length <= most, `${describe(request)} over ${over}: ${because}, so the first page must hold ${expectation} entries, got ${page.data.length}`);
  return { groups, dormant };
}

const limitDefault = rule('metrics.limit.default', { ...withFixtures, existing: true, shares: LIMIT_ROUNDS }, async (t: Check) => {
  await overManyGroups(t, fc.constant(undefined), async (many) => {
    const because = 'the default limit is 100 (section 8)';
    const { groups, dormant } = await expectFullFirstPage(t, many, undefined, because);
    // Past two pages, the walk shows the default on the pages after a cursor too. Each page takes
    // 100 of the combinations at most, some of which a target may leave out (those without cost):
    // the walk ends within as many pages as 100 of each make, and no page holds more.
    if (groups <= 2 * METRICS_MAX_LIMIT) return;
    const request: MetricsRequest = { window: many.window, groupBy: many.groupBy };
    const most = Math.ceil((groups + dormant) / METRICS_MAX_LIMIT);
    // Room for twice the pages: a walk that takes more than `most` is this rule's to report, not the end of the walk's.
    const pages = await walkEachPage(t, request, 2 * most + 2, (page, i) =>
      t.assert(page.data.length <= METRICS_MAX_LIMIT, `page ${i + 1} of ${describe(request)}: ${because} on every page, so it must hold at most ${METRICS_MAX_LIMIT} entries, got ${page.data.length}`),
    );
    t.assert(pages <= most, `${describe(request)} over ${groups + dormant} combinations: ${because} on every page, so the walk must end within ${most} pages; it took ${pages}`);
  });
});

/** "maximum 100": any limit up to it is honoured, those just under it most often (where a lower cap goes wrong). */
const limitHonoured = rule('metrics.limit.honoured', { ...withFixtures, existing: true, shares: LIMIT_ROUNDS }, async (t: Check) => {
  const limit = fc.oneof(fc.integer({ min: 51, max: METRICS_MAX_LIMIT }), fc.integer({ min: 1, max: METRICS_MAX_LIMIT }));
  await overManyGroups(t, limit, async (many, limit) => {
    await expectFullFirstPage(t, many, limit, `limit=${limit} is within the maximum of 100 (section 8)`);
  });
});

const limitClamped = rule('metrics.limit.clamped', { ...withFixtures, existing: true, shares: LIMIT_ROUNDS }, async (t: Check) => {
  const limit = fc.oneof(fc.constant(METRICS_MAX_LIMIT + 1), fc.integer({ min: METRICS_MAX_LIMIT + 1, max: 1_000_000 }));
  await overManyGroups(t, limit, async (many, limit) => {
    const because = `limit=${limit} is silently clamped to 100 (section 8)`;
    const { groups, dormant } = await expectFullFirstPage(t, many, limit, because);
    // Past two pages, the walk shows the clamp on the pages after a cursor too: each holds 100 at most, whatever the data.
    if (groups <= 2 * METRICS_MAX_LIMIT) return;
    const request: MetricsRequest = { window: many.window, groupBy: many.groupBy, limit };
    await walkEachPage(t, request, Math.ceil((groups + dormant) / METRICS_MAX_LIMIT) + 1, (page, i) =>
      t.assert(page.data.length <= METRICS_MAX_LIMIT, `page ${i + 1} of ${describe(request)}: ${because} on every page, so it must hold at most ${METRICS_MAX_LIMIT} entries, got ${page.data.length}`),
    );
  });
});

/** How a paged case picks its limit from its number of groups. */
type LimitChoice = { how: 'pages' | 'divisor' | 'any'; n: number };

/**
 * `pages`: about n pages; `divisor`: a limit that divides the number of groups, so
 * that the last page is full (where "hasMore = the page is full" goes wrong);
 * `any`: n itself. None under `min`.
 */
function limitFor(groups: number, { how, n }: LimitChoice, min = 1): number {
  if (how === 'pages') return Math.max(min, Math.ceil(groups / n));
  if (how === 'any') return Math.max(min, n);
  const divisors = Array.from({ length: Math.min(groups, METRICS_MAX_LIMIT) }, (_, i) => i + 1).filter((d) => groups % d === 0 && d >= min);
  // No group, no divisor: any limit from `min` to 100.
  return divisors.length > 0 ? divisors[n % divisors.length]! : min + (n % (METRICS_MAX_LIMIT - min + 1));
}

/**
 * Pages a walk of existing usage takes at most: the account may have thousands of
 * combinations, and a limit of 1 over them is thousands of requests a case. Set data has
 * a few dozen groups, which no limit makes that many pages of.
 */
const EXISTING_WALK_PAGES = 12;

/** Small group sets, every event in the window (so every group has activity): the walk rounds. */
function pagedScenarioArb(t: Check): fc.Arbitrary<UsageScenario> {
  return fc
    .tuple(resolvedWindowArb(t.config.profile), resourcesArb(1, 25))
    .chain(([resolved, resources]) =>
      eventsArb(resources, resolved.window, resolved.resolution.bucket, { minLength: 0, maxLength: 40, inside: true }).map((events) => ({ ...resolved, resources, events })),
    );
}

type PagedQuery = { query: Omit<MetricsCase, 'scenario'>; limit: LimitChoice };

/** A query walked over a few pages: groupBy, and how its limit is picked from its number of groups. */
function pagedQueryArb(t: Check): fc.Arbitrary<PagedQuery> {
  const limit: fc.Arbitrary<LimitChoice> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ how: fc.constant('pages' as const), n: fc.integer({ min: 2, max: 8 }) }) },
    { weight: 2, arbitrary: fc.record({ how: fc.constant('divisor' as const), n: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ how: fc.constant('any' as const), n: fc.integer({ min: 1, max: METRICS_MAX_LIMIT }) }) },
  );
  return fc.record({ query: queryArb({ dimensions: fixtureDimensions(t.config.profile), groupBy: [1, 3] }), limit });
}

/** Over the walk rounds, each query's request with its chosen limit, the groups it must yield, and those it may (oracle.ts `dormant`). */
function overPagedCases(
  t: Check,
  check: (c: MetricsCase, request: MetricsRequest & { limit: number }, groups: ReadonlyMap<string, ExpectedGroup>, dormant: ReadonlySet<string>) => Promise<void>,
) {
  return overRoundsOrUsage(
    t,
    pagedScenarioArb(t),
    pagedQueryArb(t),
    (scenario) => shareUsage(t, scenario.events),
    (scenario, { query, limit }) => {
      const c: MetricsCase = { scenario, ...query };
      const { groups, dormant } = expectedMetrics(scenario.events, { window: scenario.window, groupBy: c.groupBy, unit: scenario.resolution.bucket });
      const min = t.data === 'existing' ? Math.min(METRICS_MAX_LIMIT, Math.max(1, Math.ceil((groups.size + dormant.size) / EXISTING_WALK_PAGES))) : 1;
      return check(c, { ...requestOf(c), limit: limitFor(groups.size, limit, min) }, groups, dormant);
    },
    (scenario) => scenario,
  );
}

/**
 * Walks `request` page by page (keeping none): every group of `groups` exactly once, at most
 * `limit` a page, none other but those of `dormant` (combinations without cost in the window,
 * which a target may list, oracle.ts), each of them once at most.
 */
async function expectComplete(
  t: Check,
  request: MetricsRequest & { limit: number },
  groupBy: Dimension[],
  groups: ReadonlyMap<string, ExpectedGroup>,
  dormant: ReadonlySet<string> = new Set(),
): Promise<void> {
  const seen = new Set<string>();
  await walkEachPage(t, request, groups.size + dormant.size + 2, (page, i) => {
    t.assert(page.data.length <= request.limit, `page ${i + 1} of ${describe(request)} must hold at most limit=${request.limit} entries, got ${page.data.length}`);
    for (const entry of page.data) {
      const key = entryKey(entry, groupBy);
      const label = groupLabel(entry, groupBy);
      t.assert(!seen.has(key), `following nextCursor over ${describe(request)} yields the group ${label} twice (again on page ${i + 1}); every group must come exactly once`);
      seen.add(key);
      t.assert(groups.has(key) || dormant.has(key), `page ${i + 1} of ${describe(request)} holds the group ${label}, which has no event in the window`);
    }
  });
  const missing = [...groups].filter(([k]) => !seen.has(k)).map(([, g]) => groupLabel(g.values, groupBy));
  t.assert(missing.length === 0, `following nextCursor over ${describe(request)} must yield all ${groups.size} groups; ${missing.length} never came, e.g. ${missing.slice(0, 3).join(', ')}`);
}

/** Each case at scale walks 10 to 60 pages, each of them reading every event of the window: fewer cases than --runs. */
const SCALE_RUNS = 3;

const paginationComplete = rule('metrics.pagination.complete', { ...withFixtures, existing: true, shares: WALK_ROUNDS }, async (t: Check) => {
  const scale = t.config.fixtureScale;
  if (scale && t.data === 'set') {
    // Held from before the set is drawn: no other check draws or sends a set of usage events meanwhile, so one is in memory at a time.
    await t.locks.enter('usage');
    // One large set, every event in the window, put on the target once; the cases vary groupBy (always with
    // resource_uuid, so that the walk is many pages long) and limit.
    const windows = resolvedWindowArb(t.config.profile).filter((r) => r.explicit);
    const scenario = sampleScenario(windows, scaleResources(scale.usageEvents), scale.usageEvents, t.seed, true);
    await setUsage(t, scenario.events);
    const others = fixtureDimensions(t.config.profile).filter((d) => d !== 'resource_uuid');
    const input = fc.record({ others: groupByArb(others, 0, 2) as fc.Arbitrary<Dimension[]>, at: fc.nat(), limit: fc.integer({ min: 50, max: METRICS_MAX_LIMIT }) });
    await t.property(
      input,
      async ({ others: rest, at, limit }) => {
        const groupBy = insertAt(rest, at, 'resource_uuid' as Dimension);
        const c: MetricsCase = { scenario, groupBy, filters: {} };
        const { groups, dormant } = expectedMetrics(scenario.events, { window: scenario.window, groupBy, unit: scenario.resolution.bucket }, false);
        await expectComplete(t, { ...requestOf(c), limit }, groupBy, groups, dormant);
      },
      { runs: Math.min(t.config.runs, SCALE_RUNS) },
    );
    return;
  }
  await overPagedCases(t, (c, request, groups, dormant) => expectComplete(t, request, c.groupBy, groups, dormant));
});

const paginationLastPage = rule('metrics.pagination.last-page', { ...withFixtures, existing: true, shares: WALK_ROUNDS }, async (t: Check) => {
  await overPagedCases(t, async (c, request, groups, dormant) => {
    // The groups not listed yet decide hasMore; combinations without cost in the window (dormant) may come or not.
    const seen = new Set<string>();
    await walkPages(t, request, groups.size + dormant.size + 2, (page, i) => {
      for (const entry of page.data) seen.add(entryKey(entry, c.groupBy));
      const remaining = [...groups.keys()].filter((k) => !seen.has(k)).length;
      const mayFollow = [...dormant].some((k) => !seen.has(k));
      // A cursor is named by its length: its text may change with every request (an issue time), and a failure on existing data stands only when it repeats in the same words.
      const cursor = page.meta.nextCursor === '' ? '' : `<a cursor of ${page.meta.nextCursor.length} characters>`;
      const problems = pageMetaProblems({ ...page.meta, nextCursor: cursor }, remaining, 'groups', mayFollow);
      const of = dormant.size > 0 ? `${groups.size} groups and ${dormant.size} without cost in the window` : `${groups.size} groups`;
      t.assert(problems.length === 0, `page ${i + 1} of ${describe(request)} (${seen.size} entries of ${of} seen): ${problems.join('; ')}`);
    });
  });
});

/** A query with an explicit resolution over at least `minGroups` (two or more) groups (one per resource), first page of limit 1. */
function cursorCaseArb(t: Check, minGroups = 2) {
  const explicit = resolvedWindowArb(t.config.profile).filter((r) => r.explicit);
  return fc
    .tuple(explicit, resourcesArb(minGroups, 8))
    // The first two share a type and a workspace: a filter on them leaves a next page at limit 1.
    .map(([resolved, [first, second, ...rest]]): [ResolvedWindow, Resource[]] => [resolved, [first!, { ...second!, type: first!.type, workspace: first!.workspace }, ...rest]])
    .chain(([resolved, resources]) => oneEventPerResourceArb(resources, resolved.window, resolved.resolution.bucket).map((events) => ({ resolved, resources, events })));
}

/** The query whose first page gives the cursor: groupBy=resource_uuid, limit 1. */
const cursorRequest = (resolved: ResolvedWindow): MetricsRequest => ({ window: resolved.window, groupBy: ['resource_uuid'], resolution: resolved.resolution.name, limit: 1 });

/**
 * The nextCursor of the page of `request` (the first, or the one after `cursor`) over the
 * events on the target, among them `groups` groups the request lists (more than the pages before).
 */
async function nextCursor(t: Check, request: MetricsRequest, groups: number, cursor?: string): Promise<string> {
  const which = cursor === undefined ? 'the first page' : 'the page after the first page\'s cursor';
  const page = expectPage(t, await getMetrics(t, { ...request, cursor }), `${which} of ${describe(request)}`);
  t.assert(
    page.meta.hasMore && page.meta.nextCursor !== '',
    `${describe(request)} over ${groups} groups or more: ${which} must have meta.hasMore true and a meta.nextCursor (section 2.8); without one no cursor can be checked`,
  );
  return page.meta.nextCursor;
}

type Variation = 'groupBy' | 'window' | 'resourceType' | 'workspace' | 'resolution';

/**
 * "Valid only for the same query" with a part left out: the query a cursor is issued for
 * names `part` (a filter value two resources of `resources` hold, so that limit 1 leaves
 * a next page), the query it is reused with leaves it out. Undefined where leaving it out
 * is the same query (a resolution the window's length chooses anyway) or no value fits.
 */
function leftOut(t: Check, request: MetricsRequest, resources: readonly Resource[], part: Variation, pick: number): { issued: MetricsRequest; reused: MetricsRequest } | undefined {
  const heldByTwo = (values: string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
  const withFilter = (name: 'resourceType' | 'workspace', values: string[]) => {
    const shared = heldByTwo(values);
    return shared.length ? { issued: { ...request, [name]: shared[pick % shared.length] }, reused: request } : undefined;
  };
  switch (part) {
    case 'groupBy':
      return { issued: request, reused: { ...request, groupBy: undefined } };
    case 'resolution': {
      // Issued with an explicit resolution the window's length does not choose (and whose cap it fits).
      const length = (request.window.end - request.window.start) / SECOND_MS;
      const chosen = autoResolutionsFor(t.config.profile, length).map((r) => r.name);
      const others = t.config.profile.resolutions.filter((r) => !chosen.includes(r.name) && (r.maxWindowSeconds === null || length <= r.maxWindowSeconds));
      const explicit = others.find((r) => r.name === request.resolution) ?? others[pick % Math.max(1, others.length)];
      return explicit && { issued: { ...request, resolution: explicit.name }, reused: { ...request, resolution: undefined } };
    }
    case 'resourceType':
      return withFilter('resourceType', resources.map((r) => r.type));
    case 'workspace':
      return withFilter('workspace', resources.map((r) => r.workspace));
    case 'window':
      return undefined; // required: never left out
  }
}

/** The same query with one part changed, still a valid query; undefined when that part has no valid alternative (never for the filters). */
function varied(t: Check, request: MetricsRequest, resolved: ResolvedWindow, part: Variation, pick: number): MetricsRequest | undefined {
  const { profile } = t.config;
  const length = (request.window.end - request.window.start) / SECOND_MS;
  const fits = (seconds: number, max: number | null) => max === null || seconds <= max;
  switch (part) {
    case 'groupBy': {
      const others = fixtureDimensions(profile).filter((d) => d !== 'resource_uuid');
      // Another first dimension and the same one with another after it, in turn: two picks in a row give one of each.
      const alternatives: Dimension[][] = others.flatMap((d) => [[d], ['resource_uuid', d] as Dimension[]]);
      return alternatives.length ? { ...request, groupBy: alternatives[pick % alternatives.length] } : undefined;
    }
    case 'window': {
      const { bucket, maxWindowSeconds } = resolved.resolution;
      const shifts = [1, -1, 2, -2].map((k) => ({ start: addUnits(request.window.start, bucket, k), end: addUnits(request.window.end, bucket, k) }));
      const window = shifts.filter((w) => fits((w.end - w.start) / SECOND_MS, maxWindowSeconds))[pick % 2];
      return window && { ...request, window };
    }
    case 'resourceType':
      return { ...request, resourceType: RESOURCE_TYPES[pick % RESOURCE_TYPES.length] };
    case 'workspace':
      return { ...request, workspace: WORKSPACES[pick % WORKSPACES.length] };
    case 'resolution': {
      const others = profile.resolutions.filter((r) => r.name !== request.resolution && fits(length, r.maxWindowSeconds));
      return others.length ? { ...request, resolution: others[pick % others.length]!.name } : undefined;
    }
  }
}

/**
 * Cases of the binding rule: each tries every part of its query changed and left out
 * (about a dozen requests), so that each part is tried in every run; a few cases vary
 * the windows, resolutions and filter values.
 */
const BINDING_CASES = 4;

/** The same query with the filter `part` of `issued` set to another value (`issued` naming one). */
function otherValue(issued: MetricsRequest, part: 'resourceType' | 'workspace', pick: number): MetricsRequest {
  const values = (part === 'resourceType' ? RESOURCE_TYPES : WORKSPACES).filter((v) => v !== issued[part]);
  return { ...issued, [part]: values[pick % values.length] };
}

const cursorBoundToQuery = rule('metrics.cursor.bound-to-query', { ...withFixtures, existing: true }, async (t: Check) => {
  const parts: Variation[] = ['groupBy', 'window', 'resourceType', 'workspace', 'resolution'];
  const variation = { pick: fc.nat() };
  // Three groups at least: the second page has a cursor too.
  const input = fc.record({ fixture: cursorCaseArb(t, 3), ...variation });
  type Case = typeof input extends fc.Arbitrary<infer C> ? C : never;
  // Each part changed to another value (with the first page's cursor and the second's), named when the
  // cursor is issued and left out when it is reused, and the reverse where leaving it out is another query;
  // each filter named, then changed to another value.
  const expectBound = async ({ fixture, pick }: Case) => {
    const request = cursorRequest(fixture.resolved);
    const groups = new Set(fixture.events.map((e) => e.resourceUuid)).size;
    const first = await nextCursor(t, request, groups);
    const pages = groups >= 3 ? [{ which: 'first', cursor: first }, { which: 'second', cursor: await nextCursor(t, request, groups, first) }] : [{ which: 'first', cursor: first }];
    const changed = parts.flatMap((part) =>
      pages.flatMap(({ which, cursor }, i) => {
        // The two pages' cursors take two groupBys in a row of varied's: one changes the first dimension, the other keeps it
        // and adds one (only there does a binding to the first dimension alone show), so every case tries both, not one case in two.
        const other = varied(t, request, fixture.resolved, part, part === 'groupBy' ? pick + i : pick);
        if (!other) return [];
        return [async () => expectRefused(t, await getMetrics(t, { ...other, cursor }), `the ${which} page's cursor of ${describe(request)} sent with ${describe(other)} (another ${part})`)];
      }),
    );
    const reused = parts.flatMap((part) => {
      const query = leftOut(t, request, fixture.resources, part, pick);
      if (!query) return [];
      const pairs = [{ ...query, how: `${part} left out` }];
      if (part === 'resolution') pairs.push({ issued: query.reused, reused: query.issued, how: 'resolution named where it was left to the window' });
      if (part === 'resourceType' || part === 'workspace') pairs.push({ issued: query.issued, reused: otherValue(query.issued, part, pick), how: `another ${part}` });
      return pairs.map(({ issued, reused, how }) => async () => {
        const cursor = issued === request ? first : await nextCursor(t, issued, 2);
        expectRefused(t, await getMetrics(t, { ...reused, cursor }), `a cursor of ${describe(issued)} sent with ${describe(reused)} (${how})`);
      });
    });
    await t.atOnce([...changed, ...reused]);
  };
  // The events of every case on the target at once (more events only add groups to a first page that has a next one): the cases at once.
  const together = async (cases: readonly Case[]) => {
    await setEveryCase(t, cases.map((c) => c.fixture.events));
    await t.atOnce(cases.map((c) => () => expectBound(c)));
  };
  const runs = Math.min(t.config.runs, BINDING_CASES);
  if (t.data === 'set') return t.property(input, (c) => together([c]), { together, runs });
  // On existing data: the account's usage read back, its window and resolution the query's.
  await withUsage(t, async (scenario) => {
    const uuids = new Set(scenario.events.map((e) => e.resourceUuid)).size;
    if (uuids < 2) t.skip(`the account's usage of ${describe({ window: scenario.window })} has ${uuids} resource: a first page of groupBy=resource_uuid with limit 1 needs 2 to have a cursor`);
    await t.property(fc.record(variation), (v) => expectBound({ fixture: { resolved: scenario, resources: scenario.resources, events: scenario.events }, ...v }), { runs });
  });
});

const cursorLifetime = rule('metrics.cursor.lifetime', { ...withFixtures, resetsTarget: true }, async (t: Check) => {
  // Three groups at least: the second page has a cursor too.
  const input = fc.tuple(cursorCaseArb(t, 3), cursorAgesArb).map(([fixture, ages]) => ({ fixture, ...ages }));
  type Case = typeof input extends fc.Arbitrary<infer C> ? C : never;
  const use = async (c: Case, cursor: string, age: 'withinSeconds' | 'beyondSeconds') => {
    const request = cursorRequest(c.fixture.resolved);
    const res = await getMetrics(t, { ...request, cursor });
    const which = `a cursor ${cursorKind(c)} of ${describe(request)}`;
    if (age === 'withinSeconds') expectPage(t, res, `${which} ${c.withinSeconds} s old (within its 24 hours), with the same query,`);
    else expectRefused(t, res, `${which} ${c.beyondSeconds} s old (older than 24 hours)`);
  };
  const onTimeline = (clock: ClockTimeline) => async (cases: readonly Case[]) => {
    // The events of every case on the target at once, each case's uuids its own: every cursor is issued, and used, over one state.
    await setEveryCase(t, cases.map((c) => c.fixture.events));
    const groups = (c: Case) => c.fixture.events.length;
    await onOneTimeline(
      t,
      clock,
      cases,
      (c) => nextCursor(t, cursorRequest(c.fixture.resolved), groups(c)),
      (c, cursor) => nextCursor(t, cursorRequest(c.fixture.resolved), groups(c), cursor),
      use,
    );
  };
  await t.withClock((clock) => t.property(input, (c) => onTimeline(clock)([c]), { together: onTimeline(clock) }));
});

export const checks = [limitDefault, limitHonoured, limitClamped, paginationComplete, paginationLastPage, cursorBoundToQuery, cursorLifetime];
