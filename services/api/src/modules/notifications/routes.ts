/**
 * Admin notification routes (admin.md 2 "Notifications"), each for the calling admin:
 * - `GET /api/admin/notifications`: the newest 10 not dismissed, with read state;
 * - `POST /api/admin/notifications/read` `{ ids }` or `{ all: true }`: mark read;
 * - `POST /api/admin/notifications/:id/dismiss`: hide it.
 * The notifications come from domain events (subscribers.ts, notifications.service.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATIONS_MAX, apiErrorSchema, messageSchema, notificationListSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
const readBody = z.union([z.object({ all: z.literal(true) }), z.object({ ids: z.array(z.uuid({ error: 'Identificador inválido' })).min(1).max(NOTIFICATIONS_MAX) })]);

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.notifications;

  app.get(
    '/api/admin/notifications',
    { config: { access: 'admin' }, schema: { response: { 200: notificationListSchema } } },
    async (request) => service.list(app.orm.em, requireAuth(request).userId),
  );

  app.post(
    '/api/admin/notifications/read',
    { config: { access: 'admin' }, schema: { body: readBody, response: { 200: messageSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => {
      await service.markRead(app.orm.em, requireAuth(request).userId, 'ids' in request.body ? request.body.ids : null);
      return { message: 'Notificações marcadas como lidas' };
    },
  );

  app.post(
    '/api/admin/notifications/:id/dismiss',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: messageSchema, 400: apiErrorSchema, 404: apiErrorSchema } } },
    async (request) => {
      await service.dismiss(app.orm.em, requireAuth(request).userId, request.params.id);
      return { message: 'Notificação removida' };
    },
  );
};

export default fp(notificationRoutes, { name: 'notifications-routes', encapsulate: true, dependencies: ['notifications'] });
