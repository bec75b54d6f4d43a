/**
 * Order and payment routes (issues 5, 10, 13).
 *
 * Shoppers (`customer`, own orders only; 404 otherwise):
 * - `POST /api/orders` (`Idempotency-Key` header; rate-limited per account,
 *   `ORDER_RATE_LIMIT_PER_MINUTE`; at most MAX_PENDING_ORDERS unpaid orders);
 * - `GET /api/orders`, `GET /api/orders/:id`, `POST /api/orders/:id/cancel` (unpaid only),
 *   `POST /api/orders/:id/simulate-payment` (sandbox only: 'Simular pagamento').
 *
 * Payments (`public`):
 * - `GET /api/payments/config`: provider, test mode, public key and card-token URL for the browser;
 * - `POST /api/payments/webhook`: the acquirer's signed notifications (401 on a bad signature);
 * - `POST /api/payments/sandbox/card-tokens` (`customer`): the sandbox acquirer's card
 *   tokenisation (404 with a real acquirer: card numbers never reach the service there).
 *
 * Staff (`admin`): `GET /api/admin/orders`, `GET /api/admin/orders/:id`, and
 * `POST /api/admin/orders/:id/{mark-paid,ship,deliver,cancel,late-payment}`; labels and tracking
 * (issue 23) in shipment.routes.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  cancelOrderSchema,
  cardTokenRequestSchema,
  cardTokenSchema,
  createOrderSchema,
  idempotencyHeadersSchema,
  orderHistoryQuerySchema,
  markOrderPaidSchema,
  orderSchema,
  paymentConfigSchema,
  resolveLatePaymentSchema,
  shipOrderSchema,
} from '@prata/contracts';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { PAYMENT_WEBHOOK_PATH } from './payments.plugin.ts';
import { CouponService } from '../promotions/index.ts';
import { shippingQuotes } from '../shipping/index.ts';
import { AdminOrderService } from './admin-orders.service.ts';
import { OrderItem } from './order.entities.ts';
import { OrderService } from './order.service.ts';
import { OrderWorkflow, type Actor } from './order-workflow.ts';
import { PaymentProviderUnavailableError, WebhookSignatureError } from './payment-provider.ts';
import { PaymentReconciliation } from './payment-reconciliation.service.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import shipmentRoutes from './shipment.routes.ts';
import { staffActor } from './staff-actor.ts';

/** The order services of an app, on its provider, events, clock and mailer. */
export function orderServices(app: FastifyInstance) {
  const workflow = new OrderWorkflow({ payments: app.payments, events: app.events, clock: app.clock, mailer: app.mailer, storeUrl: app.config.shellUrl, limits: app.config.orderLimits });
  const reconciliation = new PaymentReconciliation(workflow);
  return { workflow, reconciliation, orders: new OrderService(workflow, reconciliation, shippingQuotes(app.config.shipping), new CouponService()), admin: new AdminOrderService(workflow) };
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders, admin, reconciliation, workflow } = orderServices(app);
  // Labels and tracking (issue 23).
  await app.register(shipmentRoutes, { workflow });

  /** The signed-in staff member as the timeline names them (their e-mail). */
  const staff = (request: FastifyRequest): Promise<Actor> => staffActor(app, request);

  app.post('/api/orders', {
    config: {
      access: 'customer',
      // Per account, after authentication (issue 10 item 10).
      rateLimit: { max: app.config.orderRateLimitPerMinute, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip },
    },
    schema: { headers: idempotencyHeadersSchema, body: createOrderSchema, response: { 201: orderSchema, ...errors } },
  }, async (request, reply) =>
    reply.code(201).send(await orders.create(app.orm.em, requireAuth(request).userId, request.body, request.headers['idempotency-key'])),
  );

  app.get('/api/orders', { config: { access: 'customer' }, schema: { querystring: orderHistoryQuerySchema, response: { 200: z.array(orderSchema), ...errors } } }, async (request) =>
    orders.listForUser(app.orm.em, requireAuth(request).userId, request.query),
  );

  app.get('/api/orders/:id', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    orders.getForUser(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/cancel', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    orders.cancelByCustomer(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/simulate-payment', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    orders.simulatePayment(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.get('/api/payments/config', { config: { access: 'public' }, schema: { response: { 200: paymentConfigSchema } } }, async () => ({
    provider: app.payments.name,
    testMode: app.payments.testMode,
    publicKey: app.payments.publicKey,
    sdkUrl: app.payments.sdkUrl,
    cardTokenUrl: app.payments.cardTokenUrl(app.config.publicUrl),
    simulation: app.payments instanceof SandboxPaymentProvider,
  }));

  app.post('/api/payments/sandbox/card-tokens', {
    config: { access: 'customer', rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { body: cardTokenRequestSchema, response: { 201: cardTokenSchema, ...errors } },
  }, async (request, reply) => {
    if (!(app.payments instanceof SandboxPaymentProvider)) throw new NotFoundError('Recurso não encontrado');
    return reply.code(201).send(app.payments.tokenizeCard(request.body, app.clock.now()));
  });

  app.post(PAYMENT_WEBHOOK_PATH, {
    config: { access: 'public' },
    schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown(), response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errors } },
  }, async (request, reply) => {
    try {
      const outcome = await reconciliation.handleWebhook(app.orm.em, { headers: request.headers, query: request.query, body: request.body });
      return { received: true as const, outcome };
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new UnauthorizedError('Assinatura do webhook inválida', 'invalid_signature');
      if (error instanceof PaymentProviderUnavailableError) {
        request.log.warn({ err: error }, 'payment webhook: acquirer unavailable, it will retry');
        return reply.code(503).send({ error: 'payment_provider_unavailable', message: 'Operadora de pagamento indisponível; tente novamente.' });
      }
      throw error;
    }
  });

  app.get('/api/admin/orders', { config: { access: 'admin' }, schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderPageSchema, ...errors } } }, async (request) =>
    admin.list(app.orm.em, request.query),
  );

  app.get('/api/admin/orders/:id', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.get(app.orm.em, request.params.id),
  );

  app.post('/api/admin/orders/:id/mark-paid', { config: { access: 'admin' }, schema: { params: idParams, body: markOrderPaidSchema, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.markPaid(app.orm.em, request.params.id, request.body, await staff(request)),
  );

  app.post('/api/admin/orders/:id/ship', { config: { access: 'admin' }, schema: { params: idParams, body: shipOrderSchema, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.ship(app.orm.em, request.params.id, request.body, await staff(request)),
  );

  app.post('/api/admin/orders/:id/deliver', { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.deliver(app.orm.em, request.params.id, await staff(request)),
  );

  app.post('/api/admin/orders/:id/cancel', { config: { access: 'admin' }, schema: { params: idParams, body: cancelOrderSchema, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.cancel(app.orm.em, request.params.id, request.body, await staff(request)),
  );

  app.post('/api/admin/orders/:id/late-payment', { config: { access: 'admin' }, schema: { params: idParams, body: resolveLatePaymentSchema, response: { 200: adminOrderSchema, ...errors } } }, async (request) =>
    admin.resolveLatePayment(app.orm.em, request.params.id, request.body, await staff(request)),
  );
};

export default orderRoutes;

// The module's public face (issue 25): other modules and the app import these from here, never a
// file of this folder.
export { default as paymentsPlugin, PAYMENT_WEBHOOK_PATH } from './payments.plugin.ts';
export { CARRIER_WEBHOOK_RECEIPT_DAYS, CarrierWebhookReceiptSchema, Shipment, ShipmentSchema } from './shipment.entity.ts';
export { StoreCreditEntry, StoreCreditEntrySchema, storeCreditLedger } from './store-credit.ts';

export { addBusinessDays, endOfSaoPauloDay } from './business-days.ts';
export { RefundFailedError } from './admin-orders.service.ts';
export { boletoLine } from './sandbox-provider.ts';

/** Whether order lines reference a product (the catalogue archives such a product instead of deleting it). */
export async function productIsOrdered(em: EntityManager, productId: string): Promise<boolean> {
  return (await em.count(OrderItem, { product: productId })) > 0;
}
/** Which of `variantIds` order lines reference (issue 22: the catalogue refuses to delete those). */
export async function orderedVariants(em: EntityManager, variantIds: string[]): Promise<string[]> {
  if (variantIds.length === 0) return [];
  const rows = await em.find(OrderItem, { variant: { $in: variantIds } }, { fields: ['variant'] });
  return [...new Set(rows.flatMap((row) => (row.variant ? [row.variant.id] : [])))];
}
export {
  Order,
  OrderItem,
  OrderItemSchema,
  OrderSchema,
  OrderStatusChange,
  OrderStatusChangeSchema,
  PaymentNotificationSchema,
  SandboxPaymentSchema,
  amountDueCents,
} from './order.entities.ts';
