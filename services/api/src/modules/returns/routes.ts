/**
 * Returns and exchanges routes (returns.service.ts has the rules).
 *
 * Shoppers (`customer`, their own orders only; 404 otherwise):
 * - `GET /api/orders/:id/returns`: the withdrawal right's end, the units still returnable per
 *   order line, and the order's requests;
 * - `POST /api/orders/:id/returns` `{ kind, reason, lines: [{ orderItemId, quantity }] }`: 201 with
 *   the request (approved at once within 7 days of delivery), 409 for an order not delivered,
 *   400 for more units than left;
 * - `GET /api/me/store-credit`: the store-credit balance and its movements.
 *
 * From the order-tracking page, without signing in (`public`: the tracking link and an e-mailed
 * one-time code are the proof; return-codes.ts), each limited per address:
 * - `GET /api/order-tracking/:token/return-access`: whether the order can be returned, and its
 *   masked contact address;
 * - `POST /api/order-tracking/:token/return-code`: e-mails a code (429 past the order's limit);
 * - `POST /api/order-tracking/:token/return-code/verify` `{ code }`: a 30-minute grant for that order;
 * - `GET|POST /api/order-tracking/:token/returns` with the grant in `x-return-grant`: the same
 *   answers as the account's routes above (403 without a grant of that order).
 *
 * Owner (`admin`), each audited: `GET /api/admin/returns?status&orderId`, and
 * `POST /api/admin/returns/:id/{approve,reject,receive,refund,credit,exchange}` (409 for a change
 * the status does not allow; 502 when the acquirer does not refund).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RETURN_GRANT_HEADER,
  orderTrackingParamsSchema,
  returnAccessSchema,
  returnCodeSentSchema,
  returnCodeVerifySchema,
  returnGrantHeadersSchema,
  returnGrantSchema,
  adminReturnListSchema, adminReturnQuerySchema, adminReturnSchema, apiErrorSchema, createReturnSchema, orderReturnsSchema, rejectReturnSchema, returnParamsSchema, returnRequestSchema, storeCreditSchema,
} from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { User, requestMeta } from '../identity/index.ts';
import { OrderTrackingLinks } from '../orders/index.ts';
import { ReturnCodes } from './return-codes.ts';
import { ReturnService, type StaffActor } from './returns.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const orderParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });

/** What the app lends the returns: the order workflow of its order services (built once, in app.ts). */
export interface ReturnRoutesOptions {
  workflow: ConstructorParameters<typeof ReturnService>[0];
}

const returnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, { workflow }) => {
  const returns = new ReturnService(workflow);
  const codes = new ReturnCodes(workflow, returns, new OrderTrackingLinks(app.config.jwtSecret, 'prata925:return-grant'));

  /** The signed-in owner as the order timeline names them (their e-mail). */
  const staff = async (request: FastifyRequest): Promise<StaffActor> => {
    const { userId } = requireAuth(request);
    const user = await app.orm.em.findOne(User, { id: userId }, { fields: ['email'] });
    return { userId, label: user?.email ?? 'Administrador', meta: requestMeta(request) };
  };

  app.get('/api/orders/:id/returns', { config: { access: 'customer' }, schema: { params: orderParams, response: { 200: orderReturnsSchema, ...errors } } }, async (request) =>
    returns.forOrder(app.orm.em, requireAuth(request).userId, request.params.id),
  );

  app.post('/api/orders/:id/returns', {
    config: { access: 'customer', rateLimit: { max: 10, timeWindow: 60_000, hook: 'preHandler', keyGenerator: (request) => request.auth?.userId ?? request.ip } },
    schema: { params: orderParams, body: createReturnSchema, response: { 201: returnRequestSchema, ...errors, 429: apiErrorSchema } },
  }, async (request, reply) => reply.code(201).send(await returns.request(app.orm.em, requireAuth(request).userId, request.params.id, request.body)));

  // Anonymous: the tracking link, then the e-mailed code, are the proof (tokens masked in the access log, app.ts).
  const tracked = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 410: apiErrorSchema, 429: apiErrorSchema };
  const perAddress = { max: app.config.orderTrackingRateLimitPerMinute, timeWindow: 60_000 };
  app.get('/api/order-tracking/:token/return-access', { config: { access: 'public' }, schema: { params: orderTrackingParamsSchema, response: { 200: returnAccessSchema, ...tracked } } }, async (request) =>
    codes.access(app.orm.em, request.params.token),
  );
  app.post('/api/order-tracking/:token/return-code', {
    config: { access: 'public', rateLimit: perAddress },
    schema: { params: orderTrackingParamsSchema, response: { 200: returnCodeSentSchema, ...tracked } },
  }, async (request) => codes.send(app.orm.em, request.params.token));
  app.post('/api/order-tracking/:token/return-code/verify', {
    config: { access: 'public', rateLimit: perAddress },
    schema: { params: orderTrackingParamsSchema, body: returnCodeVerifySchema, response: { 200: returnGrantSchema, ...tracked } },
  }, async (request) => codes.verify(app.orm.em, request.params.token, request.body.code));
  app.get('/api/order-tracking/:token/returns', {
    config: { access: 'public' },
    schema: { params: orderTrackingParamsSchema, headers: returnGrantHeadersSchema, response: { 200: orderReturnsSchema, ...tracked } },
  }, async (request) => codes.forOrder(app.orm.em, request.params.token, request.headers[RETURN_GRANT_HEADER]));
  app.post('/api/order-tracking/:token/returns', {
    config: { access: 'public', rateLimit: { ...perAddress, max: 10 } },
    schema: { params: orderTrackingParamsSchema, headers: returnGrantHeadersSchema, body: createReturnSchema, response: { 201: returnRequestSchema, ...tracked } },
  }, async (request, reply) => reply.code(201).send(await codes.request(app.orm.em, request.params.token, request.headers[RETURN_GRANT_HEADER], request.body)));

  app.get('/api/me/store-credit', { config: { access: 'customer' }, schema: { response: { 200: storeCreditSchema, ...errors } } }, async (request) =>
    returns.storeCredit(app.orm.em, requireAuth(request).userId),
  );

  app.get('/api/admin/returns', { config: { access: 'admin' }, schema: { querystring: adminReturnQuerySchema, response: { 200: adminReturnListSchema, ...errors } } }, async (request) =>
    returns.list(app.orm.em, request.query),
  );

  const action = { config: { access: 'admin' as const }, schema: { params: returnParamsSchema, response: { 200: adminReturnSchema, ...errors, 502: apiErrorSchema } } };
  app.post('/api/admin/returns/:id/approve', action, async (request) => returns.approve(app.orm.em, request.params.id, await staff(request)));
  app.post('/api/admin/returns/:id/reject', { ...action, schema: { ...action.schema, body: rejectReturnSchema } }, async (request) =>
    returns.reject(app.orm.em, request.params.id, request.body, await staff(request)),
  );
  app.post('/api/admin/returns/:id/receive', action, async (request) => returns.receive(app.orm.em, request.params.id, await staff(request)));
  app.post('/api/admin/returns/:id/refund', action, async (request) => returns.refund(app.orm.em, request.params.id, await staff(request)));
  app.post('/api/admin/returns/:id/credit', action, async (request) => returns.credit(app.orm.em, request.params.id, await staff(request)));
  app.post('/api/admin/returns/:id/exchange', action, async (request) => returns.exchange(app.orm.em, request.params.id, await staff(request)));
};

export default fp(returnRoutes, { name: 'returns-routes', encapsulate: true });
