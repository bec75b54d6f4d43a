/**
 * `invoices`: the NF-e of a paid order, one per order.
 *
 * - `provider`: which invoicing provider issued it (`sandbox`, `focusnfe`); `ref`: the reference the
 *   provider knows it by (the order's id; Focus NFe's `?ref=`).
 * - `status`: see contracts `INVOICE_STATUSES` (requested -> processing -> authorized -> cancelled;
 *   rejected or failed for staff to look at).
 * - `number`, `series`, `accessKey` (44 digits), `danfePath`, `xmlPath` (the provider's paths of the
 *   DANFE PDF and the XML, downloaded through the service): filled when authorised.
 * - `attempts`: provider calls that failed (down, 5xx) so far; `lastError`: the last failure or refusal.
 * - `cancelRequestedAt`: the order was refunded; the invoice is cancelled as soon as it can be.
 * Rows go with their order (cascade).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { INVOICE_STATUSES } from '@prata/contracts';
import { Order } from '../orders/index.ts';

export const InvoiceSchema = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade').unique(),
    provider: p.string().length(20),
    ref: p.string().length(60),
    status: p.enum(INVOICE_STATUSES).index(),
    number: p.string().length(20).nullable(),
    series: p.string().length(5).nullable(),
    accessKey: p.string().length(44).nullable(),
    danfePath: p.text().nullable(),
    xmlPath: p.text().nullable(),
    attempts: p.integer().default(0),
    lastError: p.string().length(500).nullable(),
    cancelRequestedAt: p.datetime().nullable(),
    authorizedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Invoice extends InvoiceSchema.class {}
InvoiceSchema.setClass(Invoice);
