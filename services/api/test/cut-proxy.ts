/**
 * A TCP proxy on 127.0.0.1 in front of a local double (an acquirer's or a carrier's API), whose
 * link can be cut, for tests and benches of an upstream that becomes unreachable:
 * - `open`: bytes flow both ways;
 * - `blackhole`: connections are accepted and nothing reaches the upstream or comes back (the
 *   caller waits for its own timeout);
 * - `answers-lost`: requests reach the upstream, which acts on them, but its answers are dropped
 *   (the caller times out without knowing what happened: the harshest case for payments).
 * Cutting and restoring reset the connections open at that moment, as a network failure does.
 */
import net from 'node:net';

export type CutMode = 'open' | 'blackhole' | 'answers-lost';

export interface CutProxy {
  /** `http://127.0.0.1:<port>`: where the service is told the upstream is. */
  url: string;
  mode(): CutMode;
  /** Cuts the link (`blackhole` or `answers-lost`) or restores it (`open`); resets open connections. */
  set(mode: CutMode): void;
  close(): Promise<void>;
}

/** Starts a proxy to `upstreamUrl` (an `http://127.0.0.1:<port>` origin), open. */
export async function startCutProxy(upstreamUrl: string): Promise<CutProxy> {
  const upstream = new URL(upstreamUrl);
  let mode: CutMode = 'open';
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return; // accepted, never answered
    const target = net.connect(Number(upstream.port), upstream.hostname);
    track(target);
    client.on('data', (chunk) => target.write(chunk));
    target.on('data', (chunk) => {
      if (mode === 'open') client.write(chunk);
    });
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const reset = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    mode: () => mode,
    set: (next) => {
      mode = next;
      reset();
    },
    close: async () => {
      reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
