/**
 * Storage plugin: decorates `app.storage` and serves bucket objects publicly at
 * `GET /storage/<bucket>/<key>` (immutable-ish: cached for a day).
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { LocalDiskStorage, ObjectStorage } from '../storage/object-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
  }
}

export default fp<{ storage: LocalDiskStorage }>(
  async (app, { storage }) => {
    app.decorate('storage', storage);
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '1d',
      setHeaders: (reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'),
    });
  },
  { name: 'storage' },
);
