/** Events plugin: decorates `app.events`, the in-process domain event bus (modules/events). */
import fp from 'fastify-plugin';
import { EventBus } from '../modules/events/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(
  async (app) => {
    app.decorate('events', new EventBus((error, event) => app.log.error({ err: error, event: event.type }, 'domain event subscriber failed')));
  },
  { name: 'events' },
);
