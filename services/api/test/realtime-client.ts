/**
 * A websocket test client for `GET /api/realtime` (real sockets through `ws`): opens with the
 * subprotocols a browser would offer, records every server message and waits for conditions.
 */
import { REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeChannel, type RealtimeClientMessage, type RealtimeEvent, type RealtimeServerMessage } from '@prata/contracts';
import WebSocket from 'ws';

export class TestSocket {
  readonly messages: RealtimeServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as RealtimeServerMessage);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket to `origin` (http://host:port), as `token`'s owner or anonymously. @throws on a refused handshake (with its status). */
  static open(origin: string, token?: string): Promise<TestSocket> {
    const url = origin.replace(/^http/, 'ws') + REALTIME_PATH;
    const socket = new WebSocket(url, token ? [REALTIME_PROTOCOL, `bearer.${token}`] : [REALTIME_PROTOCOL]);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new TestSocket(socket)));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`handshake refused: ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(message: RealtimeClientMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Subscribes and waits for the answer (`subscribed` and/or `refused`). */
  async subscribe(channels: RealtimeChannel[], lastId?: number): Promise<void> {
    const before = this.messages.length;
    this.send({ type: 'subscribe', channels, ...(lastId === undefined ? {} : { lastId }) });
    await this.waitFor(() => this.messages.slice(before).filter((m) => m.type === 'subscribed' || m.type === 'refused').length > 0);
  }

  events(): RealtimeEvent[] {
    return this.messages.filter((m): m is RealtimeEvent => m.type === 'event');
  }

  /** Resolves when `predicate` holds; rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`condition not met in ${timeoutMs} ms; messages: ${JSON.stringify(this.messages.slice(-5))}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      this.waiters.push(check);
    });
  }

  /** Stops reading the TCP stream (no messages, no pongs), as a stalled client would. */
  pause(): void {
    (this.socket as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  close(): Promise<{ code: number; reason: string }> {
    this.socket.close(1000);
    return this.closed;
  }
}
