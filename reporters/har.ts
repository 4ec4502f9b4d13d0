// A run's exchanges as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the format
// browsers' network panels, proxies and API clients open: `run --har FILE` writes every
// exchange of the run from the exchange log (harness/exchange-log.ts), a page per rule; the
// HTML report offers each failure's exchange as one. Both are masked as every report is.
import { STATUS_CODES } from 'node:http';
import type { Entry, Har, Header, Page } from 'har-format';
import type { Exchange, LoggedExchange, RuleResult } from '../results/model.ts';

const CREATOR = 'cp-conformance';

const headerList = (headers: Record<string, string>): Header[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

const headerOf = (headers: Record<string, string>, name: string): string | undefined => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

function entryOf(exchange: LoggedExchange, comment: string): Entry {
  const { request, response } = exchange;
  const url = new URL(request.url);
  const requestType = headerOf(request.headers, 'content-type') ?? 'application/json';
  const responseBody = response?.body ?? '';
  const time = Math.max(0, exchange.timeMs);
  return {
    pageref: exchange.rule,
    startedDateTime: exchange.startedDateTime,
    time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body === undefined ? {} : { postData: { mimeType: requestType, text: request.body } }),
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
    },
    response: {
      // No answer came (refused, timed out, reset): status 0, as browsers write it, and why in the comment.
      status: response?.status ?? 0,
      statusText: response ? (STATUS_CODES[response.status] ?? '') : '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: { size: Buffer.byteLength(responseBody), mimeType: (response && headerOf(response.headers, 'content-type')) ?? 'x-unknown', text: responseBody },
      redirectURL: (response && headerOf(response.headers, 'location')) ?? '',
      headersSize: -1,
      bodySize: response ? Buffer.byteLength(responseBody) : -1,
    },
    cache: {},
    // Only the whole round trip is measured: it is the wait, as the send and the receive are not told apart.
    timings: { send: 0, wait: time, receive: 0 },
    comment: exchange.networkError === undefined ? comment : `${comment}; no answer: ${exchange.networkError}`,
  };
}

const commentOf = (exchange: LoggedExchange): string => [exchange.rule, exchange.case, exchange.data === 'set' ? 'on set data' : 'on existing data'].filter(Boolean).join(', ');

/** Every exchange of a run, a page per rule (titled with its title), in the order they were sent. */
export function runHar(exchanges: readonly LoggedExchange[], rules: readonly Pick<RuleResult, 'id' | 'title'>[], version: string): Har {
  const sorted = [...exchanges].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
  const titles = new Map(rules.map((rule) => [rule.id, `${rule.id}: ${rule.title}`]));
  const pages = new Map<string, Page>();
  for (const exchange of sorted)
    if (!pages.has(exchange.rule)) pages.set(exchange.rule, { id: exchange.rule, title: titles.get(exchange.rule) ?? exchange.rule, startedDateTime: exchange.startedDateTime, pageTimings: {} });
  return { log: { version: '1.2', creator: { name: CREATOR, version }, pages: [...pages.values()], entries: sorted.map((exchange) => entryOf(exchange, commentOf(exchange))) } };
}

/** The exchange of a failure's evidence as a HAR of one entry; its bodies as far as the evidence keeps them, and no timing (the evidence keeps none). */
export function evidenceHar(rule: Pick<RuleResult, 'id' | 'title' | 'data'>, exchange: Exchange, version: string): Har {
  const { truncated: requestCut, ...request } = exchange.request;
  const logged: LoggedExchange = {
    rule: rule.id,
    data: rule.data ?? 'set',
    startedDateTime: new Date(0).toISOString(),
    timeMs: 0,
    request,
    ...(exchange.response ? { response: { status: exchange.response.status, headers: exchange.response.headers, body: exchange.response.body } } : {}),
    ...(exchange.networkError === undefined ? {} : { networkError: exchange.networkError }),
    curl: exchange.curl,
  };
  const cut = requestCut || exchange.response?.truncated ? '; a body is cut where the evidence cuts it' : '';
  const entry = entryOf(logged, `${rule.id}: the exchange that showed the failure (its time is not kept)${cut}`);
  return { log: { version: '1.2', creator: { name: CREATOR, version }, pages: [{ id: rule.id, title: `${rule.id}: ${rule.title}`, startedDateTime: logged.startedDateTime, pageTimings: {} }], entries: [entry] } };
}
