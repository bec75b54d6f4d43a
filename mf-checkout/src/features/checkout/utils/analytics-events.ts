/**
 * The checkout's e-commerce events (contracts/analytics.ts) built from the cart or the placed
 * order, for shared-ui's `trackEvent` (sent only with the shopper's consent): `begin_checkout`,
 * `add_payment_info` (the method chosen) and `purchase`, whose `event_id` is the order's id, the
 * one the server's purchase uses when the order is paid (`purchaseEventId`).
 */
import { purchaseEventId, type AnalyticsEvent } from '@prata/contracts/analytics';
import type { Order } from '@prata/contracts';
import type { CartItem } from '@prata/shared-ui/state';

const itemsOf = (items: readonly CartItem[]) =>
  items.map((item) => ({ id: item.variantId ?? item.id, name: item.name, priceCents: item.priceCents, quantity: item.quantity, variant: item.variantLabel ?? undefined }));

/** `begin_checkout` or `add_payment_info` (with `paymentType`) of the cart: its items and value (goods only), BRL cents. */
export function cartEvent(name: 'begin_checkout' | 'add_payment_info', items: readonly CartItem[], paymentType?: string): AnalyticsEvent {
  return { name, valueCents: items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0), items: itemsOf(items), ...(paymentType ? { paymentType } : {}) };
}

/** `purchase` of a placed order: its total, freight, number and lines, with the order's id as `event_id`. */
export function purchaseEvent(order: Order): AnalyticsEvent {
  return {
    name: 'purchase',
    eventId: purchaseEventId(order.id),
    transactionId: order.number,
    valueCents: order.totalCents,
    shippingCents: order.pricing.shippingCents,
    items: order.items.map((item) => ({ id: item.variantId ?? item.productId ?? item.productName, name: item.productName, priceCents: item.unitPriceCents, quantity: item.quantity, variant: item.variantLabel ?? undefined })),
  };
}
