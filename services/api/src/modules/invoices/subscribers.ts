/**
 * The invoices module's subscribers (subscribed by bootstrap/background-work.ts; none with
 * `INVOICE_PROVIDER=off`), once across service processes, after commit:
 * - `invoices-request` (OrderPaid): creates the order's invoice row and queues `invoice-issue`;
 * - `invoices-cancel-on-cancelled`, `invoices-cancel-on-refunded`: queue `invoice-cancel`.
 * A second run queues nothing new (the jobs' ids derive from the order).
 */
import type { FastifyInstance } from 'fastify';
import { ORDER_EVENTS } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { INVOICE_JOBS, sendInvoiceJob } from './jobs.ts';

/** Subscribed only when there is an invoice provider. */
const enabled = (app: FastifyInstance) => app.invoices !== null;

export const invoiceSubscribers: ModuleSubscriber[] = [
  subscriber({
    name: 'invoices-request',
    event: ORDER_EVENTS.paid,
    enabled,
    handle: async (app, event) => {
      if (await app.invoices!.request(app.orm.em.fork(), event.aggregateId)) await sendInvoiceJob(app, INVOICE_JOBS.issue, event.aggregateId);
    },
  }),
  subscriber({ name: 'invoices-cancel-on-cancelled', event: ORDER_EVENTS.cancelled, enabled, handle: (app, event) => sendInvoiceJob(app, INVOICE_JOBS.cancel, event.aggregateId) }),
  subscriber({ name: 'invoices-cancel-on-refunded', event: ORDER_EVENTS.refunded, enabled, handle: (app, event) => sendInvoiceJob(app, INVOICE_JOBS.cancel, event.aggregateId) }),
];
