/**
 * The acquirer's records kept by the store: `payment_notifications` (every webhook notification
 * received, once per provider and notification id) and `sandbox_payments` (the sandbox acquirer's
 * own ledger). Neither references an order row: a notification names its order by id, a sandbox
 * payment by `external_reference`.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { CHECKOUT_PAYMENT_METHODS } from '@prata/contracts';

/**
 * An acquirer notification (webhook) received, once per (provider, notification id): a
 * redelivery of the same notification changes nothing.
 */
export const PaymentNotificationSchema = defineEntity({
  name: 'PaymentNotification',
  tableName: 'payment_notifications',
  uniques: [{ properties: ['provider', 'notificationId'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    provider: p.string().length(20),
    notificationId: p.string().length(100),
    paymentId: p.string().length(100).index(),
    /** The order the payment belongs to (null when the acquirer named none we know). */
    orderId: p.uuid().nullable().index(),
    /** The payment status read from the acquirer when the notification arrived. */
    paymentStatus: p.string().length(30),
    /** What the store did: paid, ignored, late_payment, cancelled, refunded... */
    outcome: p.string().length(40),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class PaymentNotification extends PaymentNotificationSchema.class {}
PaymentNotificationSchema.setClass(PaymentNotification);

/**
 * The sandbox acquirer's own ledger (`PAYMENT_PROVIDER=sandbox`): what a real acquirer keeps on
 * its side, so a simulated payment survives a restart of the service.
 */
export const SandboxPaymentSchema = defineEntity({
  name: 'SandboxPayment',
  tableName: 'sandbox_payments',
  properties: {
    id: p.string().length(40).primary(),
    /** The order id (`external_reference`). */
    externalReference: p.string().length(100).index(),
    method: p.enum(CHECKOUT_PAYMENT_METHODS),
    status: p.string().length(30),
    amountCents: p.integer(),
    refundedCents: p.integer().default(0),
    cardBrand: p.string().length(20).nullable(),
    cardLast4: p.string().length(4).nullable(),
    /** 'mercadopago-credits': where its checkout page sends the shopper back (the order's page). */
    returnUrl: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class SandboxPayment extends SandboxPaymentSchema.class {}
SandboxPaymentSchema.setClass(SandboxPayment);
