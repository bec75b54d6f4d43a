/**
 * ORM plugin: decorates `app.orm` and gives every request its own EntityManager context
 * (MikroORM RequestContext), registered before any auth hook.
 */
import fp from 'fastify-plugin';
import { RequestContext, type MikroORM } from '@mikro-orm/postgresql';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
  }
}

export default fp<{ orm: MikroORM }>(
  async (app, { orm }) => {
    app.decorate('orm', orm);
    app.addHook('onRequest', (_request, _reply, done) => {
      RequestContext.create(orm.em, done);
    });
  },
  { name: 'orm' },
);
