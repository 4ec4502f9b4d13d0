// The exchange log: every request of a run and its answer, whole and masked, one JSON line
// each, appended by every worker thread to one file (`run --har`, `diff`). A line is
// written with one append, so lines of threads that log at once do not interleave.
import { appendFileSync } from 'node:fs';
import type { DataKind, Exchange, LoggedExchange } from '../results/model.ts';
import { currentCase } from './case-scope.ts';
import type { WholeExchange } from './http.ts';

export function logExchange(file: string, rule: string, data: DataKind, exchange: Exchange, whole: WholeExchange): void {
  const { truncated: _cut, body: _start, ...request } = exchange.request;
  const label = currentCase()?.label;
  const line: LoggedExchange = {
    rule,
    data,
    ...(label === undefined ? {} : { case: label }),
    startedDateTime: whole.startedDateTime,
    timeMs: whole.timeMs,
    request: { ...request, ...(whole.requestBody ? { body: whole.requestBody() } : {}) },
    ...(exchange.response ? { response: { status: exchange.response.status, headers: exchange.response.headers, body: whole.responseBody ?? '' } } : {}),
    ...(exchange.networkError === undefined ? {} : { networkError: exchange.networkError }),
    curl: exchange.curl,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}
