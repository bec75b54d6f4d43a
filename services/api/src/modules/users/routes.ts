/**
 * User administration routes (admin.md 2 users tab, 6), all admin-only:
 * - `GET /api/admin/users/:id`: profile, roles, created, last sign-in, orders count
 * - `PATCH /api/admin/users/:id` `{ fullName?, isAdmin? }`: 409 at the cap of 3 admins, for the
 *   last admin, or for one's own admin role
 * - `DELETE /api/admin/users/:id`: customers only (409 for admins, developers, oneself); LGPD erasure
 * (The list, `GET /api/admin/users`, is in the identity module.)
 * And the data subject's own (LGPD art. 18), for a signed-in customer:
 * - `GET /api/me/export`: the account's personal data as JSON (personal-data.service.ts);
 * - `DELETE /api/me` `{ currentPassword }`: the same erasure, confirmed by the password.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserDetailSchema, adminUserUpdateSchema, apiErrorSchema, deleteOwnAccountSchema, idParamsSchema, messageSchema, personalDataExportSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { announceAccessChange } from '../../events/access-changed.ts';
import { requestMeta } from '../identity/index.ts';
import { PersonalDataService } from './personal-data.service.ts';
import { UserAdminService } from './user-admin.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new UserAdminService(app.clock, {
    events: app.events,
    removeReviewPhoto: (key) => app.reviews.photos.remove(key),
    warn: (details, message) => app.log.warn(details, message),
  });
  const em = () => app.orm.em;

  app.get('/api/admin/users/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: adminUserDetailSchema, ...errors } } }, async (request) =>
    service.detail(em(), request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, body: adminUserUpdateSchema, response: { 200: adminUserDetailSchema, ...errors } } },
    async (request) => {
      const updated = await service.update(em(), requireAuth(request).userId, request.params.id, request.body, requestMeta(request));
      // A revoked role closes the channels it opened on that account's sockets at once.
      if (request.body.isAdmin === false || request.body.isDeveloper === false) await announceAccessChange(app.events, em(), request.params.id);
      return updated;
    },
  );

  app.delete('/api/admin/users/:id', { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageSchema, ...errors } } }, async (request) => {
    await service.erase(em(), requireAuth(request).userId, request.params.id, requestMeta(request));
    await announceAccessChange(app.events, em(), request.params.id);
    return { message: 'Usuário excluído. Os dados pessoais foram apagados e os pedidos foram mantidos de forma anônima.' };
  });

  const personalData = new PersonalDataService(app.clock, service, (key) => app.reviews.photos.url(key));
  app.get('/api/me/export', { config: { access: 'customer' }, schema: { response: { 200: personalDataExportSchema, ...errors } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('content-disposition', 'attachment; filename="meus-dados-prata925.json"');
    return personalData.export(em(), requireAuth(request).userId);
  });

  app.delete(
    '/api/me',
    { config: { access: 'customer', rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } }, schema: { body: deleteOwnAccountSchema, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      await personalData.deleteOwn(em(), requireAuth(request).userId, request.body.currentPassword, requestMeta(request));
      await announceAccessChange(app.events, em(), requireAuth(request).userId);
      return { message: 'Conta excluída. Seus dados pessoais foram apagados; os pedidos ficam guardados sem identificação.' };
    },
  );
};

export default fp(userRoutes, { name: 'users-routes', encapsulate: true });
