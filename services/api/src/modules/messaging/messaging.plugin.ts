/**
 * Messaging plugin: decorates `app.messaging`, the one {@link OrderMessaging} of the app on the
 * WhatsApp Business Cloud API, or null with `MESSAGING_PROVIDER=off` (the default: then nothing is
 * requested or sent, its job and subscribers are not registered and the webhook answers 404).
 * The tracking links the messages carry are the orders module's (`app.orders.workflow`).
 */
import fp from 'fastify-plugin';
import { OrderMessaging } from './messaging.service.ts';
import { WhatsAppCloudProvider } from './whatsapp-cloud-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    messaging: OrderMessaging | null;
  }
}

export default fp(
  async (app) => {
    const settings = app.config.whatsapp;
    const service = settings
      ? new OrderMessaging({
          provider: new WhatsAppCloudProvider({ apiUrl: settings.apiUrl, phoneNumberId: settings.phoneNumberId, accessToken: settings.accessToken, timeoutMs: settings.timeoutMs }),
          clock: app.clock,
          trackingLink: (orderId) => app.orders.workflow.trackingLink(orderId),
        })
      : null;
    app.decorate('messaging', service);
  },
  { name: 'messaging', dependencies: ['config', 'clock', 'orm', 'orders'] },
);
