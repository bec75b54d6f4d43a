// @vitest-environment node
/**
 * The browser realtime client against a real websocket server (ws) speaking the service's
 * protocol: token as subprotocol, subscribe, events to listeners, reconnect with backoff and
 * resume from the last id, resync, and the status the dashboard shows.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { REALTIME_PROTOCOL, type RealtimeEvent } from '@prata/contracts/realtime';
import { RealtimeClient, type SocketLike } from './realtime.ts';

interface Connection {
  socket: ServerSocket;
  protocols: string[];
  received: Record<string, unknown>[];
}

async function server(): Promise<{ url: string; connections: Connection[]; next(): Promise<Connection>; close(): Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (protocols) => (protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false) });
  await once(wss, 'listening');
  const connections: Connection[] = [];
  const waiting: ((c: Connection) => void)[] = [];
  wss.on('connection', (socket, request) => {
    const connection: Connection = { socket, protocols: String(request.headers['sec-websocket-protocol']).split(',').map((p) => p.trim()), received: [] };
    socket.on('message', (data) => connection.received.push(JSON.parse(data.toString()) as Record<string, unknown>));
    socket.send(JSON.stringify({ type: 'welcome', lastId: 5, heartbeatMs: 60_000 }));
    connections.push(connection);
    waiting.shift()?.(connection);
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: () => new Promise((resolve) => wss.close(() => resolve())),
  };
}

async function until(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const event = (id: number): RealtimeEvent => ({ type: 'event', channel: 'products', id, event: 'ProductUpdated', aggregateId: 'p1', payload: { productId: 'p1' }, occurredAt: new Date().toISOString() });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup) await fn();
  cleanup = [];
});

describe('RealtimeClient', () => {
  it('connects with the token, delivers events, reconnects and resumes from the last id', async () => {
    const srv = await server();
    const client = new RealtimeClient({
      url: () => srv.url,
      token: () => 'abc.def',
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      minBackoffMs: 10,
      maxBackoffMs: 50,
    });
    cleanup.push(async () => client.disconnect(), () => srv.close());
    const statuses: string[] = [];
    client.onStatus(() => statuses.push(client.status));
    const seen: number[] = [];
    const first = srv.next();
    const stop = client.subscribe('products', { onEvent: (e) => seen.push(e.id) });
    const connection = await first;
    expect(connection.protocols).toEqual([REALTIME_PROTOCOL, 'bearer.abc.def']);
    await until(() => connection.received.length > 0);
    expect(connection.received[0]).toEqual({ type: 'subscribe', channels: ['products'] });

    connection.socket.send(JSON.stringify(event(6)));
    connection.socket.send(JSON.stringify(event(7)));
    await until(() => seen.length === 2);
    expect(client.lastId).toBe(7);

    const second = srv.next();
    connection.socket.close(1012, 'restart');
    const again = await second;
    await until(() => again.received.length > 0);
    expect(again.received[0]).toEqual({ type: 'subscribe', channels: ['products'], lastId: 7 });
    await until(() => client.status === 'open');
    expect(statuses).toEqual(['connecting', 'open', 'closed', 'connecting', 'open']);

    stop();
    await until(() => client.status === 'idle');
  });

  it('asks listeners to resync when the service says so', async () => {
    const srv = await server();
    const client = new RealtimeClient({ url: () => srv.url, token: () => null, createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike });
    cleanup.push(async () => client.disconnect(), () => srv.close());
    let resyncs = 0;
    const first = srv.next();
    client.subscribe('products', { onEvent: () => undefined, onResync: () => (resyncs += 1) });
    const connection = await first;
    expect(connection.protocols).toEqual([REALTIME_PROTOCOL]);
    connection.socket.send(JSON.stringify({ type: 'resync', lastId: 900 }));
    await until(() => resyncs === 1);
    expect(client.lastId).toBe(900);
  });
});
