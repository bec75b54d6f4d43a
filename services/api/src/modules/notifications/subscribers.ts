/**
 * The notifications module's subscribers (subscribed by bootstrap/background-work.ts, after the
 * invoices module's): each turns one domain event into an admin notification, once across service
 * processes (notifications.service.ts; a notification's `dedupe_key` makes a second run a no-op).
 *
 * The names are the ones the event bus generated when these handlers were subscribed unnamed
 * (`<event>#<handlers of that event subscribed before>`): retries and dead letters are keyed by
 * them, so they stay. `OrderPaid#1`: the invoices module's `invoices-request` came first.
 */
import { ORDER_EVENTS, PRODUCT_EVENTS, RETURN_REQUESTED, SYSTEM_ERROR_EVENTS } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';

export const notificationSubscribers: ModuleSubscriber[] = [
  subscriber({ name: 'OrderPlaced#0', event: ORDER_EVENTS.placed, handle: (app, event) => app.notifications.onOrderPlaced(event) }),
  subscriber({ name: 'OrderPaid#1', event: ORDER_EVENTS.paid, handle: (app, event) => app.notifications.onOrderPaid(event) }),
  subscriber({ name: 'PaymentConfirmedAfterExpiry#0', event: ORDER_EVENTS.paidAfterExpiry, handle: (app, event) => app.notifications.onPaidAfterExpiry(event) }),
  subscriber({ name: 'ReturnRequested#0', event: RETURN_REQUESTED, handle: (app, event) => app.notifications.onReturnRequested(event) }),
  subscriber({ name: 'ProductUpdated#0', event: PRODUCT_EVENTS.updated, handle: (app, event) => app.notifications.onProductUpdated(event) }),
  subscriber({ name: 'SystemErrorRecorded#0', event: SYSTEM_ERROR_EVENTS.recorded, handle: (app) => app.notifications.checkErrors() }),
];
