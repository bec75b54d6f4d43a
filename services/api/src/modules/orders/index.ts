/**
 * Order routes (customer only; issue 5): place an order (`Idempotency-Key` header), read one's
 * own orders. Prices, availability and totals come from the database, never from the client.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, createOrderSchema, idempotencyHeadersSchema, orderSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { OrderService } from './order.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new OrderService(app.payments, app.events, app.clock);

  app.post('/api/orders', {
    config: { access: 'customer' },
    schema: { headers: idempotencyHeadersSchema, body: createOrderSchema, response: { 201: orderSchema, ...errors } },
  }, async (request, reply) =>
    reply.code(201).send(await service.create(app.orm.em, requireAuth(request).userId, request.body, request.headers['idempotency-key'])),
  );

  app.get('/api/orders', { config: { access: 'customer' }, schema: { response: { 200: z.array(orderSchema), ...errors } } }, async (request) =>
    service.listForUser(app.orm.em, requireAuth(request).userId),
  );

  app.get('/api/orders/:id', {
    config: { access: 'customer' },
    schema: { params: z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) }), response: { 200: orderSchema, ...errors } },
  }, async (request) => service.getForUser(app.orm.em, requireAuth(request).userId, request.params.id));
};

export default orderRoutes;
