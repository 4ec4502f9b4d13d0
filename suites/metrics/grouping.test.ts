// Section 2.7: entries per unique combination of the requested dimensions, their
// grouping fields, and the cost and usage summaries, compared with the oracle.
import fc from 'fast-check';
import { filtersArb, groupByArb, resolvedWindowArb, sampleScenario, unitsReadWith, usageScenarioArb, type FixtureEvent, type UsageScenario } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import { describe, expectPage, getMetrics, pointTime, setUsage, walkEachPage, withFixtures, type MetricsPage } from './client.ts';
import type { Exchange } from '../../results/model.ts';
import { amountMessage, closeTo } from './compare.ts';
import { amountsIn, DIMENSION_FIELDS, entryKey, entryRoundings, expectedMetrics, fixtureDimensions, groupLabel, totalRoundings, units, usd, type Dimension, type ExpectedMetrics } from './oracle.ts';
import { learnBucketsOfAny } from './buckets.ts';
import { MAX_PAGES, pastUsage, usageKnown } from './existing.ts';
import { eachAnswer as eachCaseAnswer, EVERY_STATE_WINDOW, requestOf, scaleResources, type Answer, type CaseOptions, type MetricsCase, type OnState } from './scenario.ts';


/** Events in and around a window of any resolution, explicit or omitted. */
const scenarios = (t: Check): fc.Arbitrary<UsageScenario> =>
  usageScenarioArb(resolvedWindowArb(t.config.profile), { resources: [1, 12], events: [0, 30] });

/**
 * The rounds of scenarios the grouping rules share: each case draws its scenario first,
 * from one arbitrary with one seed, so case i of each rule has the same events, and the
 * rules set each state once and read it side by side (scenario.ts eachAnswer).
 */
const SCENARIO_ROUNDS = 'metrics.scenario-rounds';
const sharesScenarios = { ...withFixtures, existing: true, shares: SCENARIO_ROUNDS } as const;

type Shape = Omit<CaseOptions, 'dimensions'> & { without?: Dimension };

/** Checks `body` on the whole answer of generated cases of this shape (and `onState` on each state of usage, scenario.ts). */
async function eachAnswer(t: Check, shape: Shape, body: (answer: Answer, c: MetricsCase) => void, onState?: OnState, everyDimension = false): Promise<void> {
  const dimensions = fixtureDimensions(t.config.profile).filter((d) => d !== shape.without);
  await eachCaseAnswer(t, scenarios(t), { ...shape, dimensions }, body, { shared: true, onState, everyDimension });
}

/** The expected cost and usage of the group an entry stands for; 0 when its combination has no event in the window. */
function groupOf(answer: Answer, key: string) {
  return answer.expected.groups.get(key) ?? { costMicros: 0, usageMilli: 0, events: 0, values: {}, buckets: [] };
}

const groupingUniqueCombinations = rule('metrics.grouping.unique-combinations', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [1, 3], filters: true }, ({ query, expected, entries }, { groupBy }) => {
    const seen = new Set<string>();
    for (const entry of entries) {
      for (const d of groupBy) {
        const field = DIMENSION_FIELDS[d];
        t.assert(typeof entry[field] === 'string', `${query}: every entry must populate "${field}" (grouped by ${d}), got ${JSON.stringify(entry[field])}`);
      }
      const key = entryKey(entry, groupBy);
      const label = groupLabel(entry, groupBy);
      t.assert(!seen.has(key), `${query}: there must be one entry per unique combination, but ${label} has several`);
      seen.add(key);
      t.assert(expected.groups.has(key) || expected.dormant.has(key), `${query}: the entry ${label} is a combination no event of the account has`);
    }
    const missing = [...expected.groups].filter(([k]) => !seen.has(k)).map(([, g]) => groupLabel(g.values, groupBy));
    t.assert(missing.length === 0, `${query}: each combination with events in the window must have an entry; missing ${missing.slice(0, 3).join(', ')}`);
  }, undefined, true);
});

const groupingResourceUuidFills = rule('metrics.grouping.resource-uuid-fills', sharesScenarios, async (t: Check) => {
  // On existing data the usage read back needs these very fields: the entries are read on their own.
  if (t.data === 'existing') return existingUuidFills(t);
  await eachAnswer(t, { groupBy: [1, 3], including: 'resource_uuid', filters: true }, ({ query, entries, resources }) => {
    for (const entry of entries) {
      const resource = resources.find((r) => r.uuid === entry.resourceUuid);
      t.assert(resource, `${query}: resourceUuid ${JSON.stringify(entry.resourceUuid)} must be the uuid of a resource with events`);
      const filled = { workspace: resource.workspace, resourceName: resource.name, resourceType: resource.type };
      for (const [field, value] of Object.entries(filled)) {
        t.assert(entry[field] === value, `${query}: grouping by resource_uuid also fills ${field}; for ${resource.uuid} it must be ${JSON.stringify(value)}, got ${JSON.stringify(entry[field])}`);
      }
    }
  });
});

/** Every entry of groupBy=resource_uuid over a window in the past where the account has usage carries the three fields. */
async function existingUuidFills(t: Check): Promise<void> {
  const { request } = await pastUsage(t, ['resource_uuid']);
  const fields = [DIMENSION_FIELDS.workspace, DIMENSION_FIELDS.resource_name, DIMENSION_FIELDS.resource_type];
  await walkEachPage(t, request, MAX_PAGES, (page, i) => {
    for (const entry of page.data) {
      const lacking = fields.filter((field) => typeof entry[field] !== 'string' || entry[field] === '');
      t.assert(lacking.length === 0, `${describe(request)}, page ${i + 1}: the entry of resource ${JSON.stringify(entry[DIMENSION_FIELDS.resource_uuid])} is grouped by resource_uuid, so it must also carry ${lacking.join(', ')}`);
    }
  });
}

const groupingNoneSingleEntry = rule('metrics.grouping.none-single-entry', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [0, 0], filters: true }, ({ query, expected, entries }) => {
    // With no matching event in the window the aggregate is empty: an entry of cost 0 and no entry are both reasonable.
    const required = expected.total.events > 0 ? 'exactly one entry' : 'at most one entry';
    const ok = expected.total.events > 0 ? entries.length === 1 : entries.length <= 1;
    t.assert(ok, `${query}: without groupBy the ${expected.total.events} matching events of the window are aggregated into ${required}, got ${entries.length} entries`);
  });
});

/** Each case at scale walks up to a few dozen pages, each of them reading every event of the window: fewer cases than --runs. */
const SCALE_RUNS = 3;

/** Page `i` of `query` has the summary.totalCost of the matching events of the window. */
function expectPageTotalCost(t: Check, query: string, expected: ExpectedMetrics, page: MetricsPage, i: number, exchange?: Exchange): void {
  const totalCost = usd(expected.total.costMicros);
  const what = `${query}, page ${i + 1}: summary.totalCost (the ${expected.total.events} matching events in [startTime, endTime))`;
  const rounding = { roundings: totalRoundings(expected, pointsPerEntry(expected)), unit: expected.units.cost };
  t.assert(closeTo(page.summary.totalCost, totalCost, rounding), amountMessage(what, totalCost, page.summary.totalCost, rounding), exchange);
}

/** How many points an entry may have: the suite's buckets, and one more where the target's buckets start elsewhere (buckets.ts). */
const pointsPerEntry = (expected: ExpectedMetrics) => expected.bucketStarts.length + 1;

const summaryTotalCost = rule('metrics.summary.total-cost', sharesScenarios, async (t: Check) => {
  const scale = t.config.fixtureScale;
  if (scale) {
    // Held from before the set is drawn: no other check draws or sends a set of usage events meanwhile, so one is in memory at a time.
    await t.locks.enter('usage');
    // One large set in and around a window, put on the target once; the cases vary groupBy and the filters.
    const scenario = sampleScenario(resolvedWindowArb(t.config.profile), scaleResources(scale.usageEvents), scale.usageEvents, t.seed);
    await setUsage(t, scenario.events);
    const input = fc.record({ groupBy: groupByArb(fixtureDimensions(t.config.profile), 0, 3) as fc.Arbitrary<Dimension[]>, filters: filtersArb });
    await t.property(
      input,
      async ({ groupBy, filters }) => {
        // Every page checked as it comes (none is kept).
        const request = requestOf({ scenario, groupBy, filters });
        const expected = expectedMetrics(scenario.events, { window: scenario.window, groupBy, unit: scenario.resolution.bucket, ...filters }, false);
        await walkEachPage(t, request, expected.groups.size + expected.dormant.size + 2, (page, i) => expectPageTotalCost(t, describe(request), expected, page, i));
      },
      { runs: Math.min(t.config.runs, SCALE_RUNS) },
    );
    return;
  }
  let last: readonly FixtureEvent[] | undefined;
  await eachAnswer(
    t,
    { groupBy: [0, 3], filters: true },
    ({ query, expected, pages, exchanges }) => pages.forEach((page, i) => expectPageTotalCost(t, query, expected, page, i, exchanges[i])),
    (events) => ((last = events), expectEveryStateTotal(t, events)),
  );
  // The cases may all fit one state of usage: one change more, so that the query is asked across a change at any seed.
  if (last !== undefined) await expectAnsweredAfterAChange(t, last);
});

/**
 * The usage of `events` less its costliest event in EVERY_STATE_WINDOW, set and asked of
 * as every state is: with events drawn from 1 to 50 USD, the costliest is far above the
 * total's tolerance of a cent or two an event, so an answer kept from before shows.
 */
async function expectAnsweredAfterAChange(t: Check, events: readonly FixtureEvent[]): Promise<void> {
  const inWindow = events.filter((e) => e.time >= EVERY_STATE_WINDOW.start && e.time < EVERY_STATE_WINDOW.end);
  if (inWindow.length === 0) return;
  const costliest = inWindow.reduce((a, b) => (b.costMicros > a.costMicros ? b : a));
  const changed = events.filter((e) => e !== costliest);
  await setUsage(t, changed);
  await expectEveryStateTotal(t, changed);
}

/**
 * One query asked alike of every state of usage the cases put on the target: the whole
 * of EVERY_STATE_WINDOW, no groupBy, the profile's unbounded resolution. Its total must be
 * that of the usage of the moment: an answer kept from an earlier state (a cache the
 * change of the usage did not reach) shows another.
 */
async function expectEveryStateTotal(t: Check, events: readonly FixtureEvent[]): Promise<void> {
  const unbounded = t.config.profile.resolutions.find((r) => r.maxWindowSeconds === null);
  if (!unbounded) return t.note(`the query asked of every state of usage was not asked: the profile has no resolution without a maximum window for ${describe({ window: EVERY_STATE_WINDOW })}`);
  const request = { window: EVERY_STATE_WINDOW, resolution: unbounded.name };
  const page = expectPage(t, await getMetrics(t, request), describe(request));
  const expected = expectedMetrics(events, { window: EVERY_STATE_WINDOW, groupBy: [], unit: unbounded.bucket }, false);
  expectPageTotalCost(t, `${describe(request)} (asked again after each change of the usage)`, expected, page, 0, t.lastExchange);
}

const summaryEntryCost = rule('metrics.summary.entry-cost', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [0, 3], filters: true }, (answer, { groupBy }) => {
    for (const entry of answer.entries) {
      const key = entryKey(entry, groupBy);
      const group = groupOf(answer, key);
      const what = `${answer.query}: summary.cost of the entry ${groupLabel(entry, groupBy)}, which has ${group.events} events in the window,`;
      const rounding = { roundings: entryRoundings(answer.expected.terms(key), entry.timeseries.length), unit: answer.expected.units.cost };
      t.assert(closeTo(entry.summary.cost, usd(group.costMicros), rounding), amountMessage(what, usd(group.costMicros), entry.summary.cost, rounding));
    }
  });
});

const usageOnlyWithBillingDimension = rule('metrics.usage.only-with-billing-dimension', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [0, 3], filters: true, without: 'billing_dimension' }, ({ query, pages, exchanges }) => {
    for (const [i, page] of pages.entries()) {
      const where = `${query} (billing_dimension not grouped), page ${i + 1}`;
      t.assert(page.summary.totalUsage === undefined, `${where}: summary.totalUsage must be absent, got ${JSON.stringify(page.summary.totalUsage)}`, exchanges[i]);
      const withUsage = page.data.find((e) => e.summary.usage !== undefined);
      t.assert(!withUsage, `${where}: summary.usage of the entries must be absent, got ${JSON.stringify(withUsage?.summary)}`, exchanges[i]);
    }
  });
});

const usageWithBillingDimension = rule('metrics.usage.with-billing-dimension', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [1, 3], filters: true, including: 'billing_dimension' }, (answer, { groupBy, scenario }) => {
    const { query, expected, pages, exchanges, entries } = answer;
    // Where the usage read back is not known (existing data whose points carry none), only that it is there.
    const amounts = usageKnown(t, scenario);
    const totalUsage = units(expected.total.usageMilli);
    const unit = expected.units.usage;
    const totalRounding = { roundings: totalRoundings(expected, pointsPerEntry(expected)), unit };
    for (const [i, page] of pages.entries()) {
      const what = `${query}, page ${i + 1}: summary.totalUsage`;
      if (amounts) t.assert(closeTo(page.summary.totalUsage, totalUsage, totalRounding), amountMessage(what, totalUsage, page.summary.totalUsage, totalRounding), exchanges[i]);
      else t.assert(typeof page.summary.totalUsage === 'number', `${what} must be a number (grouped by billing_dimension), got ${JSON.stringify(page.summary.totalUsage)}`, exchanges[i]);
    }
    for (const entry of entries) {
      const key = entryKey(entry, groupBy);
      const group = groupOf(answer, key);
      const label = groupLabel(entry, groupBy);
      const usage = units(group.usageMilli);
      if (!amounts) {
        t.assert(typeof entry.summary.usage === 'number', `${query}: summary.usage of the entry ${label} must be a number (grouped by billing_dimension), got ${JSON.stringify(entry.summary.usage)}`);
        continue;
      }
      const rounding = { roundings: entryRoundings(expected.terms(key), entry.timeseries.length), unit };
      t.assert(closeTo(entry.summary.usage, usage, rounding), amountMessage(`${query}: summary.usage of the entry ${label}`, usage, entry.summary.usage, rounding));
      // Points may carry usage too (the profile shows it as optional); when they do, it is that of their bucket, as the answer's timestamps place it (buckets.ts).
      const learnt = learnBucketsOfAny(entry.timeseries.map(pointTime), scenario.window, unitsReadWith(t.config.profile, scenario));
      if (!learnt.ok) continue; // not buckets of the resolution: metrics.timeseries.every-bucket and metrics.resolution.auto report it
      for (const span of learnt.spans) {
        const point = entry.timeseries[span.index]!;
        if (point.usage === undefined) continue;
        const expectedUsage = units(amountsIn(answer.expected.groups.get(key), span.from, span.to).usageMilli);
        const pointRounding = { roundings: expected.terms(key, span.from, span.to) + 1, unit };
        const what = `${query}: usage of the point ${point.timestamp} of the entry ${label}`;
        t.assert(closeTo(point.usage, expectedUsage, pointRounding), amountMessage(what, expectedUsage, point.usage, pointRounding));
      }
    }
  });
});

const timeseriesBucketUsage = rule('metrics.timeseries.bucket-usage', sharesScenarios, async (t: Check) => {
  await eachAnswer(t, { groupBy: [1, 3], filters: true, including: 'billing_dimension' }, ({ query, entries }, { groupBy }) => {
    for (const entry of entries) {
      const without = entry.timeseries.find((point) => typeof point.usage !== 'number');
      if (without)
        t.fail(`${query} (billing_dimension grouped): the point ${without.timestamp} of the entry ${groupLabel(entry, groupBy)} carries no usage, as the entry's summary does: ${JSON.stringify(without)}`);
    }
  });
});

export const checks = [
  groupingUniqueCombinations,
  groupingResourceUuidFills,
  groupingNoneSingleEntry,
  summaryTotalCost,
  summaryEntryCost,
  usageOnlyWithBillingDimension,
  usageWithBillingDimension,
  timeseriesBucketUsage,
];
