/**
 * The names of the service's domain events and the realtime channel each travels on (events
 * are types the compiler checks, not strings). The first half of the event registry, kept free of other
 * schemas so the browser's realtime client (`@prata/contracts/realtime`) stays small; the payload
 * schemas are the second half (domain-events.ts), checked to name exactly these events.
 *
 * Publishers, subscribers, the realtime hub's routing and the remotes' live invalidation all
 * name events through {@link DomainEventName} (or the constants below): renaming or removing an
 * event here fails the compilation of every place that used the old name.
 */
import { z } from 'zod';

/**
 * Every domain event and its realtime channel (null: no client channel carries it; it is for the
 * service's own caches and handlers). The channels are checked against REALTIME_CHANNELS in realtime.ts.
 */
export const DOMAIN_EVENT_CHANNELS = {
  ProductCreated: 'products',
  ProductUpdated: 'products',
  ProductDeleted: 'products',
  ProductListingChanged: 'products',
  ProductReviewsChanged: 'products',
  ReservationCreated: null,
  ReservationReleased: null,
  StockReplenished: null,
  OrderPlaced: 'orders',
  OrderPaid: 'orders',
  OrderShipped: 'orders',
  OrderDelivered: 'orders',
  OrderCancelled: 'orders',
  OrderRefunded: 'orders',
  PaymentConfirmedAfterExpiry: 'orders',
  OrderPaymentReminderSent: 'orders',
  ReturnRequested: null,
  NotificationCreated: 'notifications',
  NotificationsChanged: 'notifications',
  SystemErrorRecorded: 'system-errors',
  SystemErrorResolved: 'system-errors',
  SystemErrorMapped: 'system-errors',
  RemoteReleaseActivated: 'releases',
  RemoteCanaryChanged: 'releases',
  AccountAccessChanged: null,
  ContentChanged: 'storefront',
  StoreSettingsChanged: 'storefront',
} as const;

/** The name of a domain event. */
export type DomainEventName = keyof typeof DOMAIN_EVENT_CHANNELS;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENT_CHANNELS) as [DomainEventName, ...DomainEventName[]];
export const domainEventNameSchema = z.enum(DOMAIN_EVENT_NAMES);

/** Whether `name` is a registered domain event (the service's tests also publish probe events). */
export function isDomainEventName(name: string): name is DomainEventName {
  return Object.hasOwn(DOMAIN_EVENT_CHANNELS, name);
}

/** Event names of the catalogue's products. */
export const PRODUCT_EVENTS = { created: 'ProductCreated', updated: 'ProductUpdated', deleted: 'ProductDeleted' } as const satisfies Record<string, DomainEventName>;
/** Holds on a product's stock (storefront reservations): no client channel carries them. */
export const RESERVATION_EVENTS = { reserved: 'ReservationCreated', released: 'ReservationReleased' } as const satisfies Record<string, DomainEventName>;
/** A product's (or a variant's) stock went from 0 to above 0 (back-in-stock alerts); no client channel carries it. */
export const STOCK_REPLENISHED = 'StockReplenished' satisfies DomainEventName;
/**
 * What the store shows of a product changed, whoever changed it (the panel or SQL): its public
 * fields, its availability crossing zero or the low-stock line, or it was listed or withdrawn.
 */
export const PRODUCT_LISTING_CHANGED = 'ProductListingChanged' satisfies DomainEventName;
/** A product's approved reviews changed (one approved, withdrawn or replied to): its page's ratings and reviews. */
export const PRODUCT_REVIEWS_CHANGED = 'ProductReviewsChanged' satisfies DomainEventName;
/** A content section or the social links changed (what the store's pages and footer show). */
export const CONTENT_CHANGED = 'ContentChanged' satisfies DomainEventName;
/** A store setting shown to shoppers changed (offers, free shipping, the freight table, contact, low-stock line). */
export const STORE_SETTINGS_CHANGED = 'StoreSettingsChanged' satisfies DomainEventName;
/** Event names of orders (the brief's shared list). */
export const ORDER_EVENTS = {
  placed: 'OrderPlaced',
  paid: 'OrderPaid',
  shipped: 'OrderShipped',
  delivered: 'OrderDelivered',
  cancelled: 'OrderCancelled',
  refunded: 'OrderRefunded',
  paidAfterExpiry: 'PaymentConfirmedAfterExpiry',
  paymentReminderSent: 'OrderPaymentReminderSent',
} as const satisfies Record<string, DomainEventName>;
export type OrderEventType = (typeof ORDER_EVENTS)[keyof typeof ORDER_EVENTS];
/** A shopper asked to return or exchange units of a delivered order: the owner is notified. */
export const RETURN_REQUESTED = 'ReturnRequested' satisfies DomainEventName;
/** Event names of the admins' notifications. */
export const NOTIFICATION_EVENTS = { created: 'NotificationCreated', changed: 'NotificationsChanged' } as const satisfies Record<string, DomainEventName>;
/**
 * Event names of recorded system errors: a report counted into an issue, an issue's status set,
 * and an event's stack frames mapped through source maps after the report (a job; the issue's
 * counts unchanged).
 */
export const SYSTEM_ERROR_EVENTS = { recorded: 'SystemErrorRecorded', resolved: 'SystemErrorResolved', mapped: 'SystemErrorMapped' } as const satisfies Record<string, DomainEventName>;
/** A remote's release went live (platform). */
export const REMOTE_ACTIVATED_EVENT = 'RemoteReleaseActivated' satisfies DomainEventName;
/** A remote's canary started (version and percent) or ended (both null): the developer area refreshes; shoppers' tabs ignore it. */
export const REMOTE_CANARY_CHANGED_EVENT = 'RemoteCanaryChanged' satisfies DomainEventName;
/** An account's access shrank (sign-out, a staff role revoked, the account erased). */
export const ACCOUNT_ACCESS_CHANGED = 'AccountAccessChanged' satisfies DomainEventName;
