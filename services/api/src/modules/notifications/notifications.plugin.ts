/**
 * Notifications plugin: decorates `app.notifications`, the one NotificationService of the app
 * (the routes, the subscribers in subscribers.ts and the stock checks of other flows use it).
 * The low-stock threshold is read from the store settings at each check.
 */
import fp from 'fastify-plugin';
import { StoreSettingsService } from '../settings/index.ts';
import { NotificationService } from './notifications.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

export default fp(
  async (app) => {
    const service = new NotificationService(() => app.orm.em.fork(), app.events, app.clock, {
      lowStockThreshold: (em) => new StoreSettingsService(em, app.config.lowStockThreshold).lowStockThreshold(),
      errorAlertThreshold: app.config.errorAlertThreshold,
    });
    app.decorate('notifications', service);
  },
  { name: 'notifications', dependencies: ['config', 'clock', 'orm', 'events'] },
);
