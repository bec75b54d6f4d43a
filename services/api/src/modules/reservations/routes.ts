/**
 * Reservation routes (customer only; storefront.md 7): list, reserve (favourite), release
 * (unfavourite). Expired holds are released by the periodic `reservation-cleanup` job (jobs.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, createReservationSchema, messageSchema, reservationListSchema, reservationParamsSchema, reservationSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const reservationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.reservations;

  app.get('/api/reservations', { config: { access: 'customer' }, schema: { response: { 200: reservationListSchema, ...errors } } }, async (request) =>
    service.list(app.orm.em, requireAuth(request).userId),
  );

  app.post('/api/reservations', { config: { access: 'customer' }, schema: { body: createReservationSchema, response: { 201: reservationSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await service.reserve(app.orm.em, requireAuth(request).userId, request.body.productId, request.body.variantId ?? null)),
  );

  app.delete('/api/reservations/:productId', { config: { access: 'customer' }, schema: { params: reservationParamsSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await service.release(app.orm.em, requireAuth(request).userId, request.params.productId);
    return { message: 'A reserva foi cancelada e o produto voltou ao estoque.' };
  });
};

export default fp(reservationRoutes, { name: 'reservations-routes', encapsulate: true, dependencies: ['reservations'] });
