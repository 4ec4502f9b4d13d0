// A target that misbehaves on purpose, for the self-tests of the runner: a node:http
// server on 127.0.0.1 that records every request it gets and answers each as the
// test's handler says (hang, drip, cut the body short, redirect, rate-limit, ...).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  /** When the request arrived (Date.now()). */
  at: number;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** `index` counts the requests from 0 (the runner's reachability probe is request 0). */
export type Handler = (req: IncomingMessage, res: ServerResponse, call: RecordedCall & { index: number }) => void | Promise<void>;

export interface HostileServer {
  origin: string;
  /** `origin` + `/v0`, to pass as --base-url. */
  baseUrl: string;
  calls: RecordedCall[];
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
}

export async function startHostile(handler: Handler): Promise<HostileServer> {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call: RecordedCall = { at: Date.now(), method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      calls.push(call);
      Promise.resolve(handler(req, res, { ...call, index: calls.length - 1 })).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Closed by the test and, in some, by the handler first: once is enough.
  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl: `${origin}/v0`,
    calls,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The Error body of a correct refusal: what `auth.missing-credentials` expects. */
export function unauthorized(res: ServerResponse): void {
  json(res, 401, { error: 'Unauthorized', code: 401, message: 'credentials are missing' });
}

/** Forwards every request to `origin` (the reference implementation) and relays its answer: a recording proxy. */
export function proxyTo(origin: string): Handler {
  const hopByHop = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  return async (_req, res, call) => {
    const headers = Object.fromEntries(
      Object.entries(call.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !hopByHop.has(entry[0])),
    );
    const answer = await fetch(origin + call.url, { method: call.method, headers, ...(call.body ? { body: call.body } : {}) });
    res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => !hopByHop.has(name))));
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
}
