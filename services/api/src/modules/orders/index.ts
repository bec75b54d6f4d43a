/**
 * The orders module's public face: other modules and the composition import these from here,
 * never a file of this folder. The routes are in routes.ts, the periodic jobs in jobs.ts; the
 * order services are built once by `orderServicesPlugin` and decorated as `app.orders`.
 *
 * The module owns an order's life: placing it (place-order.ts, with its charge), the state machine
 * and its history, events and e-mails (order-workflow.ts), what the acquirer reports about its
 * payment (payment-reconciliation.service.ts), and the staff's actions on it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { OrderItem } from './order.entities.ts';

export { default as orderServicesPlugin, type OrderServices, type OrderServicesOptions } from './order-services.plugin.ts';
export { InvalidOrderTransitionError, type Actor, type Effects, type OrderWorkflow, type StoreCreditLedger } from './order-workflow.ts';
export { RefundFailedError } from './admin-orders.service.ts';
export { staffActor } from './staff-actor.ts';
export { PaymentRecovery, RenewalUnavailableError } from './payment-recovery.service.ts';
export { OrderTrackingLinks } from './order-tracking-links.ts';

/** Whether order lines reference a product (the catalogue archives such a product instead of deleting it). */
export async function productIsOrdered(em: EntityManager, productId: string): Promise<boolean> {
  return (await em.count(OrderItem, { product: productId })) > 0;
}
/** Which of `variantIds` order lines reference (the catalogue refuses to delete those). */
export async function orderedVariants(em: EntityManager, variantIds: string[]): Promise<string[]> {
  if (variantIds.length === 0) return [];
  const rows = await em.find(OrderItem, { variant: { $in: variantIds } }, { fields: ['variant'] });
  return [...new Set(rows.flatMap((row) => (row.variant ? [row.variant.id] : [])))];
}
export {
  Order,
  OrderItem,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChange,
  OrderStatusChangeSchema,
  amountDueCents,
  chargedCents,
} from './order.entities.ts';
