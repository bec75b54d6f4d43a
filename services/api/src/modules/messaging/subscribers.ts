/**
 * The messaging module's subscribers (subscribed by bootstrap/background-work.ts; none with
 * `MESSAGING_PROVIDER=off`), once across service processes, after commit: each order event the
 * shopper is e-mailed about creates the order's WhatsApp message of that kind when the shopper
 * opted in, and queues its send. A second run of a handler queues nothing new (one message per
 * order and kind; the job's id derives from the message).
 */
import type { FastifyInstance } from 'fastify';
import { ORDER_EVENTS, type OrderMessageKind } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { sendMessageJob } from './jobs.ts';

const enabled = (app: FastifyInstance) => app.messaging !== null;

/** Requests the `kind` message of `orderId` and queues its send. */
async function requestMessage(app: FastifyInstance, orderId: string, kind: OrderMessageKind): Promise<void> {
  const messageId = await app.messaging!.request(app.orm.em.fork(), orderId, kind);
  if (messageId) await sendMessageJob(app, messageId);
}

export const messagingSubscribers: ModuleSubscriber[] = [
  subscriber({ name: 'whatsapp-order-received', event: ORDER_EVENTS.placed, enabled, handle: (app, event) => requestMessage(app, event.aggregateId, 'received') }),
  subscriber({ name: 'whatsapp-order-paid', event: ORDER_EVENTS.paid, enabled, handle: (app, event) => requestMessage(app, event.aggregateId, 'paid') }),
  subscriber({ name: 'whatsapp-order-shipped', event: ORDER_EVENTS.shipped, enabled, handle: (app, event) => requestMessage(app, event.aggregateId, 'shipped') }),
  subscriber({ name: 'whatsapp-order-delivered', event: ORDER_EVENTS.delivered, enabled, handle: (app, event) => requestMessage(app, event.aggregateId, 'delivered') }),
  subscriber({ name: 'whatsapp-payment-reminder', event: ORDER_EVENTS.paymentReminderSent, enabled, handle: (app, event) => requestMessage(app, event.aggregateId, 'recovery') }),
];
