/**
 * The fulfilment services, built once per app and decorated as `app.fulfilment` (its routes and
 * its tracking job share them): the carrier's label gateway chosen by `CARRIER` (null with
 * `CARRIER=table`: labels are bought elsewhere), the label and tracking services on the order
 * workflow, and the actor the order's history names for the carrier's tracking updates.
 */
import fp from 'fastify-plugin';
import type { Actor } from '../orders/index.ts';
import { createLabelGateway, shippingQuotes, type LabelGateway } from '../shipping/index.ts';
import { ShipmentTracking } from './shipment-tracking.ts';
import { ShippingLabelService } from './shipping-labels.service.ts';

export interface FulfilmentServices {
  gateway: LabelGateway | null;
  labels: ShippingLabelService;
  tracking: ShipmentTracking;
  /** 'Melhor Envio', or 'Transportadora (sandbox)' with the sandbox carrier. */
  carrierActor: Actor;
}

declare module 'fastify' {
  interface FastifyInstance {
    fulfilment: FulfilmentServices;
  }
}

export default fp(
  async (app) => {
    const { shipping } = app.config;
    const gateway = createLabelGateway(shipping, app.config.publicUrl, () => app.clock.now());
    const labels = new ShippingLabelService(app.orders.workflow, {
      gateway,
      quotes: shippingQuotes(shipping),
      storeName: app.config.storeName,
      senderDocument: shipping.senderDocument,
      senderAddress: shipping.senderAddress,
      originCep: shipping.originCep,
      box: shipping.packaging.box,
    });
    const carrierActor: Actor = { userId: null, label: gateway?.name === 'sandbox' ? 'Transportadora (sandbox)' : 'Melhor Envio' };
    app.decorate('fulfilment', { gateway, labels, tracking: new ShipmentTracking(app.orders.workflow, gateway), carrierActor });
  },
  { name: 'fulfilment', dependencies: ['config', 'clock', 'orders'] },
);
