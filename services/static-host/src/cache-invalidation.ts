/**
 * What purges the render cache: the service's domain events, heard on its realtime websocket
 * (`GET /api/realtime`, anonymous, public channels only) the moment they are relayed from the
 * outbox, each mapped to the surrogate keys of the documents it changes ({@link purgeTagsOf}).
 *
 * {@link RealtimeFollower} holds that socket: it subscribes to the public channels, resumes
 * after a reconnection from the last event it saw (the service replays what was missed), and
 * reports a gap (`onGap`) when it cannot know what it missed: a `resync` (too far behind), or a
 * first connection after having had none. The cache then drops everything, as nothing it holds
 * can be vouched for. While the socket is down entries still expire by their time to live.
 */
import {
  REALTIME_PATH,
  REALTIME_PROTOCOL,
  realtimeServerMessageSchema,
  type RealtimeChannel,
  type RealtimeEvent,
} from '@prata/contracts/realtime';

/** The public channels whose events change what public pages show. */
export const CACHE_CHANNELS: readonly RealtimeChannel[] = ['products', 'storefront', 'releases'];

/**
 * The surrogate keys a relayed event changes (see render-cache.ts): a product's own page and
 * every list (`catalogue`: a card's price or availability, a list's membership) when a product
 * is created, edited (in the panel or in SQL), withdrawn, sold out or back; a content section; the store's settings (every page shows its offers or contact in
 * the footer); a remote's pages when its releases change. Events that change no public page: [].
 */
export function purgeTagsOf(event: Pick<RealtimeEvent, 'event' | 'payload'>): string[] {
  const payload = event.payload as Record<string, unknown>;
  const product = typeof payload['productId'] === 'string' ? `product:${payload['productId']}` : null;
  switch (event.event) {
    case 'ProductCreated':
      return ['catalogue'];
    case 'ProductUpdated':
    case 'ProductDeleted':
      return product ? ['catalogue', product] : ['catalogue'];
    case 'ProductListingChanged':
      // The product's page, and the lists whose cards show it (its price, 'Esgotado' or not).
      return product ? ['catalogue', product] : ['catalogue'];
    case 'ProductReviewsChanged':
      // The product's page (its ratings, reviews and JSON-LD) and the lists sorted by rating.
      return product ? ['catalogue', product] : ['catalogue'];
    case 'ContentChanged':
      return typeof payload['key'] === 'string' ? [`content:${payload['key']}`] : ['*'];
    case 'StoreSettingsChanged':
      return ['settings'];
    case 'RemoteReleaseActivated':
    case 'RemoteCanaryChanged':
      return typeof payload['remote'] === 'string' ? [`remote:${payload['remote']}`] : ['*'];
    default:
      return [];
  }
}

export interface RealtimeFollowerOptions {
  /** The API origin this process reaches (http or https; the socket uses ws or wss). */
  apiOrigin: string;
  /** Called with every event of the followed channels, in order. */
  onEvent(event: RealtimeEvent): void;
  /** Called when events may have been missed (see the module doc). */
  onGap(reason: string): void;
  /** Logs a lost connection. */
  log?: (message: string) => void;
  /** Reconnection delays grow from this (ms), doubling up to 30 s. */
  retryMs?: number;
}

/** See the module doc. */
export class RealtimeFollower {
  private socket: WebSocket | null = null;
  private lastId: number | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private listening = false;
  private readonly options: RealtimeFollowerOptions;
  private onSubscribed: () => void = () => undefined;
  /** Resolves the first time the socket is subscribed. */
  readonly subscribed: Promise<void>;

  constructor(options: RealtimeFollowerOptions) {
    this.options = options;
    this.subscribed = new Promise((resolve) => (this.onSubscribed = resolve));
  }

  /** Whether the socket is subscribed now (events are heard). */
  get connected(): boolean {
    return this.listening;
  }

  /** Opens the socket (and keeps reopening it until {@link RealtimeFollower.close}). */
  start(): void {
    this.closed = false;
    this.connect();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
    this.listening = false;
  }

  private connect(): void {
    const url = `${this.options.apiOrigin.replace(/\/$/, '').replace(/^http/, 'ws')}${REALTIME_PATH}`;
    const socket = new WebSocket(url, [REALTIME_PROTOCOL]);
    this.socket = socket;
    socket.addEventListener('message', (message) => this.receive(socket, String(message.data)));
    socket.addEventListener('close', () => this.lost(socket));
    socket.addEventListener('error', () => socket.close());
  }

  private receive(socket: WebSocket, data: string): void {
    let parsed;
    try {
      parsed = realtimeServerMessageSchema.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'welcome':
        // Resume after the last event seen; on a first connection nothing before it can be known.
        if (this.lastId === null) this.options.onGap('first connection');
        socket.send(JSON.stringify({ type: 'subscribe', channels: CACHE_CHANNELS, lastId: this.lastId ?? message.lastId }));
        this.lastId ??= message.lastId;
        break;
      case 'subscribed':
        this.listening = true;
        this.attempt = 0;
        this.onSubscribed();
        break;
      case 'resync':
        this.lastId = message.lastId;
        this.options.onGap('resync');
        break;
      case 'event':
        if (this.lastId !== null && message.id <= this.lastId) return;
        this.lastId = message.id;
        this.options.onEvent(message);
        break;
      default:
        break;
    }
  }

  private lost(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    if (this.listening) this.options.log?.('the realtime socket to the API closed; reconnecting');
    this.listening = false;
    if (this.closed) return;
    const delay = Math.min(30_000, (this.options.retryMs ?? 500) * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }
}
