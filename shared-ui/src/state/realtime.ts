/**
 * The browser's realtime client (contracts/realtime.ts): one websocket per tab, shared
 * by every remote (shared-ui is a federation singleton), carrying named channels.
 *
 * - Connects when the first channel listener appears, with the session's access token as the
 *   `bearer.<token>` subprotocol (anonymous without a session), and closes when none is left.
 * - Reconnects with exponential backoff (0.5 s doubling to 30 s, with jitter) and resumes from the
 *   last event id it saw: the service replays what was missed, or says `resync` (listeners'
 *   `onResync` then reload from REST).
 * - A refreshed token (same user) is sent over the open socket so the service re-checks the
 *   channels; another user (sign-in, sign-out) reconnects. A 4001 close (expired token) refreshes
 *   the session first.
 * - A socket silent for 2.5 heartbeats is considered dead and replaced.
 * - `status` is 'open' only while a socket is connected (the developer dashboard's
 *   'Realtime Ativo').
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_CLOSE, REALTIME_PATH, REALTIME_PROTOCOL, realtimeServerMessageSchema, type RealtimeChannel, type RealtimeEvent, type RealtimeServerMessage } from '@prata/contracts/realtime';
import { useSessionStore } from './session-store.ts';
import { apiUrl } from './runtime-config.ts';
import { refreshSession } from './session.ts';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface ChannelListener {
  onEvent(event: RealtimeEvent): void;
  /** The client missed too much (or was refused and later let in): reload from REST. */
  onResync?(): void;
}

/** The minimal WebSocket surface the client uses (the browser's WebSocket satisfies it). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeClientOptions {
  /** ws(s):// URL of the endpoint. */
  url: () => string;
  token: () => string | null;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** Called on a 4001 close: returns a fresh token or null (signed out). */
  refreshToken?: () => Promise<string | null>;
  /** First reconnect delay, ms (doubles up to `maxBackoffMs`). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const OPEN = 1;

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'refreshToken'>> & Pick<RealtimeClientOptions, 'refreshToken'>;
  private readonly listeners = new Map<RealtimeChannel, Set<ChannelListener>>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private statusValue: RealtimeStatus = 'idle';
  private lastIdValue: number | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private heartbeatMs = 25_000;
  private identity: string | null = null;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
      minBackoffMs: 500,
      maxBackoffMs: 30_000,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** The last event id received (null before the first welcome). */
  get lastId(): number | null {
    return this.lastIdValue;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Listens to `channel`; returns the function that stops listening. */
  subscribe(channel: RealtimeChannel, listener: ChannelListener): () => void {
    const set = this.listeners.get(channel) ?? new Set<ChannelListener>();
    const isNew = set.size === 0;
    set.add(listener);
    this.listeners.set(channel, set);
    if (!this.socket) this.connect();
    else if (isNew && this.socket.readyState === OPEN) this.send({ type: 'subscribe', channels: [channel] });
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(channel);
      if (this.socket?.readyState === OPEN) this.send({ type: 'unsubscribe', channels: [channel] });
      if (this.listeners.size === 0) this.disconnect();
    };
  }

  /** Called when the session changes: same user -> re-authenticate the socket; another -> reconnect. */
  sessionChanged(userId: string | null, token: string | null): void {
    if (!this.socket) return;
    if (userId === this.identity) {
      if (token && this.socket.readyState === OPEN) this.send({ type: 'auth', token });
      return;
    }
    this.reconnectNow();
  }

  /** Closes the socket and forgets the listeners' connection (listeners stay registered). */
  disconnect(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.watchdog);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
    }
    this.setStatus('idle');
  }

  private reconnectNow(): void {
    this.disconnect();
    this.attempt = 0;
    if (this.listeners.size > 0) this.connect();
  }

  private connect(): void {
    clearTimeout(this.retryTimer);
    const token = this.options.token();
    this.identity = useSessionStore.getState().user?.id ?? null;
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url(), token ? [REALTIME_PROTOCOL, `bearer.${token}`] : [REALTIME_PROTOCOL]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.armWatchdog();
      const channels = [...this.listeners.keys()];
      if (channels.length > 0) this.send({ type: 'subscribe', channels, ...(this.lastIdValue === null ? {} : { lastId: this.lastIdValue }) });
    };
    socket.onmessage = (event) => {
      this.armWatchdog();
      let parsed: RealtimeServerMessage;
      try {
        parsed = realtimeServerMessageSchema.parse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      this.handle(parsed);
    };
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.watchdog);
      this.setStatus('closed');
      if (event.code === REALTIME_CLOSE.unauthorized && this.options.refreshToken) {
        void this.options.refreshToken().finally(() => this.scheduleReconnect());
        return;
      }
      this.scheduleReconnect();
    };
  }

  private handle(message: RealtimeServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.heartbeatMs = message.heartbeatMs;
        this.armWatchdog();
        if (this.lastIdValue === null) this.lastIdValue = message.lastId;
        return;
      case 'event':
        this.lastIdValue = Math.max(this.lastIdValue ?? 0, message.id);
        for (const listener of [...(this.listeners.get(message.channel) ?? [])]) listener.onEvent(message);
        return;
      case 'resync':
        this.lastIdValue = message.lastId;
        for (const set of this.listeners.values()) for (const listener of set) listener.onResync?.();
        return;
      default:
        return;
    }
  }

  private send(message: object): void {
    this.socket?.send(JSON.stringify(message));
  }

  private scheduleReconnect(): void {
    if (this.listeners.size === 0) return;
    clearTimeout(this.retryTimer);
    const base = Math.min(this.options.maxBackoffMs, this.options.minBackoffMs * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private armWatchdog(): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      // Nothing heard for 2.5 heartbeats: the connection is dead without having closed.
      const socket = this.socket;
      if (!socket) return;
      socket.onclose?.({ code: 1006, reason: 'heartbeat timeout' });
      socket.onclose = null;
      socket.close();
    }, this.heartbeatMs * 2.5);
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** The tab's realtime connection (created on first use, on the API origin of the runtime config). */
let shared: RealtimeClient | undefined;

export function getRealtimeClient(): RealtimeClient {
  if (!shared) {
    const client = new RealtimeClient({
      url: () => apiUrl(REALTIME_PATH).replace(/^http/, 'ws'),
      token: () => useSessionStore.getState().accessToken,
      refreshToken: async () => (await refreshSession().catch(() => null))?.accessToken ?? null,
    });
    useSessionStore.subscribe((state, previous) => {
      if (state.accessToken !== previous.accessToken || state.user?.id !== previous.user?.id) client.sessionChanged(state.user?.id ?? null, state.accessToken);
    });
    shared = client;
  }
  return shared;
}

/**
 * Calls `onEvent` for every event on `channel` while the component is mounted (and `onResync`
 * when the list must be reloaded from REST). The callbacks may change between renders.
 */
export function useRealtimeChannel(channel: RealtimeChannel, onEvent: (event: RealtimeEvent) => void, onResync?: () => void): void {
  const handlers = useRef({ onEvent, onResync });
  useEffect(() => {
    handlers.current = { onEvent, onResync };
  });
  useEffect(
    () =>
      getRealtimeClient().subscribe(channel, {
        onEvent: (event) => handlers.current.onEvent(event),
        onResync: () => handlers.current.onResync?.(),
      }),
    [channel],
  );
}

/** The tab's socket state: 'open' while connected. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => getRealtimeClient().onStatus(listener),
    () => getRealtimeClient().status,
    () => 'idle',
  );
}

/**
 * Invalidates the TanStack queries under `queryKeys` whenever an event arrives on `channel` (or
 * a resync is asked for), e.g. `useRealtimeInvalidate('products', [['products']])`.
 */
export function useRealtimeInvalidate(channel: RealtimeChannel, queryKeys: readonly (readonly unknown[])[]): void {
  const queryClient = useQueryClient();
  const invalidate = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useRealtimeChannel(channel, invalidate, invalidate);
}
