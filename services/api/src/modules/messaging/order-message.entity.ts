/**
 * `order_messages`: each WhatsApp message of an order, one per order and kind (contracts
 * `ORDER_MESSAGE_KINDS`), so an event heard twice sends nothing twice.
 *
 * - `status`: contracts `ORDER_MESSAGE_STATUSES` (queued -> sent -> delivered -> read; failed;
 *   skipped); `providerMessageId`: WhatsApp's `wamid....`, which the status webhook names.
 * - `attempts`: sends tried so far (retried on the job queue like the e-mails); `error`: the last
 *   refusal or failure.
 * The recipient's number is not stored here: it is the order's `customer_phone` (erased with it).
 * Rows go with their order (cascade).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ORDER_MESSAGE_KINDS, ORDER_MESSAGE_STATUSES } from '@prata/contracts';
import { Order } from '../orders/index.ts';

export const OrderMessageSchema = defineEntity({
  name: 'OrderMessage',
  tableName: 'order_messages',
  uniques: [{ properties: ['order', 'kind'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    channel: p.string().length(20),
    kind: p.enum(ORDER_MESSAGE_KINDS),
    template: p.string().length(60),
    status: p.enum(ORDER_MESSAGE_STATUSES).index(),
    providerMessageId: p.string().length(200).nullable().unique(),
    attempts: p.integer().default(0),
    error: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    sentAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    readAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
});
export class OrderMessage extends OrderMessageSchema.class {}
OrderMessageSchema.setClass(OrderMessage);
