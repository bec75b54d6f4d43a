/**
 * The payload schema of every domain event: the second half of the event registry (the names
 * and channels are domain-event-names.ts). `DOMAIN_EVENT_PAYLOADS` must name exactly the
 * registered events (the compiler refuses a missing or an extra one), and the service's event bus
 * types each event's payload from it: a publisher that sends the wrong shape, or a subscriber
 * that reads a field the event does not carry, fails to compile.
 *
 * Payloads are JSON (they are stored in the outbox as jsonb): dates travel as ISO strings.
 */
import { z } from 'zod';
import type { DomainEventName } from './domain-event-names.ts';
import { notificationSchema } from './notifications.ts';
import { CANCEL_REASONS, orderStatusSchema, paymentMethodSchema } from './orders.ts';
import { remoteNameSchema } from './platform.ts';
import { RETURN_KINDS } from './returns.ts';
import { systemErrorSchema } from './system-errors.ts';

/** A product whose data or availability changed. */
const productEvent = z.object({ productId: z.uuid() });

/** What every order event carries: the order as it stands after the change. */
export const orderEventBaseSchema = z.object({
  orderId: z.uuid(),
  number: z.string(),
  status: orderStatusSchema,
  totalCents: z.number().int(),
  paymentMethod: paymentMethodSchema,
  userId: z.uuid(),
});
export type OrderEventBase = z.infer<typeof orderEventBaseSchema>;

export const DOMAIN_EVENT_PAYLOADS = {
  ProductCreated: productEvent.extend({ name: z.string() }),
  ProductUpdated: productEvent.extend({ changed: z.array(z.string()) }),
  ProductDeleted: productEvent.extend({ archived: z.boolean() }),
  ReservationCreated: productEvent,
  ReservationReleased: productEvent,
  /** Stock of the product (variantId null) or of one of its variants went from 0 to above 0. */
  StockReplenished: productEvent.extend({ variantId: z.uuid().nullable() }),
  /**
   * What the store shows of a product changed (its public fields; it or a variant sold out, came
   * back or crossed the low-stock line); `listed` false when it left the public catalogue.
   */
  ProductListingChanged: productEvent.extend({ listed: z.boolean() }),
  ProductReviewsChanged: productEvent,
  OrderPlaced: orderEventBaseSchema,
  /** By the acquirer (`paymentId`), by staff (`manual`, `by`), or a late payment accepted (`reinstated`). */
  OrderPaid: orderEventBaseSchema.extend({ paymentId: z.string().optional(), manual: z.boolean().optional(), by: z.uuid().nullish(), reinstated: z.boolean().optional() }),
  OrderShipped: orderEventBaseSchema.extend({ carrier: z.string().nullish(), trackingCode: z.string().nullish() }),
  OrderDelivered: orderEventBaseSchema,
  OrderCancelled: orderEventBaseSchema.extend({ reason: z.enum(CANCEL_REASONS) }),
  OrderRefunded: orderEventBaseSchema.extend({ refundedCents: z.number().int(), latePayment: z.boolean().optional() }),
  PaymentConfirmedAfterExpiry: orderEventBaseSchema.extend({ paymentId: z.string(), amountCents: z.number().int() }),
  /** The one reminder that the order's PIX code or boleto is about to expire went out (by e-mail; WhatsApp follows for an opt-in). */
  OrderPaymentReminderSent: orderEventBaseSchema,
  /** The request (`returnId`), its kind, whether within the 7-day withdrawal right (approved at once) and what it gives back, BRL cents. */
  ReturnRequested: orderEventBaseSchema.extend({ returnId: z.uuid(), kind: z.enum(RETURN_KINDS), withinWithdrawal: z.boolean(), amountCents: z.number().int() }),
  NotificationCreated: notificationSchema,
  NotificationsChanged: z.object({ userId: z.uuid(), ids: z.array(z.uuid()), change: z.enum(['read', 'dismissed']) }),
  SystemErrorRecorded: systemErrorSchema,
  SystemErrorResolved: systemErrorSchema,
  /** An event of the issue got its source-mapped frames (the issue as it is then; its stack mapped when that event opened it). */
  SystemErrorMapped: systemErrorSchema,
  RemoteReleaseActivated: z.object({ remote: remoteNameSchema, version: z.string().nullable(), manifestUrl: z.string() }),
  RemoteCanaryChanged: z.object({ remote: remoteNameSchema, version: z.string().nullable(), percent: z.number().int().min(1).max(99).nullable() }),
  AccountAccessChanged: z.object({}),
  /** `key`: the content section's key, or `social-links`. */
  ContentChanged: z.object({ key: z.string() }),
  StoreSettingsChanged: z.object({ setting: z.enum(['low-stock', 'free-shipping', 'pix-discount', 'contact', 'payment-renewal', 'installments', 'gift-wrap', 'freight-table']) }),
} satisfies { [N in DomainEventName]: z.ZodType<Record<string, unknown>> };

/** The payload of event `N`. */
export type DomainEventPayload<N extends DomainEventName> = z.infer<(typeof DOMAIN_EVENT_PAYLOADS)[N]>;
/** The fields an order event adds to {@link OrderEventBase}. */
export type OrderEventExtra<N extends DomainEventName> = Omit<DomainEventPayload<N>, keyof OrderEventBase>;
