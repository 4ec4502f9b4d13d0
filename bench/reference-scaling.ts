// `npm run bench -- --scale`, second part: how the reference implementation's answer
// time grows with its data. A listing page (limit 50, following cursors) at 1,000 and
// at 10,000 functions: with sorted indexes and keyset cursors it grows by a logarithm
// at most. A metrics query (groupBy resource_uuid, first page of 100) at 20,000 and at
// 200,000 events in its window, and at 200,000 events of which 20,000 are in its
// window: linear in the events of the window at most, independent of the others.
// Requests go one at a time over one keep-alive connection; the figure is the median.
import fc from 'fast-check';
import { Agent } from 'undici';
import { sampleFixtureSet } from '../generators/functions-fixtures.ts';
import { eventsArb, resourcesArb, toUsageEvent, type FixtureEvent, type Window } from '../generators/metrics-fixtures.ts';
import { defaultProfile } from '../spec/profile.ts';
import { rfc3339 } from '../generators/calendar.ts';

/** The sizes of `--scale` (SuiteConfig.fixtureScale). */
export const SCALE = { functions: 10_000, usageEvents: 200_000 } as const;

const PAGE_REQUESTS = 300;
const METRICS_REQUESTS = 15;
const WARM_UP = 20;
const RESOURCES = 1_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Seven days from a Monday: the largest window of the hourly resolution, 168 buckets. */
const WINDOW: Window = { start: Date.UTC(2024, 0, 1), end: Date.UTC(2024, 0, 8) };
/** The window before it, for events outside the queried one. */
const BEFORE: Window = { start: WINDOW.start - 7 * DAY_MS, end: WINDOW.start };

interface Timing {
  medianMs: number;
  p90Ms: number;
  requests: number;
}

const round = (ms: number) => +ms.toFixed(2);
const megabytes = (text: string) => +(Buffer.byteLength(text) / 1e6).toFixed(1);

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { medianMs: round(at(0.5)), p90Ms: round(at(0.9)), requests: samples.length };
}

export async function referenceScaling(baseUrl: string, controlUrl: string, token: string, accountId: string, seed: number) {
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 1 });
  const authorization = `Bearer ${token}`;

  async function get(url: URL, headers: Record<string, string> = {}): Promise<{ ms: number; body: string }> {
    const started = performance.now();
    const res = await agent.request({ origin: url.origin, path: url.pathname + url.search, method: 'GET', headers: { authorization, ...headers } });
    const body = await res.body.text();
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`GET ${url.pathname} answered ${res.statusCode}: ${body.slice(0, 200)}`);
    return { ms, body };
  }

  async function setState(body: string): Promise<void> {
    const url = new URL(controlUrl);
    const res = await agent.request({ origin: url.origin, path: url.pathname, method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body });
    const text = await res.body.text();
    if (res.statusCode !== 204) throw new Error(`the control endpoint answered ${res.statusCode}: ${text.slice(0, 200)}`);
  }

  /** Pages of 50 in name order, following the cursors and starting over at the end. */
  async function listingPages(functions: number): Promise<{ timing: Timing; bodyMB: number }> {
    const fixtures = sampleFixtureSet(seed, { minSize: functions, maxSize: functions });
    const body = JSON.stringify({ state: 'functions', params: { items: fixtures } });
    await setState(body);
    const samples: number[] = [];
    let cursor = '';
    for (let i = 0; i < WARM_UP + PAGE_REQUESTS; i++) {
      const url = new URL(`${baseUrl}/functions`);
      url.searchParams.set('sort', 'name:asc');
      url.searchParams.set('limit', '50');
      if (cursor) url.searchParams.set('cursor', cursor);
      const page = await get(url, { 'service-version': '2026-04-28' });
      if (i >= WARM_UP) samples.push(page.ms);
      cursor = (JSON.parse(page.body) as { meta: { nextCursor: string } }).meta.nextCursor;
    }
    return { timing: timing(samples), bodyMB: megabytes(body) };
  }

  const [resources] = fc.sample(resourcesArb(RESOURCES, RESOURCES), { seed, numRuns: 1 });
  const events = (window: Window, count: number): FixtureEvent[] =>
    fc.sample(eventsArb(resources!, window, 'hour', { minLength: count, maxLength: count, inside: true }), { seed, numRuns: 1 })[0]!;

  /**
   * The first page of groupBy=resource_uuid over WINDOW, hourly. The window ends alternately
   * an hour early, so no query is the one before it: the reference keeps the last query's
   * grouping for its next page (reference/areas/metrics.ts), and this times the grouping.
   */
  async function metricsQueries(inWindow: number, outside: number): Promise<{ timing: Timing; bodyMB: number }> {
    const body = JSON.stringify({ state: 'usage', params: { events: [...events(WINDOW, inWindow), ...events(BEFORE, outside)].map(toUsageEvent) } });
    await setState(body);
    const url = new URL(baseUrl + defaultProfile.metricsPath.replace('{accountId}', encodeURIComponent(accountId)));
    url.searchParams.set('startTime', rfc3339(WINDOW.start));
    url.searchParams.set('groupBy', 'resource_uuid');
    url.searchParams.set('resolution', 'hourly');
    url.searchParams.set('limit', '100');
    const samples: number[] = [];
    for (let i = 0; i < 2 + METRICS_REQUESTS; i++) {
      url.searchParams.set('endTime', rfc3339(WINDOW.end - (i % 2) * HOUR_MS));
      const { ms } = await get(url);
      if (i >= 2) samples.push(ms);
    }
    return { timing: timing(samples), bodyMB: megabytes(body) };
  }

  try {
    const small = SCALE.functions / 10;
    const listing = { [small]: await listingPages(small), [SCALE.functions]: await listingPages(SCALE.functions) };
    const fewEvents = SCALE.usageEvents / 10;
    const metrics = {
      few: await metricsQueries(fewEvents, 0),
      all: await metricsQueries(SCALE.usageEvents, 0),
      fewOfAll: await metricsQueries(fewEvents, SCALE.usageEvents - fewEvents),
    };
    const row = (what: string, t: Timing) => ({ what, ...t });
    return {
      fixtures: {
        functions: { count: SCALE.functions, controlBodyMB: listing[SCALE.functions]!.bodyMB },
        usageEvents: { count: SCALE.usageEvents, controlBodyMB: metrics.all.bodyMB },
      },
      listingPage: [
        row(`${small.toLocaleString('en')} functions, a page of 50 (name:asc, cursors)`, listing[small]!.timing),
        row(`${SCALE.functions.toLocaleString('en')} functions, a page of 50 (name:asc, cursors)`, listing[SCALE.functions]!.timing),
      ],
      listingRatio: round(listing[SCALE.functions]!.timing.medianMs / listing[small]!.timing.medianMs),
      metricsQuery: [
        row(`${fewEvents.toLocaleString('en')} events, all in the window`, metrics.few.timing),
        row(`${SCALE.usageEvents.toLocaleString('en')} events, all in the window`, metrics.all.timing),
        row(`${SCALE.usageEvents.toLocaleString('en')} events, ${fewEvents.toLocaleString('en')} in the window`, metrics.fewOfAll.timing),
      ],
      metricsRatio: round(metrics.all.timing.medianMs / metrics.few.timing.medianMs),
    };
  } finally {
    await agent.close();
  }
}
