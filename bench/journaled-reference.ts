// The bench's reference implementation, in a child process of its own (its CPU and
// memory are not the runner's): it keeps every request it receives, and hands the
// journal to the bench on request, which replays it for the floor.
import { targetEnv } from '../cli/serve.ts';
import { startReference, type ReceivedRequest } from '../reference/server.ts';

/** What the bench replays: one request as the reference received it. */
export interface JournalEntry {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** When the request arrived and when its answer was sent (performance.now() of the reference's process; of the bench's once it has the journal). */
  receivedMs: number;
  answeredMs: number;
}

/** `timeOrigin`: the reference's performance.timeOrigin, for reading its journal's times on the bench's clock. */
export type ChildMessage = { kind: 'listening'; env: Record<string, string>; timeOrigin: number } | { kind: 'journal'; entries: JournalEntry[] };

/** Headers the replaying client sets itself. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function entryOf(request: ReceivedRequest, receivedMs: number): JournalEntry {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: request.method, url: request.url, headers, body: request.body, receivedMs, answeredMs: receivedMs };
}

let journal: JournalEntry[] = [];
const handle = await startReference({
  // The existing-data scenario: the demo data set, its functions and usage then replaced at scale (bench/existing-data.ts).
  ...(process.env.BENCH_REFERENCE_DATA ? { data: process.env.BENCH_REFERENCE_DATA } : {}),
  onRequest: (request) => {
    const entry = entryOf(request, performance.now());
    journal.push(entry);
    // The reference answers in the same task as it received the request (reference/server.ts):
    // a microtask queued now runs once the answer is sent.
    queueMicrotask(() => (entry.answeredMs = performance.now()));
  },
});
const send = (message: ChildMessage) => process.send!(message);
process.on('message', (message: { kind: string }) => {
  if (message.kind !== 'journal') return;
  send({ kind: 'journal', entries: journal });
  journal = [];
});
process.once('disconnect', () => void handle.close());
// The control URL always: the bench puts its fixtures through it, even where the runs go without it.
send({ kind: 'listening', env: { ...targetEnv(handle), CP_CONTROL_URL: handle.controlUrl }, timeOrigin: performance.timeOrigin });
