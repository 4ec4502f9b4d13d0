// `npm run bench -- --existing`: the run on the data a target already holds, at scale.
// The reference starts with the demo data (a sandbox with secrets, egress IPs, custom
// domains, processes); before the runs the bench replaces its functions with 10,000 and
// its usage with 200,000 events (in the 30 days before today, so every window a check
// picks is in the past); the runs then get no control URL, as against a staging deployment.
import fc from 'fast-check';
import { sampleFixtureSet } from '../generators/functions-fixtures.ts';
import { eventsArb, resourcesArb, toUsageEvent, type Window } from '../generators/metrics-fixtures.ts';
import { SCALE } from './reference-scaling.ts';

/** Resources the events are spread over: each with several billing dimensions, well over a page of 100 combinations. */
const RESOURCES = 1_000;
const DAY_MS = 86_400_000;

/** The 30 whole days before today (UTC): over by the time the run starts. */
export function pastMonth(now = Date.now()): Window {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { start: today - 30 * DAY_MS, end: today };
}

async function setState(controlUrl: string, token: string, state: string, params: object): Promise<number> {
  const body = JSON.stringify({ state, params });
  const res = await fetch(controlUrl, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
  if (!res.ok) throw new Error(`the control endpoint answered ${res.status} to the state "${state}": ${(await res.text()).slice(0, 200)}`);
  return +(Buffer.byteLength(body) / 1e6).toFixed(1);
}

/** Puts the scale's functions and usage events on the target; returns their sizes as sent. */
export async function putExistingData(controlUrl: string, token: string, seed: number) {
  const functions = sampleFixtureSet(seed, { minSize: SCALE.functions, maxSize: SCALE.functions });
  const functionsMB = await setState(controlUrl, token, 'functions', { items: functions });
  const [resources] = fc.sample(resourcesArb(RESOURCES, RESOURCES), { seed, numRuns: 1 });
  const [events] = fc.sample(eventsArb(resources!, pastMonth(), 'hour', { minLength: SCALE.usageEvents, maxLength: SCALE.usageEvents, inside: true }), { seed, numRuns: 1 });
  const eventsMB = await setState(controlUrl, token, 'usage', { events: events!.map(toUsageEvent) });
  return {
    functions: { count: SCALE.functions, controlBodyMB: functionsMB },
    usageEvents: { count: SCALE.usageEvents, controlBodyMB: eventsMB },
  };
}
