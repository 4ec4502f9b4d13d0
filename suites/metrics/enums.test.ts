// Section 4.1: the group-by enum (static, every valid groupBy value) and the
// resource-types enum (the types with an event in the window; startTime and
// endTime required).
import fc from 'fast-check';
import { alignedWindowArb, badWindowArb, eventsArb, hoursWindowArb, instantTextArb, resourcesArb, type FixtureEvent, type Window } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import { rule } from '../../harness/rule.ts';
import type { CredentialName } from '../../harness/config.ts';
import { HOUR_MS, rfc3339 } from '../../generators/calendar.ts';
import { describe, expectEnum, expectPage, getMetrics, metricsPath, walkEachPage, windowQuery, withFixtures, type Entry, type MetricsRequest } from './client.ts';
import { DIMENSION_FIELDS, resourceTypesIn, SPEC_DIMENSIONS } from './oracle.ts';
import { apartInTime, eventsTime, setEveryCase } from './scenario.ts';
import { MAX_PAGES, partsOf, withUsage } from './existing.ts';
import type { Exchange } from '../../results/model.ts';
import { badWindowQuery, expectEachBadBoundRefused } from './params.ts';
import { expectRefused } from '../support/error-body.ts';


function groupByEnum(t: Check, credential: CredentialName): Promise<string[]> {
  const token = t.config.credentials[credential]!;
  return t.api(metricsPath(t, '/enums/group-by'), { token }).then((res) => expectEnum(t, res, 'getMetricsGroupByEnum', `the group-by enum for the ${credential} credential`));
}

const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((v) => b.includes(v));

const enumsGroupBy = rule('metrics.enums.group-by', { needs: ['accountId'] }, async (t: Check) => {
  const values = await groupByEnum(t, 'admin');
  const required = [...new Set([...SPEC_DIMENSIONS, ...t.config.profile.groupByDimensions])];
  const missing = required.filter((d) => !values.includes(d));
  t.assert(missing.length === 0, `the group-by enum lists all valid groupBy values, at least ${required.join(', ')}; it lacks ${missing.join(', ')}`);
  // Static: the same for every caller that may read metrics.
  const callers = (['member', 'otherWorkspace'] as const).filter((c) => t.config.credentials[c]);
  for (const caller of callers) {
    const theirs = await groupByEnum(t, caller);
    t.assert(sameSet(theirs, values), `the group-by enum is static: the ${caller} credential got ${theirs.join(', ')}, the admin ${values.join(', ')}`);
  }
  // Every value it lists is a valid groupBy value: each case asks each value once, each in a
  // window of its own, so that no listed value goes unasked at any seed; about --runs requests in all.
  const windows = fc.array(hoursWindowArb, { minLength: values.length, maxLength: values.length });
  const asked = async (drawn: Window[]) => {
    await t.atOnce(values.map((value, i) => async () => {
      const res = await getMetrics(t, { window: drawn[i]!, groupBy: [value] });
      expectPage(t, res, `groupBy=${value}, a value of the group-by enum, from the account admin`);
    }));
  };
  await t.property(windows, asked, { runs: Math.ceil(t.config.runs / Math.max(1, values.length)) });
});

const enumsResourceTypes = rule('metrics.enums.resource-types', { ...withFixtures, existing: true }, async (t: Check) => {
  if (t.data === 'existing') return existingResourceTypes(t);
  // Events around a base window; the query window is that window, a shifted one, one far
  // from every event, or one whose last hour holds an event: a window's end is where a bound
  // read as an hour too early leaves types out.
  const input = fc
    .tuple(alignedWindowArb('day', { min: 86_400, max: 10 * 86_400 })!, resourcesArb(1, 10))
    .chain(([base, resources]) => eventsArb(resources, base, 'day', { minLength: 0, maxLength: 25 }).map((events) => ({ base, events })))
    .chain(({ base, events }) =>
      fc.record({
        events: fc.constant(events),
        window: fc.oneof(
          fc.constant(base),
          fc.tuple(fc.integer({ min: -48, max: 48 }), fc.integer({ min: 1, max: 240 })).map(([shift, hours]): Window => {
            const start = base.start + shift * HOUR_MS;
            return { start, end: start + hours * HOUR_MS };
          }),
          fc.constant({ start: base.end + 30 * 86_400_000, end: base.end + 31 * 86_400_000 }),
          ...(events.length === 0 ? [] : [endingAfterArb(events)]),
        ),
      }),
    );
  type Case = typeof input extends fc.Arbitrary<infer C> ? C : never;
  const expectTypes = async ({ window }: Case, events: readonly FixtureEvent[]) => {
    const { values, what, exchange } = await resourceTypesEnum(t, window);
    const expected = resourceTypesIn(events, window);
    t.assert(sameSet(values, expected), `${what} must list exactly the types with an event in the window: [${expected.join(', ')}], got [${values.join(', ')}]`, exchange);
  };
  // The cases side by side, each moved back by whole weeks until its window and events stand
  // clear of every other case's (each case's uuids its own): one state of events, the windows asked at once.
  const together = async (cases: readonly Case[]) => {
    for (const group of apartInTime(cases, eventsTime())) {
      const events = await setEveryCase(t, group.map((c) => c.events));
      await t.atOnce(group.map((c) => () => expectTypes(c, events)));
    }
  };
  await t.property(input, (c) => together([c]), { together });
});

/** A window of whole hours whose last hour holds one of `events`. */
function endingAfterArb(events: readonly FixtureEvent[]): fc.Arbitrary<Window> {
  return fc.tuple(fc.constantFrom(...events), fc.integer({ min: 1, max: 48 })).map(([event, hours]): Window => {
    const end = event.time - (event.time % HOUR_MS) + HOUR_MS;
    return { start: end - hours * HOUR_MS, end };
  });
}

/** The resource-types enum for `window`, its values distinct. */
async function resourceTypesEnum(t: Check, window: Window): Promise<{ values: string[]; what: string; exchange: Exchange }> {
  const res = await t.api(metricsPath(t, '/enums/resource-types'), { token: t.config.credentials.admin, query: windowQuery(window) });
  const what = `the resource-types enum for [${rfc3339(window.start)}, ${rfc3339(window.end)})`;
  const values = expectEnum(t, res, 'getMetricsResourceTypesEnum', what);
  t.assert(new Set(values).size === values.length, `${what} lists distinct values, got ${values.join(', ')}`, res.exchange);
  return { values, what, exchange: res.exchange };
}

/**
 * On existing data, the relation of section 4.1 over windows the account's usage tells
 * (existing.ts): the window read back, parts of it, and as long a window before it.
 * Grouping by resource_type shows the types with events in a window; it may also show a
 * type whose events lie outside with cost 0 (a dormant group), so the enum lists every
 * type shown with a cost, and none not shown.
 */
function existingResourceTypes(t: Check): Promise<void> {
  return withUsage(t, async (scenario) => {
    const length = scenario.window.end - scenario.window.start;
    const windows = fc.oneof(partsOf(scenario).map((s) => s.window), fc.constant({ start: scenario.window.start - length, end: scenario.window.start }));
    await t.property(windows, async (window) => {
      const { values, what, exchange } = await resourceTypesEnum(t, window);
      const request: MetricsRequest = { window, groupBy: ['resource_type'] };
      const shown: Entry[] = [];
      await walkEachPage(t, request, MAX_PAGES, (page) => shown.push(...page.data));
      const typeOf = (entry: Entry) => String(entry[DIMENSION_FIELDS.resource_type]);
      const costly = shown.filter((e) => e.summary.cost !== 0).map(typeOf);
      const missing = costly.filter((type) => !values.includes(type));
      const stray = values.filter((type) => !shown.map(typeOf).includes(type));
      t.assert(
        missing.length === 0 && stray.length === 0,
        `${what} must list exactly the types with an event in the window: ${describe(request)} shows [${shown.map(typeOf).join(', ')}], ${costly.length} of them with a cost; the enum lists [${values.join(', ')}]`,
        exchange,
      );
    });
  });
}

const enumsResourceTypesWindowRequired = rule('metrics.enums.resource-types-window-required', { needs: ['accountId'] }, async (t: Check) => {
  await expectEachBadBoundRefused(t, 'the resource-types enum', (query) => t.api(metricsPath(t, '/enums/resource-types'), { token: t.config.credentials.admin, query }));
  await t.property(fc.record({ window: hoursWindowArb, bad: badWindowArb }), async ({ window, bad }) => {
    const { query, what } = badWindowQuery(window, bad);
    const res = await t.api(metricsPath(t, '/enums/resource-types'), { token: t.config.credentials.admin, query });
    expectRefused(t, res, `the resource-types enum with ${what}`);
  });
});

/**
 * "same format as the main metrics endpoint": the window's bounds written in one form
 * (instantTextArb: UTC, a fraction, an offset, lowercase, epoch seconds, a date at
 * midnight) are served by both endpoints or refused by both, whichever forms a target
 * reads. Windows of whole hours, or of whole days (where a date names a bound).
 */
const formatWindowArb = fc.oneof(hoursWindowArb, alignedWindowArb('day', { min: 86_400, max: 3 * 86_400 })!);

const enumsResourceTypesWindowFormat = rule('metrics.enums.resource-types-window-format', { needs: ['accountId'] }, async (t: Check) => {
  const input = formatWindowArb.chain((window) => fc.record({ start: instantTextArb(window.start), end: instantTextArb(window.end) }));
  await t.property(input, async ({ start, end }) => {
    const query = { startTime: start.text, endTime: end.text };
    const token = t.config.credentials.admin;
    const [main, types] = await Promise.all([t.api(metricsPath(t), { token, query }), t.api(metricsPath(t, '/enums/resource-types'), { token, query })]);
    const served = (status: number) => status >= 200 && status < 300;
    const answer = (status: number) => `${served(status) ? 'served it' : 'refused it'} (${status})`;
    t.assert(
      served(main.status) === served(types.status),
      `startTime=${start.text} (${start.form}) and endTime=${end.text} (${end.form}): the main metrics endpoint ${answer(main.status)}, the resource-types enum ${answer(types.status)}; section 4.1 gives the enum the same format`,
      types.exchange,
    );
  });
});

export const checks = [enumsGroupBy, enumsResourceTypes, enumsResourceTypesWindowRequired, enumsResourceTypesWindowFormat];
