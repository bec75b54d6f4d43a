/**
 * Order routes, two plugins (the composition registers the payment routes between them, so the API
 * reference keeps its order: shoppers' orders, payments, staff orders).
 *
 * `orderRoutes`, shoppers (`customer`, own orders only; 404 otherwise):
 * - `POST /api/orders` (`Idempotency-Key` header; rate-limited per account,
 *   `ORDER_RATE_LIMIT_PER_MINUTE`; at most MAX_PENDING_ORDERS unpaid orders; place-order.ts);
 * - `GET /api/orders`, `GET /api/orders/:id`, `POST /api/orders/:id/cancel` (unpaid only),
 *   `POST /api/orders/:id/simulate-payment` (sandbox only: 'Simular pagamento'),
 *   `POST /api/orders/:id/renew-payment` ('Gerar novo PIX' / 'Gerar novo boleto', payment-recovery.service.ts);
 * - anonymous, the signed link being the authorisation: `GET /api/order-tracking/:token`,
 *   `POST /api/order-tracking/:token/renew-payment` (rate-limited), `POST /api/order-tracking/lookup`.
 *
 * `adminOrderRoutes`, staff (`admin`): `GET /api/admin/orders`, `GET /api/admin/orders/:id`, and
 * `POST /api/admin/orders/:id/{mark-paid,ship,deliver,cancel,late-payment}`. Labels and tracking
 * are the fulfilment module's routes; the recovery figures are the reports module's.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOrderSchema,
  apiErrorSchema,
  cancelOrderSchema,
  createOrderSchema,
  idempotencyHeadersSchema,
  orderHistoryQuerySchema,
  markOrderPaidSchema,
  orderSchema,
  orderTrackingLookupSchema,
  orderTrackingParamsSchema,
  orderTrackingTokenResultSchema,
  orderTrackingViewSchema,
  resolveLatePaymentSchema,
  shipOrderSchema,
} from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import type { Actor } from './order-workflow.ts';
import { staffActor } from './staff-actor.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });
const trackingErrors = { 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** The shoppers' order routes, on `app.orders` (order-services.plugin.ts). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { placement, shopper } = app.orders;

  app.post('/api/orders', {
    config: {
      access: 'customer',
      // Per account, after authentication.
      rateLimit: { max: app.config.orderRateLimitPerMinute, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip },
    },
    schema: { headers: idempotencyHeadersSchema, body: createOrderSchema, response: { 201: orderSchema, ...errors } },
  }, async (request, reply) =>
    reply.code(201).send(await placement.place(app.orm.em, requireAuth(request).userId, request.body, request.headers['idempotency-key'])),
  );

  app.get('/api/orders', { config: { access: 'customer' }, schema: { querystring: orderHistoryQuerySchema, response: { 200: z.array(orderSchema), ...errors } } }, async (request) =>
    shopper.listForUser(app.orm.em, requireAuth(request).userId, request.query),
  );

  app.get('/api/orders/:id', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    shopper.getForUser(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/cancel', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    shopper.cancelByCustomer(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/simulate-payment', { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderSchema, ...errors } } }, async (request) =>
    shopper.simulatePayment(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/renew-payment', {
    config: { access: 'customer', rateLimit: { max: app.config.orderRateLimitPerMinute, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip } },
    schema: { params: idParams, response: { 200: orderSchema, ...errors } },
  }, async (request) => shopper.renewPayment(app.orm.em, requireAuth(request).userId, request.params.id));

  app.post('/api/order-tracking/:token/renew-payment', {
    config: { access: 'public', rateLimit: { max: app.config.orderTrackingRateLimitPerMinute, timeWindow: 60_000 } },
    schema: { params: orderTrackingParamsSchema, response: { 200: orderTrackingViewSchema, ...trackingErrors, 409: apiErrorSchema, 502: apiErrorSchema } },
  }, async (request) => app.orders.tracking.renewPayment(app.orm.em, request.params.token));

  // Anonymous: the signed link is the authorisation (its token is masked in the access log, app.ts).
  app.get('/api/order-tracking/:token', { config: { access: 'public' }, schema: { params: orderTrackingParamsSchema, response: { 200: orderTrackingViewSchema, ...trackingErrors } } }, async (request) =>
    app.orders.tracking.view(app.orm.em, request.params.token),
  );

  app.post('/api/order-tracking/lookup', {
    // Per address: guessing numbers and e-mails or CPFs is slowed whoever asks.
    config: { access: 'public', rateLimit: { max: app.config.orderTrackingRateLimitPerMinute, timeWindow: 60_000 } },
    schema: { body: orderTrackingLookupSchema, response: { 200: orderTrackingTokenResultSchema, ...trackingErrors } },
  }, async (request) => {
    const { orderNumber, email, cpf } = request.body;
    return app.orders.tracking.lookup(app.orm.em, orderNumber, email !== undefined ? { email } : { cpf: cpf ?? '' });
  });
};

/** The staff's order routes, on `app.orders`; every action names the staff member in the order's history. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { admin } = app.orders;
  /** The signed-in staff member as the timeline names them (their e-mail). */
  const staff = (request: FastifyRequest): Promise<Actor> => staffActor(app, request);

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
