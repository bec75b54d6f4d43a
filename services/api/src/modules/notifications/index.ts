/**
 * Admin notification routes (admin.md 2 "Notifications"; issue 11), each for the calling admin:
 * - `GET /api/admin/notifications`: the newest 10 not dismissed, with read state;
 * - `POST /api/admin/notifications/read` `{ ids }` or `{ all: true }`: mark read;
 * - `POST /api/admin/notifications/:id/dismiss`: hide it.
 * The producers subscribe to domain events here (notifications.service.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFICATIONS_MAX, apiErrorSchema, messageSchema, notificationListSchema } from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { NotificationService } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
const readBody = z.union([z.object({ all: z.literal(true) }), z.object({ ids: z.array(z.uuid({ error: 'Identificador inválido' })).min(1).max(NOTIFICATIONS_MAX) })]);

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new NotificationService(() => app.orm.em.fork(), app.events, app.clock, {
    lowStockThreshold: (em) => new StoreSettingsService(em, app.config.lowStockThreshold).lowStockThreshold(),
    errorAlertThreshold: app.config.errorAlertThreshold,
  });
  service.listen();
  app.decorate('notifications', service);

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

/** Wrapped with fastify-plugin so `app.notifications` is visible to the whole app. */
export default fp(notificationRoutes, { name: 'notifications', dependencies: ['events', 'auth'] });

// The module's public face (issue 25): other modules and the app import these from here, never a
// file of this folder.
export { Notification, NotificationSchema, NotificationStateSchema } from './notification.entities.ts';
export { orderAction } from './notifications.service.ts';
