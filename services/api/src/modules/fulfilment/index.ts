/**
 * The fulfilment module's public face: getting a paid order to the shopper. It owns the order's
 * shipment (`shipments`: the label bought from the carrier, its tracking code and the carrier's
 * status), the carrier's webhook receipts, buying labels and applying tracking updates, which
 * move the order to shipped and delivered through the orders module's workflow. The
 * composition registers `fulfilmentPlugin` (the services, `app.fulfilment`) and routes.ts; jobs.ts
 * lists its periodic jobs. Other modules import these from here, never a file of this folder.
 */
export { default as fulfilmentPlugin, type FulfilmentServices } from './fulfilment.plugin.ts';
export { CARRIER_WEBHOOK_RECEIPT_DAYS, CarrierWebhookReceipt, CarrierWebhookReceiptSchema, Shipment, ShipmentSchema } from './shipment.entity.ts';
