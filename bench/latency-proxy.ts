// `npm run bench -- --latency MS`: a TCP proxy on loopback that stands for a network
// between the suite and its target. Every chunk of bytes is held MS milliseconds in
// each direction, in order, and a new connection costs one round trip before its
// first byte goes on (the TCP handshake), so a request on an open keep-alive
// connection waits one round trip (2 × MS) and on a new one two.
import net from 'node:net';

export interface LatencyProxy {
  /** `http://127.0.0.1:PORT`: the target's origin as the suite sees it. */
  origin: string;
  /** How long every chunk is held, each way. */
  delayMs: number;
  close(): Promise<void>;
}

/** A target's environment (cli/serve.ts targetEnv) with its origin replaced by the proxy's. */
export function behindProxy(env: Record<string, string>, proxy: LatencyProxy): Record<string, string> {
  const direct = new URL(env.CP_BASE_URL!).origin;
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.startsWith(direct) ? proxy.origin + value.slice(direct.length) : value]));
}

/** Writes each chunk to `to` MS after it arrived, in arrival order; ends `to` likewise. */
function delayedPipe(from: net.Socket, to: net.Socket, delayMs: number): void {
  // Timers of one duration fire in the order they were set, so chunks keep their order.
  from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
  from.once('end', () => setTimeout(() => to.end(), delayMs));
}

/** A proxy in front of the server at `target` (any URL of it: only its host and port are used). */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    client.pause();
    const remote = new net.Socket();
    for (const socket of [client, remote]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.once('close', () => sockets.delete(socket));
      socket.once('error', () => (socket === client ? remote : client).destroy());
    }
    client.once('close', () => remote.destroy());
    remote.once('close', () => client.destroy());
    // The handshake's round trip, then the bytes each way, each held `delayMs`.
    setTimeout(() => {
      if (client.destroyed) return;
      remote.connect(Number(upstream.port), upstream.hostname, () => {
        delayedPipe(client, remote, delayMs);
        delayedPipe(remote, client, delayMs);
        client.resume();
      });
    }, 2 * delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    delayMs,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
