/**
 * The realtime hub of one service process: the websocket clients connected to it,
 * their channels, and the fan-out of relayed domain events to them.
 *
 * - Channels and roles: the contracts' event registry names each event's channel
 *   (`channelOfEvent`, domain-event-names.ts); a client joins a channel only
 *   when its roles allow it (REALTIME_CHANNEL_ACCESS, checked here on join and on every token
 *   refresh). Notification state events carry `userId` and reach only that admin.
 * - Order and resume: events go out in position order; each client remembers the last position
 *   sent. A client that joins with `lastId` first gets the events after it from the outbox (live
 *   events wait in its queue meanwhile), or `resync` when more than `replayLimit` are missing.
 * - Bounded memory: a client whose socket buffers more than `maxBufferedBytes` (a slow consumer)
 *   is closed with 4008; it reconnects and resumes from its last id. The replay queue is capped
 *   the same way.
 * - Heartbeats: every `heartbeatMs` each socket gets a ping frame and a `heartbeat` message; a
 *   socket that did not answer the previous ping is terminated.
 * - Token expiry: a socket closes with 4001 when its access token expires without a refresh
 *   (`auth` message); the client then reconnects with a fresh token and its last id.
 */
import {
  REALTIME_CHANNEL_ACCESS,
  channelOfEvent,
  type DomainEventName,
  REALTIME_CLOSE,
  realtimeClientMessageSchema,
  type RealtimeChannel,
  type RealtimeServerMessage,
  type RoleName,
} from '@prata/contracts';
import type { WebSocket } from 'ws';
import type { RelayedEvent } from '../../events/event-bus.ts';

/** The identity behind a socket, re-established on every `auth` message. */
export interface SocketIdentity {
  userId: string | null;
  /** The session (refresh-token family) the socket's token belongs to; null for anonymous sockets. */
  sessionId?: string | null;
  roles: RoleName[];
  /** When the access token expires (ms since epoch); null for anonymous sockets. */
  expiresAt: number | null;
}

export interface HubOptions {
  heartbeatMs: number;
  maxBufferedBytes: number;
  replayLimit: number;
  /** Sockets one client address may hold in this process. */
  maxSocketsPerAddress: number;
  /** Sockets one account may hold in this process. */
  maxSocketsPerAccount: number;
  /** Messages one socket may send per minute; past it the socket is closed (4029). */
  messagesPerMinute: number;
  /** The newest position this process delivered. */
  cursor(): number;
  /** Outbox events after `after` up to `upTo`, in order. */
  eventsAfter(after: number, upTo: number, limit: number): Promise<RelayedEvent[]>;
  /** Verifies a refreshed access token. @throws when invalid or expired. */
  authenticate(token: string): Promise<SocketIdentity>;
  /** The roles of a signed-in socket's session now, or null when the session is gone. */
  recheck(identity: SocketIdentity): Promise<SocketIdentity['roles'] | null>;
  now(): number;
  log: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void };
}

/** Whether `roles` may join `channel` (REALTIME_CHANNEL_ACCESS). */
export function mayJoin(channel: RealtimeChannel, identity: Pick<SocketIdentity, 'userId' | 'roles'>): boolean {
  const access = REALTIME_CHANNEL_ACCESS[channel];
  if (access === 'public') return true;
  return identity.userId !== null && identity.roles.some((role) => access.includes(role));
}

function eventMessage(channel: RealtimeChannel, event: RelayedEvent): RealtimeServerMessage {
  // Only registered events have a channel (channelOfEvent), so the name is one of DomainEventName.
  return { type: 'event', channel, id: event.position, event: event.type as DomainEventName, aggregateId: event.aggregateId, payload: event.payload, occurredAt: event.occurredAt };
}

interface Client {
  socket: WebSocket;
  identity: SocketIdentity;
  /** The client's address (the trusted-hop address, as for rate limits). */
  address: string;
  /** Start (ms) and count of the current one-minute message window. */
  windowStart: number;
  messages: number;
  channels: Set<RealtimeChannel>;
  lastSent: number;
  /** Live events held while a replay runs (null when not replaying). */
  queue: RelayedEvent[] | null;
  alive: boolean;
  expiry: ReturnType<typeof setTimeout> | undefined;
}

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly options: HubOptions;
  private readonly heartbeat: ReturnType<typeof setInterval>;

  constructor(options: HubOptions) {
    this.options = options;
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Connected sockets of this process. */
  get size(): number {
    return this.clients.size;
  }

  /**
   * Whether a new socket from `address` (and `userId`, when signed in) stays within the caps:
   * checked before the upgrade, so a refused client gets 429 and no socket.
   */
  admits(address: string, userId: string | null): boolean {
    let fromAddress = 0;
    let fromAccount = 0;
    for (const client of this.clients) {
      if (client.address === address) fromAddress += 1;
      if (userId !== null && client.identity.userId === userId) fromAccount += 1;
    }
    return fromAddress < this.options.maxSocketsPerAddress && (userId === null || fromAccount < this.options.maxSocketsPerAccount);
  }

  /** Takes over an open socket whose caller was authenticated before the upgrade. */
  attach(socket: WebSocket, identity: SocketIdentity, address = 'unknown'): void {
    const client: Client = { socket, identity, address, windowStart: this.options.now(), messages: 0, channels: new Set(), lastSent: this.options.cursor(), queue: null, alive: true, expiry: undefined };
    this.clients.add(client);
    this.scheduleExpiry(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data) => void this.onMessage(client, data.toString()));
    socket.on('close', () => this.drop(client));
    socket.on('error', () => this.drop(client));
    this.send(client, { type: 'welcome', lastId: this.options.cursor(), heartbeatMs: this.options.heartbeatMs });
  }

  /** Sends a relayed event to every client on its channel (called in position order). */
  broadcast(event: RelayedEvent): void {
    const channel = channelOfEvent(event.type);
    if (!channel) return;
    let text: string | undefined;
    for (const client of this.clients) {
      if (!client.channels.has(channel)) continue;
      if (client.queue) {
        client.queue.push(event);
        if (client.queue.length > this.options.replayLimit) this.close(client, REALTIME_CLOSE.slowConsumer, 'Cliente lento');
        continue;
      }
      text ??= JSON.stringify(eventMessage(channel, event));
      this.deliver(client, channel, event, text);
    }
  }

  /** Closes every socket with `code` (1001 when the service shuts down). */
  closeAll(code: number, reason: string): void {
    clearInterval(this.heartbeat);
    for (const client of [...this.clients]) this.close(client, code, reason);
  }

  private deliver(client: Client, channel: RealtimeChannel, event: RelayedEvent, text?: string): void {
    if (event.position <= client.lastSent) return;
    client.lastSent = event.position;
    const target = event.payload.userId;
    if (channel === 'notifications' && typeof target === 'string' && target !== client.identity.userId) return;
    this.send(client, text ?? JSON.stringify(eventMessage(channel, event)));
  }

  private async onMessage(client: Client, raw: string): Promise<void> {
    // Message rate per socket: a fixed one-minute window; past the cap the socket is closed.
    const now = this.options.now();
    if (now - client.windowStart >= 60_000) {
      client.windowStart = now;
      client.messages = 0;
    }
    client.messages += 1;
    if (client.messages > this.options.messagesPerMinute) {
      this.send(client, { type: 'error', message: 'Muitas mensagens. Conecte-se novamente em instantes.' });
      this.close(client, REALTIME_CLOSE.tooManyMessages, 'Muitas mensagens');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const parsed = realtimeClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      this.send(client, { type: 'error', message: 'Mensagem inválida' });
      return;
    }
    const message = parsed.data;
    if (message.type === 'unsubscribe') {
      for (const channel of message.channels) client.channels.delete(channel);
      return;
    }
    if (message.type === 'auth') {
      await this.reauthenticate(client, message.token);
      return;
    }
    const joined: RealtimeChannel[] = [];
    for (const channel of message.channels) {
      if (mayJoin(channel, client.identity)) {
        client.channels.add(channel);
        joined.push(channel);
      } else {
        this.send(client, { type: 'refused', channel, reason: client.identity.userId ? 'forbidden' : 'unauthorized' });
      }
    }
    if (joined.length > 0) this.send(client, { type: 'subscribed', channels: joined });
    if (message.lastId !== undefined) await this.replay(client, message.lastId);
  }

  private async replay(client: Client, lastId: number): Promise<void> {
    const upTo = this.options.cursor();
    if (lastId >= upTo) {
      client.lastSent = Math.max(client.lastSent, lastId);
      return;
    }
    if (upTo - lastId > this.options.replayLimit) {
      client.lastSent = Math.max(client.lastSent, upTo);
      this.send(client, { type: 'resync', lastId: upTo });
      return;
    }
    client.queue ??= [];
    try {
      client.lastSent = lastId;
      const missed = await this.options.eventsAfter(lastId, upTo, this.options.replayLimit);
      for (const event of missed) {
        const channel = channelOfEvent(event.type);
        if (channel && client.channels.has(channel)) this.deliver(client, channel, event);
        else client.lastSent = Math.max(client.lastSent, event.position);
      }
      client.lastSent = Math.max(client.lastSent, upTo);
    } finally {
      const queued = client.queue ?? [];
      client.queue = null;
      for (const event of queued) {
        const channel = channelOfEvent(event.type);
        if (channel && client.channels.has(channel)) this.deliver(client, channel, event);
      }
    }
  }

  /**
   * Re-checks every socket of `userId` in this process (`AccountAccessChanged`): a
   * socket whose session is gone is closed (4001); one whose roles shrank leaves the channels it
   * may no longer join (`refused`).
   */
  async recheckUser(userId: string): Promise<void> {
    for (const client of [...this.clients]) {
      if (client.identity.userId !== userId) continue;
      const roles = await this.options.recheck(client.identity).catch(() => client.identity.roles);
      if (roles === null) {
        this.close(client, REALTIME_CLOSE.unauthorized, 'Sessão encerrada');
        continue;
      }
      client.identity = { ...client.identity, roles };
      for (const channel of [...client.channels]) {
        if (mayJoin(channel, client.identity)) continue;
        client.channels.delete(channel);
        this.send(client, { type: 'refused', channel, reason: 'forbidden' });
      }
    }
  }

  private async reauthenticate(client: Client, token: string): Promise<void> {
    let identity: SocketIdentity;
    try {
      identity = await this.options.authenticate(token);
    } catch {
      this.close(client, REALTIME_CLOSE.unauthorized, 'Sessão expirada');
      return;
    }
    if (client.identity.userId !== null && identity.userId !== client.identity.userId) {
      this.close(client, REALTIME_CLOSE.unauthorized, 'Sessão de outro usuário');
      return;
    }
    client.identity = identity;
    this.scheduleExpiry(client);
    for (const channel of [...client.channels]) {
      if (mayJoin(channel, identity)) continue;
      client.channels.delete(channel);
      this.send(client, { type: 'refused', channel, reason: 'forbidden' });
    }
  }

  private scheduleExpiry(client: Client): void {
    clearTimeout(client.expiry);
    if (client.identity.expiresAt === null) return;
    const delay = Math.max(0, client.identity.expiresAt - this.options.now());
    client.expiry = setTimeout(() => this.close(client, REALTIME_CLOSE.unauthorized, 'Sessão expirada'), Math.min(delay, 2 ** 31 - 1));
    client.expiry.unref();
  }

  private send(client: Client, message: RealtimeServerMessage | string): void {
    const { socket } = client;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.options.log.warn({ buffered: socket.bufferedAmount }, 'realtime: slow consumer dropped');
      this.close(client, REALTIME_CLOSE.slowConsumer, 'Cliente lento');
      return;
    }
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  private beat(): void {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        client.socket.terminate();
        this.drop(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
      this.send(client, { type: 'heartbeat' });
    }
  }

  private close(client: Client, code: number, reason: string): void {
    this.drop(client);
    client.socket.close(code, reason);
  }

  private drop(client: Client): void {
    clearTimeout(client.expiry);
    client.queue = null;
    this.clients.delete(client);
  }
}
