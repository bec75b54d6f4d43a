/**
 * `shipments`: the label bought for an order through the carrier
 * aggregator (one per order): who sold it (`melhorenvio`, `sandbox`), the carrier's id and
 * protocol, the service, what the store paid (BRL cents), the printable label's URL, the tracking
 * code, the carrier's last status and when it was last read (webhook or polling job).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { Order } from '../orders/index.ts';

export const ShipmentSchema = defineEntity({
  name: 'Shipment',
  tableName: 'shipments',
  uniques: [{ properties: ['order'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    /** Who sold the label: `melhorenvio` or `sandbox`. */
    provider: p.string().length(20),
    /** The carrier's id of the label (Melhor Envio's order id). */
    carrierOrderId: p.string().length(100).unique(),
    protocol: p.string().length(60).nullable(),
    /** The quoted service id (`melhorenvio-2`), its company and name. */
    serviceId: p.string().length(60),
    carrier: p.string().length(60),
    serviceName: p.string().length(60),
    priceCents: p.integer().check('price_cents >= 0'),
    trackingCode: p.string().length(60).nullable(),
    /** The printable label; null while a paid label is not yet generated (the tracking job completes it). */
    labelUrl: p.text().nullable(),
    /** The carrier's last status (pending, released, generated, posted, delivered, ...). */
    carrierStatus: p.string().length(30).index(),
    lastCheckedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Shipment extends ShipmentSchema.class {}
ShipmentSchema.setClass(Shipment);

/**
 * `carrier_webhook_receipts`: the signed carrier notifications already applied, by the SHA-256 of
 * their raw body (security review 2026-11-29 #12: Melhor Envio's signature covers the body but
 * carries no time or id, so a captured notification could be replayed forever). A body seen
 * before is answered 200 `duplicate` and not applied again; receipts older than
 * CARRIER_WEBHOOK_RECEIPT_DAYS are pruned by the tracking job.
 */
export const CarrierWebhookReceiptSchema = defineEntity({
  name: 'CarrierWebhookReceipt',
  tableName: 'carrier_webhook_receipts',
  properties: {
    bodySha256: p.string().length(64).primary(),
    receivedAt: p.datetime().index(),
  },
});
export class CarrierWebhookReceipt extends CarrierWebhookReceiptSchema.class {}
CarrierWebhookReceiptSchema.setClass(CarrierWebhookReceipt);

/** Days a carrier notification's receipt is kept (a replay older than this is applied like any stale report: forward-only). */
export const CARRIER_WEBHOOK_RECEIPT_DAYS = 30;
