/**
 * The order services, built once per app and decorated as `app.orders` (the orders routes, the
 * fulfilment and returns modules and the background jobs all use these instances): the state
 * machine (`workflow`), what the acquirer reports (`reconciliation`), placement with its charge
 * (`placement`), the shopper's reads and cancellation (`shopper`), the staff actions (`admin`)
 * the tracking links and lookup (`tracking`) and the recovery of unpaid orders (`recovery`).
 * Wired by constructor injection only. The store-credit ledger is lent by the composition
 * (`storeCredit`): its entries reference orders, so that module sits above this one.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CouponService } from '../promotions/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { shippingQuotes } from '../shipping/index.ts';
import { AdminOrderService } from './admin-orders.service.ts';
import { OrderCharges } from './order-charge.ts';
import { OrderService } from './order.service.ts';
import { OrderTrackingLinks } from './order-tracking-links.ts';
import { OrderTrackingService } from './order-tracking.service.ts';
import { OrderWorkflow, type StoreCreditLedger } from './order-workflow.ts';
import { PaymentReconciliation } from './payment-reconciliation.service.ts';
import { PaymentRecovery } from './payment-recovery.service.ts';
import { OrderPlacement } from './place-order.ts';

export interface OrderServices {
  workflow: OrderWorkflow;
  reconciliation: PaymentReconciliation;
  placement: OrderPlacement;
  shopper: OrderService;
  admin: AdminOrderService;
  /** Orders followed without signing in: the e-mails' signed links and the lookup by number and e-mail or CPF. */
  tracking: OrderTrackingService;
  /** A new PIX or boleto for an unpaid order, the reminders before a charge expires, the recovery figures. */
  recovery: PaymentRecovery;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderServices;
  }
}

export interface OrderServicesOptions {
  /** modules/store-credit `storeCreditLedger`. */
  storeCredit: StoreCreditLedger;
}

/** The order services of `app`, on its acquirer, events, clock, mailer and configuration. */
function buildOrderServices(app: FastifyInstance, storeCredit: StoreCreditLedger): OrderServices {
  const coupons = new CouponService();
  const trackingLinks = new OrderTrackingLinks(app.config.jwtSecret);
  const workflow = new OrderWorkflow({
    payments: app.payments,
    coupons,
    credit: storeCredit,
    events: app.events,
    clock: app.clock,
    mailer: app.mailer,
    storeUrl: app.config.shellUrl,
    trackingLinks,
    limits: app.config.orderLimits,
  });
  const reconciliation = new PaymentReconciliation(workflow);
  const charges = new OrderCharges(workflow, reconciliation);
  const recovery = new PaymentRecovery(workflow, charges, reconciliation, (em) => new StoreSettingsService(em).recovery());
  const placement = new OrderPlacement({
    workflow,
    charges,
    quotes: shippingQuotes(app.config.shipping),
    coupons,
    settings: (em) => new StoreSettingsService(em),
  });
  return {
    workflow,
    reconciliation,
    placement,
    shopper: new OrderService(workflow, recovery),
    admin: new AdminOrderService(workflow),
    tracking: new OrderTrackingService(trackingLinks, app.clock, recovery),
    recovery,
  };
}

export default fp<OrderServicesOptions>(
  async (app, { storeCredit }) => {
    app.decorate('orders', buildOrderServices(app, storeCredit));
  },
  { name: 'orders', dependencies: ['config', 'clock', 'events', 'mail', 'payments'] },
);
