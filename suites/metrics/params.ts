// Requests whose startTime or endTime is missing or malformed.
import { DAY_MS } from '../../generators/calendar.ts';
import { OUT_OF_RANGE_TIMES, type TimeParam, type Window } from '../../generators/metrics-fixtures.ts';
import type { Check } from '../../harness/check.ts';
import type { HttpResponse } from '../../harness/http.ts';
import { expectRefused } from '../support/error-body.ts';
import { windowQuery } from './client.ts';

/** The query of a window with startTime/endTime sent as `bad` says, and a description of it. */
export function badWindowQuery(window: Window, bad: [TimeParam, TimeParam]): { query: Record<string, string | undefined>; what: string } {
  const valid = windowQuery(window);
  const names = ['startTime', 'endTime'] as const;
  const query: Record<string, string | undefined> = {};
  const said: string[] = [];
  names.forEach((name, i) => {
    const param = bad[i]!;
    query[name] = param.kind === 'valid' ? valid[name] : param.kind === 'missing' ? undefined : param.text;
    said.push(param.kind === 'valid' ? `${name} valid` : param.kind === 'missing' ? `no ${name}` : `${name}=${JSON.stringify(param.text)} (malformed)`);
  });
  return { query, what: said.join(' and ') };
}

/** A startTime a year before the out-of-range endTimes: read rolled over, each still ends a window after it starts. */
const A_YEAR_BEFORE = Date.UTC(2024, 0, 1);

/**
 * Each bound left out once (the other valid), and each date-time of OUT_OF_RANGE_TIMES once
 * as endTime after a valid startTime, sent by `send` and refused: the generated cases draw
 * a few of them a run, and a target that serves one is seen whatever the seed.
 */
export async function expectEachBadBoundRefused(t: Check, what: string, send: (query: Record<string, string>) => Promise<HttpResponse>): Promise<void> {
  const { startTime, endTime: aDayLater } = windowQuery({ start: A_YEAR_BEFORE, end: A_YEAR_BEFORE + DAY_MS });
  const cases: Array<[Record<string, string>, string]> = [
    [{ endTime: aDayLater }, 'no startTime (endTime valid)'],
    [{ startTime }, 'no endTime (startTime valid)'],
    ...OUT_OF_RANGE_TIMES.map((endTime): [Record<string, string>, string] => [{ startTime, endTime }, `startTime valid and endTime=${JSON.stringify(endTime)} (no date-time: a field out of range, or text around one)`]),
  ];
  for (const [query, said] of cases) expectRefused(t, await send(query), `${what} with ${said}`);
}
