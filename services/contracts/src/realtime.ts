/**
 * Realtime channel contracts (admin.md 2 and 4 "the list updates live").
 *
 * One websocket endpoint, `GET /api/realtime` (upgrade), carries named channels. The client
 * authenticates before the socket opens with the subprotocols `[REALTIME_PROTOCOL,
 * 'bearer.<access token>']` (none for anonymous), then sends {@link RealtimeClientMessage}s and
 * receives {@link RealtimeServerMessage}s. Every event has a position (`id`) that increases in
 * commit order; a client that reconnects sends the last id it saw and receives what it missed, or
 * `resync` when it is too far behind (it then reloads from the REST API).
 */
import { z } from 'zod';
import { DOMAIN_EVENT_CHANNELS, domainEventNameSchema, isDomainEventName, type DomainEventName } from './domain-event-names.ts';

/** Subprotocol every client offers; the server selects it. */
export const REALTIME_PROTOCOL = 'prata.realtime.v1';
/** Path of the websocket endpoint on the API origin. */
export const REALTIME_PATH = '/api/realtime';

/**
 * Channels and who may join them (checked by the server on join and on every token refresh):
 * `system-errors` developers, `orders` admins and developers (the developer dashboard's live
 * stats), `notifications` admins, `products` anyone, `releases` anyone (a remote's new version
 * went live: open tabs offer a reload), `storefront` anyone (content and settings the
 * store's pages show changed: the shell's host purges its cached documents).
 */
export const REALTIME_CHANNELS = ['system-errors', 'products', 'orders', 'notifications', 'releases', 'storefront'] as const;
export const realtimeChannelSchema = z.enum(REALTIME_CHANNELS);
export type RealtimeChannel = z.infer<typeof realtimeChannelSchema>;
export const REALTIME_CHANNEL_ACCESS: Readonly<Record<RealtimeChannel, 'public' | readonly ('admin' | 'developer')[]>> = {
  'system-errors': ['developer'],
  products: 'public',
  orders: ['admin', 'developer'],
  notifications: ['admin'],
  releases: 'public',
  storefront: 'public',
};

/** Every registered event's channel is a channel (or null): a typo in domain-event-names.ts fails here. */
const EVENT_CHANNELS: Readonly<Record<DomainEventName, RealtimeChannel | null>> = DOMAIN_EVENT_CHANNELS;

/** Realtime channel of an event, or null when no client channel carries it (unregistered names included). */
export function channelOfEvent(name: string): RealtimeChannel | null {
  return isDomainEventName(name) ? EVENT_CHANNELS[name] : null;
}

/** Close codes: 1001 the service is shutting down; 4001 token expired/invalid; 4008 slow consumer. */
export const REALTIME_CLOSE = { goingAway: 1001, unauthorized: 4001, slowConsumer: 4008, tooManyMessages: 4029 } as const;

export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  /** Join channels; `lastId` resumes after the last event seen (any channel). */
  z.object({ type: z.literal('subscribe'), channels: z.array(realtimeChannelSchema).min(1).max(REALTIME_CHANNELS.length), lastId: z.number().int().nonnegative().optional() }),
  z.object({ type: z.literal('unsubscribe'), channels: z.array(realtimeChannelSchema).min(1).max(REALTIME_CHANNELS.length) }),
  /** A refreshed access token: the server re-checks every joined channel. */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** One relayed domain event on a channel. `id` is its position (commit order). */
export const realtimeEventSchema = z.object({
  type: z.literal('event'),
  channel: realtimeChannelSchema,
  id: z.number().int().positive(),
  event: domainEventNameSchema,
  aggregateId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  occurredAt: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  /** First message: the newest event id and the heartbeat interval (ms). */
  z.object({ type: z.literal('welcome'), lastId: z.number().int().nonnegative(), heartbeatMs: z.number().int().positive() }),
  z.object({ type: z.literal('subscribed'), channels: z.array(realtimeChannelSchema) }),
  /** A channel the caller may not join (or no longer may, after a token refresh). */
  z.object({ type: z.literal('refused'), channel: realtimeChannelSchema, reason: z.enum(['unauthorized', 'forbidden']) }),
  /** Too far behind to replay: reload from the REST API; live events follow from `lastId`. */
  z.object({ type: z.literal('resync'), lastId: z.number().int().nonnegative() }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('error'), message: z.string() }),
  realtimeEventSchema,
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
