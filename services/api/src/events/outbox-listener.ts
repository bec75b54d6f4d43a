/**
 * The event bus's listening connection (split from event-bus.ts, whose module doc tells the whole
 * relay): one dedicated PostgreSQL connection per process that `LISTEN`s on the outbox channels
 * and on any other channel a module asks for ({@link OutboxListener.listen}, e.g. a table
 * trigger's `NOTIFY prata_catalogue`).
 *
 * - A notification on one of the bus's channels goes to `onNotification(channel)`; one on another
 *   channel calls that channel's handlers (a throwing handler is logged, the others still run).
 * - A lost connection (error, end, or a failed `select 1` probe every 10 s) is replaced after
 *   0.5 s, doubling up to 30 s; after a reconnection `onReconnected()` runs and every extra
 *   channel's handlers are called, since notifications sent while it was down are lost.
 */
import pg from 'pg';

/** What the listener logs: a reconnect (warn) and a failed channel handler (error). */
export interface ListenerLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OutboxListenerOptions {
  /** `postgres://` URL to connect to (read at each connection). */
  connectionString: () => string;
  /** The bus's own channels, always listened to. */
  channels: readonly string[];
  /** Called for a notification on one of `channels`. */
  onNotification: (channel: string) => void;
  /** Called once a lost connection is back (not on the first connection). */
  onReconnected: () => Promise<unknown>;
  log: ListenerLogger;
}

/** The listening connection of one process; see the module doc. */
export class OutboxListener {
  private client: pg.Client | null = null;
  private retryMs = 500;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private stopped = false;
  /** Other NOTIFY channels heard on the listening connection, with their handlers. */
  private readonly channels = new Map<string, Set<() => void>>();
  private readonly options: OutboxListenerOptions;

  constructor(options: OutboxListenerOptions) {
    this.options = options;
  }

  /** Whether the listening connection is up. */
  get connected(): boolean {
    return this.client !== null;
  }

  /**
   * Calls `handler` for every `NOTIFY <channel>`, and after each (re)connection. `channel` is a
   * plain identifier. Returns the unsubscribe function. @throws Error for another channel name.
   */
  listen(channel: string, handler: () => void): () => void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid NOTIFY channel: ${channel}`);
    const fresh = !this.channels.has(channel);
    const handlers = this.channels.get(channel) ?? new Set();
    handlers.add(handler);
    this.channels.set(channel, handlers);
    if (fresh && this.client) void this.client.query(`listen ${channel}`).catch((error: unknown) => this.lost(this.client!, error));
    return () => handlers.delete(handler);
  }

  /** Connects (a failure is retried in the background, as a lost connection is). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Closes the connection and stops reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private notifyChannel(channel: string): void {
    for (const handler of this.channels.get(channel) ?? []) {
      try {
        handler();
      } catch (error) {
        this.options.log.error({ err: error, channel }, 'NOTIFY handler failed');
      }
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString(), application_name: 'prata-outbox-listener' });
    client.on('notification', (message) => {
      if (this.options.channels.includes(message.channel)) this.options.onNotification(message.channel);
      if (this.channels.has(message.channel)) this.notifyChannel(message.channel);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('listener connection ended')));
    try {
      await client.connect();
      await client.query([...this.options.channels, ...this.channels.keys()].map((channel) => `listen ${channel}`).join('; '));
    } catch (error) {
      this.lost(client, error);
      return;
    }
    this.client = client;
    for (const channel of this.channels.keys()) this.notifyChannel(channel);
    this.retryMs = 500;
    clearInterval(this.heartbeat);
    // A silently dropped connection hears nothing: probe it, and reconnect when it fails.
    this.heartbeat = setInterval(() => {
      if (this.client === client) void client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, 10_000);
    this.heartbeat.unref();
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.stopped || (this.client !== null && this.client !== client)) return;
    if (this.client === client) this.client = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.options.log.warn({ err: error, retryInMs: this.retryMs }, 'outbox listener lost; reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      void this.connect()
        .then(() => (this.client ? this.options.onReconnected() : undefined))
        .catch(() => undefined);
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }
}
