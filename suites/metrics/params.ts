// Requests whose startTime or endTime is missing or malformed.
import type { TimeParam, Window } from '../../generators/metrics-fixtures.ts';
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
