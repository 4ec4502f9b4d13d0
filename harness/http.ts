// The suites' only way to the target: undici over a keep-alive pool, a timeout on
// every request, bodies read up to a cap, and every exchange recorded (masked) so a
// failing check can show it. Redirects are answers to check, never followed; a 429
// is retried a bounded number of times after a bounded wait; every attempt draws on
// the run's request budget when it has one.
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, errors as undiciErrors } from 'undici';
import type { Exchange, RecordedRequest } from '../results/model.ts';
import type { QueryValue } from '../spec/openapi.ts';
import { curlLine, type CredentialVariable } from './curl.ts';
import { RATE_LIMIT_MAX_WAIT_MS, RATE_LIMIT_RETRIES, type RequestBudget } from './limits.ts';
import type { Redactor } from './redact.ts';
import { SuiteError } from './violation.ts';

/**
 * Bodies past this size are not read: memory stays bounded, and the check ends as an
 * error of the suite (CONTRACT 1.1), never a failure of the target. Set for real
 * workspaces: the legacy bare array of 50,000 functions is about 47 MB.
 */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;
/** What of a body is kept as evidence. */
export const EVIDENCE_BODY_CHARS = 16 * 1024;
/** Read past the evidence cut before masking, so a credential that straddles the cut is still masked whole. */
const CUT_MARGIN_CHARS = 4096;


export interface RequestOptions {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** The bearer token to send; undefined sends no Authorization header. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** A raw Authorization header value, for malformed-credential checks. */
  authorization?: string;
}

/** What came back, with every credential already masked: a check cannot quote one into a message. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** The whole body as text (up to MAX_BODY_BYTES). */
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  isJson: boolean;
  exchange: Exchange;
}

/** Thrown when no response came; carries the exchange for the evidence. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}

/** The target kept answering 429 after every retry; carries the last exchange. */
export class RateLimited extends Error {
  constructor(
    message: string,
    readonly exchange: Exchange,
  ) {
    super(message);
  }
}

/** Encodes a query the strict way (%20, not +) so every server decodes it alike. */
export function encodeQuery(query: Record<string, QueryValue> = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** What the evidence cuts of an exchange: both bodies whole (masked), when it was sent and how long it took. */
export interface WholeExchange {
  /** Masked when asked for: most runs log no exchange, and fixtures run to megabytes. */
  requestBody?: () => string;
  responseBody?: string;
  startedDateTime: string;
  timeMs: number;
}

export interface HttpClientOptions {
  timeoutMs: number;
  redactor: Redactor;
  /** Called with every exchange, in order; `whole` carries the bodies uncut (masked) and the timing, for the exchange log. */
  onExchange?: (exchange: Exchange, whole: WholeExchange) => void;
  /** Counts every attempt, retries included. */
  budget?: RequestBudget;
  /** Waits until the run may send one more request (--rate-limit). */
  pace?: () => Promise<void>;
  /** Told when each request is sent and when its answer is in: the check's deadline counts that time (harness/target-time.ts). */
  targetTime?: { begin(): () => void };
  /** The run's credentials and their environment variables: a curl line names the variable. */
  credentialVariables?: readonly CredentialVariable[];
  /**
   * Send over the keep-alive pool this thread shares with every other client of the same
   * timeout (the checks of a worker), instead of a pool of its own that close() destroys:
   * a check then opens no connection of its own. close() still ends the client's requests.
   */
  shareConnections?: boolean;
}

/**
 * Connections per origin: every check working at once sends its cases at once, so a run
 * has many more than 16 requests in flight, and across a network each one that waits for
 * a connection waits a round trip more (behind 10 ms each way, 64 instead of 16 took the
 * default run from about 11.5 s to 9.2 s).
 */
const CONNECTIONS_PER_ORIGIN = 64;

function newAgent(timeoutMs: number): Agent {
  return new Agent({
    keepAliveTimeout: 10_000,
    connections: CONNECTIONS_PER_ORIGIN,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: { timeout: timeoutMs },
  });
}

/** The pools shared in this thread, by timeout. */
const sharedAgents = new Map<number, Agent>();

function sharedAgent(timeoutMs: number): Agent {
  let agent = sharedAgents.get(timeoutMs);
  if (!agent) sharedAgents.set(timeoutMs, (agent = newAgent(timeoutMs)));
  return agent;
}

/** A property computed on first read and kept; enumerable, so copies and JSON see it like any other. */
function lazily<T extends object>(target: T, key: string, compute: () => unknown): void {
  let value: unknown;
  let computed = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      if (!computed) {
        value = compute();
        computed = true;
      }
      return value;
    },
  });
}

/** Where undici sends a request. */
function requestTarget(url: string): { origin: string; path: string } {
  const u = new URL(url);
  return { origin: u.origin, path: u.pathname + u.search };
}

export class HttpClient {
  private readonly agent: Agent;
  private readonly ownsAgent: boolean;
  /** Aborted by close(): ends a rate-limit wait of a check cut off by its deadline. */
  private readonly closed = new AbortController();
  /** The requests in flight, each with its own abort: close() ends them. */
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly options: HttpClientOptions) {
    this.ownsAgent = !options.shareConnections;
    this.agent = options.shareConnections ? sharedAgent(options.timeoutMs) : newAgent(options.timeoutMs);
  }

  /**
   * `base` is a base URL (a path prefix is kept); `path` is appended as is. Throws
   * NetworkError when no answer came, RateLimited when 429 outlasted the retries,
   * BudgetSpent when the run's request budget is spent.
   */
  async send(base: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const query = encodeQuery(options.query);
    const url = base.replace(/\/+$/, '') + path + query;
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    else if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const { redactor } = this.options;
    const recorded: RecordedRequest = { method, url: redactor.text(url), headers: redactor.headers(headers) };
    // A body (fixtures of hundreds of items) is masked only if some evidence shows it, and
    // like a response body only its start is kept: masked before it is cut, with a margin
    // longer than any credential so no piece of one survives the cut.
    if (body !== undefined) {
      // Copied, not sliced: a V8 slice would keep the whole body alive with it.
      const start = Buffer.from(body.slice(0, EVIDENCE_BODY_CHARS + CUT_MARGIN_CHARS)).toString();
      lazily(recorded, 'body', () => redactor.text(start).slice(0, EVIDENCE_BODY_CHARS));
      if (body.length > EVIDENCE_BODY_CHARS) recorded.truncated = true;
    }
    const target = requestTarget(url);
    const maskedBody = body === undefined ? undefined : () => redactor.text(body);
    for (let retry = 0; ; retry += 1) {
      const response = await this.attempt(target, method, headers, body, recorded, maskedBody);
      if (response.status !== 429) return response;
      if (retry === RATE_LIMIT_RETRIES) {
        throw new RateLimited(
          `${method} ${recorded.url}: rate limited: the target answered 429 Too Many Requests ${retry + 1} times in a row ` +
            `(${RATE_LIMIT_RETRIES} retries, each after its Retry-After, waiting ${RATE_LIMIT_MAX_WAIT_MS / 1000} s at most)`,
          response.exchange,
        );
      }
      await sleep(retryDelayMs(response.headers['retry-after']), undefined, { signal: this.closed.signal }).catch(() => undefined);
    }
  }

  /** One request and its answer, recorded; draws on the budget before anything is sent. */
  private async attempt(
    { origin, path: requestPath }: { origin: string; path: string },
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    recorded: RecordedRequest,
    maskedBody: (() => string) | undefined,
  ): Promise<HttpResponse> {
    const { redactor, timeoutMs } = this.options;
    const started = { at: new Date().toISOString(), ms: performance.now() };
    const whole = (responseBody?: string): WholeExchange => ({
      ...(maskedBody === undefined ? {} : { requestBody: maskedBody }),
      ...(responseBody === undefined ? {} : { responseBody }),
      startedDateTime: started.at,
      timeMs: performance.now() - started.ms,
    });
    // The curl line of every exchange, written only when some evidence shows it.
    const withCurl = <E extends Omit<Exchange, 'curl'>>(exchange: E): E & Pick<Exchange, 'curl'> => {
      const sent = headers.authorization;
      const authorization = sent === undefined ? undefined : { sent, credentials: this.options.credentialVariables ?? [] };
      lazily(exchange, 'curl', () => curlLine(recorded, authorization));
      return exchange as E & Pick<Exchange, 'curl'>;
    };
    const noAnswer = (reason: string): NetworkError => {
      const exchange: Exchange = withCurl({ request: recorded, networkError: redactor.text(reason) });
      this.options.onExchange?.(exchange, whole());
      return new NetworkError(`${method} ${recorded.url}: ${exchange.networkError}`, exchange);
    };
    // A check that outlived its deadline runs on in the background; it must neither send nor spend.
    if (this.closed.signal.aborted) throw noAnswer('not sent: the check had already ended');
    this.options.budget?.take();
    await this.options.pace?.();
    // The whole exchange, head and body, within the timeout; close() ends it too.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    this.inFlight.add(controller);
    const { signal } = controller;
    let status: number | undefined;
    const answered = this.options.targetTime?.begin();
    try {
      const res = await this.agent.request({ origin, path: requestPath, method, headers, body, signal });
      status = res.statusCode;
      const read = await readCapped(res.body, res.headers['content-length']);
      answered?.();
      if (read.tooLarge !== undefined) {
        const exchange: Exchange = withCurl({ request: recorded, response: { status: res.statusCode, headers: redactor.headers(maskedHeaders(res.headers, redactor)), body: '', truncated: true } });
        this.options.onExchange?.(exchange, whole(''));
        throw new SuiteError(`${method} ${recorded.url}: the ${res.statusCode} answer is larger than the suite reads (${read.tooLarge}; it reads ${MAX_BODY_BYTES / 1024 / 1024} MiB at most): no verdict on it`, exchange);
      }
      // Masked before anything is cut or parsed, so no piece of a credential survives either.
      const text = redactor.text(read.text);
      const responseHeaders = maskedHeaders(res.headers, redactor);
      const exchange: Exchange = withCurl({
        request: recorded,
        response: {
          status: res.statusCode,
          // Already masked; the Authorization header, should a target echo one, whatever its value.
          headers: redactor.headers(responseHeaders),
          // Copied, not sliced: a V8 slice would keep the whole body alive with the evidence.
          body: text.length > EVIDENCE_BODY_CHARS ? Buffer.from(text.slice(0, EVIDENCE_BODY_CHARS)).toString() : text,
          ...(text.length > EVIDENCE_BODY_CHARS ? { truncated: true } : {}),
        },
      });
      this.options.onExchange?.(exchange, whole(text));
      let json: unknown;
      let isJson = false;
      // An empty body (every 204) is not JSON; not parsing it spares a thrown SyntaxError per request.
      if (text.length > 0) {
        try {
          json = JSON.parse(text);
          isJson = true;
        } catch {
          json = undefined;
        }
      }
      return { status: res.statusCode, headers: responseHeaders, text, json, isJson, exchange };
    } catch (error) {
      if (error instanceof SuiteError) throw error;
      throw noAnswer(describeNetworkError(error, timeoutMs, status));
    } finally {
      answered?.();
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }

  /** Ends every request still in flight (a check cut off by its deadline) and any rate-limit wait. */
  async close(): Promise<void> {
    this.closed.abort();
    for (const controller of this.inFlight) controller.abort(new DOMException('the check had already ended', 'AbortError'));
    this.inFlight.clear();
    if (this.ownsAgent) await this.agent.destroy();
  }
}

/** How long a 429 asks to wait: Retry-After in seconds or as an HTTP date, 1 s when absent; never past the cap. */
function retryDelayMs(retryAfter: string | undefined): number {
  const asked = retryAfter === undefined ? 1000 : /^\s*\d+\s*$/.test(retryAfter) ? Number(retryAfter) * 1000 : Date.parse(retryAfter) - Date.now();
  return Number.isNaN(asked) ? 1000 : Math.min(RATE_LIMIT_MAX_WAIT_MS, Math.max(0, asked));
}

function maskedHeaders(headers: Record<string, string | string[] | undefined>, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = redactor.text(Array.isArray(v) ? v.join(', ') : v);
  return out;
}

/**
 * The body as text, or how large it was when larger than MAX_BODY_BYTES (not read on).
 * With a Content-Length, one buffer of that size is filled, so a large body is held once
 * as bytes and once as text, not as chunks, their concatenation and the text.
 */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }, contentLength: string | string[] | undefined): Promise<{ text: string; tooLarge?: undefined } | { text?: undefined; tooLarge: string }> {
  const declared = typeof contentLength === 'string' && /^\d+$/.test(contentLength) ? Number(contentLength) : undefined;
  if (declared !== undefined && declared > MAX_BODY_BYTES) {
    body.destroy();
    return { tooLarge: `Content-Length ${declared} bytes` };
  }
  const whole = declared === undefined ? undefined : Buffer.allocUnsafe(declared);
  // Bytes past a Content-Length that was too small (a wrong target) are kept apart.
  const chunks: Buffer[] = [];
  let filled = 0;
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > MAX_BODY_BYTES) {
      body.destroy();
      return { tooLarge: `more than ${MAX_BODY_BYTES} bytes` };
    }
    if (whole && chunks.length === 0 && filled + chunk.length <= whole.length) filled += chunk.copy(whole, filled);
    else chunks.push(chunk);
    size += chunk.length;
  }
  if (whole && chunks.length === 0) return { text: whole.toString('utf8', 0, filled) };
  return { text: Buffer.concat(whole ? [whole.subarray(0, filled), ...chunks] : chunks).toString('utf8') };
}

/** Why no (whole) answer came; `status` when the head came and the body did not. */
export function describeNetworkError(error: unknown, timeoutMs: number, status?: number): string {
  const reason = networkReason(error, timeoutMs);
  if (status === undefined) return reason;
  const timedOut = reason === `no answer within ${timeoutMs} ms`;
  return `the body of the ${status} answer did not arrive in full: ${timedOut ? `still incomplete after ${timeoutMs} ms` : reason}`;
}

function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError)
    return `no answer within ${timeoutMs} ms`;
  if (error instanceof undiciErrors.ConnectTimeoutError) return `could not connect within ${timeoutMs} ms`;
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = e.code ?? e.cause?.code;
  const messages: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host name not found (DNS)',
    EAI_AGAIN: 'host name lookup failed (DNS)',
    ECONNRESET: 'connection reset by the target',
    UND_ERR_SOCKET: 'connection closed by the target',
  };
  if (code && messages[code]) return messages[code];
  if (code && /CERT|SSL|TLS/.test(code)) return `TLS error (${code})`;
  return e.cause?.message ?? e.message ?? String(error);
}
