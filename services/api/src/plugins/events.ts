/**
 * Events plugin: decorates `app.events`, the domain event bus with its outbox relay
 * (events/event-bus.ts). The listening connection opens when the app is ready and closes
 * with it.
 */
import fp from 'fastify-plugin';
import { EventBus } from '../events/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(
  async (app) => {
    const bus = new EventBus(app.orm, app.log);
    app.decorate('events', bus);
    app.addHook('onReady', () => bus.start());
    app.addHook('onClose', () => bus.stop());
  },
  { name: 'events', dependencies: ['orm'] },
);
