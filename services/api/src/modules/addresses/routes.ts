/**
 * Saved addresses routes, customer access (any signed-in account, its own rows only):
 * - `GET /api/me/addresses`: the list, the default first;
 * - `POST /api/me/addresses`: add one (201; 409 `address_limit` past 10);
 * - `PATCH /api/me/addresses/:id`: edit or mark the default (404 for another account's id);
 * - `DELETE /api/me/addresses/:id`: remove (404 likewise).
 * Bodies are validated with the shared contracts (`savedAddressInputSchema`,
 * `savedAddressUpdateSchema`): a wrong CEP or UF is a 400 with the pt-BR message.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, messageSchema, savedAddressInputSchema, savedAddressSchema, savedAddressUpdateSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { AddressesService } from './addresses.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AddressesService();
  const em = () => app.orm.em;

  app.get('/api/me/addresses', { config: { access: 'customer' }, schema: { response: { 200: z.array(savedAddressSchema), ...errors } } }, async (request) =>
    service.list(em(), requireAuth(request).userId),
  );

  app.post('/api/me/addresses', { config: { access: 'customer' }, schema: { body: savedAddressInputSchema, response: { 201: savedAddressSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await service.create(em(), requireAuth(request).userId, request.body, requestMeta(request))),
  );

  app.patch(
    '/api/me/addresses/:id',
    { config: { access: 'customer' }, schema: { params: idParamsSchema, body: savedAddressUpdateSchema, response: { 200: savedAddressSchema, ...errors } } },
    async (request) => service.update(em(), requireAuth(request).userId, request.params.id, request.body, requestMeta(request)),
  );

  app.delete('/api/me/addresses/:id', { config: { access: 'customer' }, schema: { params: idParamsSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await service.remove(em(), requireAuth(request).userId, request.params.id, requestMeta(request));
    return { message: 'Endereço removido.' };
  });
};

export default fp(addressRoutes, { name: 'addresses-routes', encapsulate: true });
