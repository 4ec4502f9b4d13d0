// One generated case of the checks that compare whole answers with the oracle:
// usage fixtures, a groupBy and filters; put on the target, asked page by page.
import fc from 'fast-check';
import { filtersArb, filtersOver, groupByArb, unitsReadWith, type FixtureEvent, type Resource, type UsageScenario, type Window } from '../../generators/metrics-fixtures.ts';
import type { Profile } from '../../spec/profile.ts';
import type { Check } from '../../harness/check.ts';
import { DAY_MS, type BucketUnit } from '../../generators/calendar.ts';
import type { Exchange } from '../../results/model.ts';
import { describe, setUsage, shareUsage, walkPages, type Entry, type MetricsPage, type MetricsRequest } from './client.ts';
import { autoPartsOf, partsOf, withUsage } from './existing.ts';
import { expectedMetrics, type Dimension, type ExpectedMetrics } from './oracle.ts';
import { MAX_GROUP_BY } from '../../spec/facts.ts';

export interface Filters {
  resourceType?: string;
  workspace?: string;
}

export interface MetricsCase {
  scenario: UsageScenario;
  groupBy: Dimension[];
  filters: Filters;
}

export interface CaseOptions {
  /** The dimensions groupBy draws from, and how many (min, max). */
  dimensions: readonly Dimension[];
  groupBy: [number, number];
  /** A dimension every groupBy holds, at any position. */
  including?: Dimension;
  /** Filters drawn with the query: of the generated events, or of the values given (those of existing data). */
  filters?: boolean | { resourceTypes: string[]; workspaces: string[] };
}

export function caseArb(scenarios: fc.Arbitrary<UsageScenario>, options: CaseOptions): fc.Arbitrary<MetricsCase> {
  return fc.tuple(scenarios, queryArb(options)).map(([scenario, query]) => ({ scenario, ...query }));
}

/** The query of a case over its scenario: groupBy and filters. */
export function queryArb(options: CaseOptions): fc.Arbitrary<Omit<MetricsCase, 'scenario'>> {
  const { including } = options;
  const others = options.dimensions.filter((d) => d !== including);
  const groupBy: fc.Arbitrary<Dimension[]> = including
    ? fc
        .tuple(groupByArb(others, Math.max(0, options.groupBy[0] - 1), options.groupBy[1] - 1) as fc.Arbitrary<Dimension[]>, fc.nat())
        .map(([rest, at]) => insertAt(rest, at, including))
    : (groupByArb(others, ...options.groupBy) as fc.Arbitrary<Dimension[]>);
  const filters =
    options.filters === true ? filtersArb : options.filters ? filtersOver(options.filters.resourceTypes, options.filters.workspaces) : fc.constant({});
  return fc.record({ groupBy, filters });
}

/** `list` with `item` inserted at position `at` (modulo its length + 1). */
export function insertAt<T>(list: readonly T[], at: number, item: T): T[] {
  const i = at % (list.length + 1);
  return [...list.slice(0, i), item, ...list.slice(i)];
}

export function requestOf({ scenario, groupBy, filters }: MetricsCase): MetricsRequest {
  return { window: scenario.window, groupBy, resolution: scenario.explicit ? scenario.resolution.name : undefined, ...filters };
}

/** The answer the oracle expects to the case's query over `events`, every event on the target. */
function expectedOf({ scenario, groupBy, filters }: MetricsCase, events: readonly FixtureEvent[]): ExpectedMetrics {
  return expectedMetrics(events, { window: scenario.window, groupBy, unit: scenario.resolution.bucket, readBack: scenario.readBack, ...filters });
}

export interface Answer {
  request: MetricsRequest;
  /** The request, readable, for messages. */
  query: string;
  expected: ExpectedMetrics;
  /** Every resource with events on the target (the case's, and those of cases beside it). */
  resources: Resource[];
  pages: MetricsPage[];
  /** The exchange of each page, for a failure that concerns one page. */
  exchanges: Exchange[];
  entries: Entry[];
}


/**
 * Steps a case moves back in time by to stand apart from the others, per unit its buckets
 * may have: whole weeks keep every hour, midnight and Monday where it was; for monthly
 * buckets four years (1,461 days, with one 29 February in each between 1901 and 2099) keep
 * every date, so each event keeps its place in its bucket.
 */
const STEP_BACK_DAYS: Record<BucketUnit, number> = { hour: 7, day: 7, week: 7, month: 1461 };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The step of a case the oracle may read with buckets of any of `units` (an omitted
 * resolution near a maximum window may be either neighbour): the least common multiple of
 * their steps, which keeps the case's window and events where they were in the buckets of
 * each (weeks and months: 7 × 1,461 days, 28 years).
 */
export const stepBackMs = (units: readonly BucketUnit[]): number =>
  units.map((u) => STEP_BACK_DAYS[u]).reduce((a, b) => (a / gcd(a, b)) * b, 1) * DAY_MS;

/**
 * No case is moved before 2000: nothing in the specification says how far back a store
 * keeps usage, and the generated windows are all after 2018, so moved cases stay within
 * this century rather than near an epoch a store may count from.
 */
const EARLIEST_MOVE_MS = Date.UTC(2000, 0, 1);

/**
 * A window that holds every state of usage the cases set: from EARLIEST_MOVE_MS to 2025
 * (the generated windows end before it, and it is in the past, as every window sent is).
 */
export const EVERY_STATE_WINDOW = { start: EARLIEST_MOVE_MS, end: Date.UTC(2025, 0, 1) };

type Span = { from: number; to: number };

/** The events and the window of a case: what apartInTime moves. */
export type InTime = { window: Window; events: readonly FixtureEvent[] };

/** Where a case's time lies, and how it is moved: its events and window, and the step it moves back by. */
export interface TimeOf<C> {
  of(c: C): InTime;
  with(c: C, moved: InTime): C;
  step(c: C): number;
}

/** A metrics case's time is its scenario's, its step that of every unit of the buckets the oracle may read it with (unitsReadWith). */
export const metricsCaseTime = <C extends MetricsCase>(profile: Profile): TimeOf<C> => ({
  of: (c) => c.scenario,
  with: (c, moved) => ({ ...c, scenario: { ...c.scenario, ...moved, events: [...moved.events] } }),
  step: (c) => stepBackMs(unitsReadWith(profile, c.scenario)),
});

/** Events in a window, whatever their buckets: whole weeks. */
export const eventsTime = <C extends InTime>(): TimeOf<C> => ({ of: (c) => c, with: (c, moved) => ({ ...c, ...moved }), step: () => stepBackMs(['week']) });

/** The stretch of time a case takes, end exclusive: its window and its events. */
function spanOf({ window, events }: InTime): Span {
  const times = events.map((e) => e.time);
  return { from: Math.min(window.start, ...times), to: Math.max(window.end, ...times.map((time) => time + 1)) };
}

function movedBack({ window, events }: InTime, by: number): InTime {
  return { window: { start: window.start - by, end: window.end - by }, events: events.map((e) => ({ ...e, time: e.time - by })) };
}

/** How far back (whole steps) `span` must move to meet none of `taken`, staying after 2000; undefined when it cannot. */
function roomBefore(taken: readonly Span[], span: Span, step: number): number | undefined {
  for (let by = 0; span.from - by >= EARLIEST_MOVE_MS; ) {
    const met = taken.find((other) => span.from - by < other.to && other.from < span.to - by);
    if (!met) return by;
    // Far enough back that it ends before the span it met begins.
    by = Math.max(by + step, Math.ceil((span.to - met.from) / step) * step);
  }
  return undefined;
}

/**
 * The cases in groups that stand on the target together: in a group, each case after the
 * first moved back in time (`time` says how), by whole steps, until the stretch of its
 * window and events meets no other case's. Another case's events then lie outside its
 * window: for a metrics query they only add groups the oracle knows may show with no
 * activity; for the resource-types enum, nothing. The generated windows overlap often,
 * so without the move most cases would need a state of their own, one after the other.
 */
export function apartInTime<C>(cases: readonly C[], time: TimeOf<C>): C[][] {
  const groups: Array<{ cases: C[]; spans: Span[] }> = [];
  for (const c of cases) {
    const span = spanOf(time.of(c));
    let placed = false;
    for (const g of groups) {
      const by = roomBefore(g.spans, span, time.step(c));
      if (by === undefined) continue;
      const moved = by === 0 ? time.of(c) : movedBack(time.of(c), by);
      g.cases.push(by === 0 ? c : time.with(c, moved));
      g.spans.push(spanOf(moved));
      placed = true;
      break;
    }
    if (!placed) groups.push({ cases: [c], spans: [span] });
  }
  return groups.map((g) => g.cases);
}

/**
 * A uuid made its own for the case at `position` among the cases beside it: the generated
 * uuids count from the same first one in every case (generators/metrics-fixtures.ts).
 */
const ownUuid = (uuid: string, position: number): string =>
  position === 0 ? uuid : `${uuid.slice(0, 9)}${position.toString(16).padStart(4, '0')}${uuid.slice(13)}`;

/** The events of the case at `position` among the cases beside it, their uuids its own. */
const ownEvents = (events: readonly FixtureEvent[], position: number): FixtureEvent[] =>
  events.map((e) => ({ ...e, resourceUuid: ownUuid(e.resourceUuid, position) }));

/**
 * The events of several cases on the target together, each case's uuids its own: a
 * target may well keep one type and name per uuid, which two cases' same uuid would mix.
 */
export const everyCaseEvents = (cases: ReadonlyArray<readonly FixtureEvent[]>): FixtureEvent[] => cases.flatMap(ownEvents);

/** Puts the events of several cases on the target together (everyCaseEvents), and returns them. */
export async function setEveryCase(t: Check, cases: ReadonlyArray<readonly FixtureEvent[]>): Promise<FixtureEvent[]> {
  const events = everyCaseEvents(cases);
  await setUsage(t, events);
  return events;
}

/** The case with the uuids of its resources made its own among the cases beside it. */
function ownUuids(c: MetricsCase, position: number): MetricsCase {
  if (position === 0) return c;
  const { scenario } = c;
  return {
    ...c,
    scenario: {
      ...scenario,
      resources: scenario.resources.map((r) => ({ ...r, uuid: ownUuid(r.uuid, position) })),
      events: ownEvents(scenario.events, position),
    },
  };
}

/**
 * Puts the events of the cases on the target, side by side and apart in time, reads
 * every page of each case's query (the cases at once) and hands each whole answer, with
 * what the oracle expects of the events on the target, to `body`.
 */
async function expectAnswers(t: Check, cases: readonly MetricsCase[], body: (answer: Answer, c: MetricsCase) => void, onState?: OnState): Promise<void> {
  for (const generated of apartInTime(cases, metricsCaseTime(t.config.profile))) {
    const group = generated.map(ownUuids);
    const events = group.flatMap((c) => c.scenario.events);
    const resources = group.flatMap((c) => c.scenario.resources);
    await shareUsage(t, events);
    await t.atOnce([...group.map((c) => () => expectAnswer(t, c, events, resources, body)), ...(onState ? [() => onState(events)] : [])]);
  }
}

/** A check of its own on each state of usage the cases put on the target, with every event of it. */
export type OnState = (events: readonly FixtureEvent[]) => Promise<void>;

/** Reads every page of the case's query and hands the whole answer, with what the oracle expects of `events` (every event on the target), to `body`. */
async function expectAnswer(t: Check, c: MetricsCase, events: readonly FixtureEvent[], resources: Resource[], body: (answer: Answer, c: MetricsCase) => void): Promise<void> {
  const request = requestOf(c);
  const expected = expectedOf(c, events);
  const exchanges: Exchange[] = [];
  const pages = await walkPages(t, request, expected.groups.size + expected.dormant.size + 2, () => exchanges.push(t.lastExchange!));
  body({ request, query: describe(request), expected, resources, pages, exchanges, entries: pages.flatMap((p) => p.data) }, c);
}

/**
 * One case per dimension grouped alone, and one of the first three at once, all over the
 * scenario with the most events of ten `scenarios` draws (the check's seed): drawn at
 * random, a dimension may go ungrouped over events in a run, and its grouping unread.
 */
function everyDimensionCases(t: Check, scenarios: fc.Arbitrary<UsageScenario>, dimensions: readonly Dimension[]): MetricsCase[] {
  const scenario = fc.sample(scenarios, { seed: t.seed, numRuns: 10 }).reduce((most, s) => (s.events.length > most.events.length ? s : most));
  return [...dimensions.map((d) => [d]), dimensions.slice(0, MAX_GROUP_BY)].map((groupBy) => ({ scenario, groupBy, filters: {} }));
}

/**
 * Checks `body` on the whole answer of each generated case (a scenario of `scenarios`,
 * a query of `options`); the cases' events side by side where they can be. Rules whose
 * cases draw their scenarios from one arbitrary with one seed (`shared`, the rules
 * declaring one `shares`) set each state of events once and read it side by side.
 *
 * On existing data every case is a query over the account's usage read back
 * (existing.ts), its filters drawn from the values that usage holds; `resolution` says
 * whether the queries name the resolution or leave it to the window's length. On set
 * data, `onState` also checks each state of usage put on the target.
 */
export async function eachAnswer(
  t: Check,
  scenarios: fc.Arbitrary<UsageScenario>,
  options: CaseOptions,
  body: (answer: Answer, c: MetricsCase) => void,
  { shared = false, resolution = 'explicit', onState, everyDimension = false }: { shared?: boolean; resolution?: 'explicit' | 'auto'; onState?: OnState; everyDimension?: boolean } = {},
): Promise<void> {
  if (t.data === 'existing')
    return withUsage(t, async (scenario) => {
      // The queries ask for parts of the window read back too: its halves must add up, an event on a boundary counts once.
      const parts = resolution === 'auto' ? autoPartsOf(t, scenario) : partsOf(scenario);
      if (!parts) t.skip(`the usage read back has buckets of ${scenario.resolution.name}: no window of it is one the profile reads with buckets as coarse, without a resolution`);
      const values = (pick: (r: Resource) => string) => [...new Set(scenario.resources.map(pick))];
      // One value no event holds, as the generated filters have.
      const filters = options.filters && { resourceTypes: [...values((r) => r.type), 'no-such-type'], workspaces: [...values((r) => r.workspace), 'no-such-workspace'] };
      await t.property(caseArb(parts, { ...options, filters }), (c) => expectAnswer(t, c, c.scenario.events, scenario.resources, body));
      // Each dimension's case in turn: the usage read back is one scenario, so they cannot go side by side.
      if (everyDimension)
        await t.property(fc.constant(everyDimensionCases(t, parts, options.dimensions)), async (cases) => {
          for (const c of cases) await expectAnswer(t, c, c.scenario.events, scenario.resources, body);
        }, { runs: 1 });
    });
  const expect = (group: readonly MetricsCase[]) => expectAnswers(t, group, body, onState);
  // The cases of every dimension go beside the generated ones, in the one state the property
  // sets them all in (its cases may set none after it); should only they fail, the evidence
  // is that of the cases side by side, its message naming their query.
  const extra = everyDimension ? everyDimensionCases(t, scenarios, options.dimensions) : [];
  return t.property(caseArb(scenarios, options), (c) => expect([c]), { together: (group) => expect([...group, ...extra]), shared });
}

/**
 * Resources of a usage set at scale (bench --scale, SuiteConfig.fixtureScale): 1,000
 * from 50,000 events on, so that groupBy resource_uuid makes 1,000 to 3,000 groups.
 */
export const scaleResources = (events: number): number => Math.min(1_000, Math.ceil(events / 50));
