/**
 * The carts module's subscribers (subscribed by bootstrap/background-work.ts):
 * `cart-recovery-order-placed` ends the buyer's cart reminders when an order is placed, and
 * counts the order as recovered when a reminder's link was opened before it (idempotent: a second
 * run finds the order already counted and nothing open).
 */
import { ORDER_EVENTS } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';

export const cartSubscribers: ModuleSubscriber[] = [
  subscriber({
    name: 'cart-recovery-order-placed',
    event: ORDER_EVENTS.placed,
    handle: (app, event) => app.carts.recovery.orderPlaced(app.orm.em.fork(), { userId: event.payload.userId, orderId: event.payload.orderId, totalCents: event.payload.totalCents }),
  }),
];
