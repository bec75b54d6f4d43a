/**
 * Platform routes: `GET /api/health` (200 when PostgreSQL answers, else 503 with `Retry-After`) and
 * `GET /api/remotes` (the remote registry the shell composes the store from).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, healthSchema, remoteRegistryQuerySchema, remoteRegistrySchema } from '@prata/contracts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../database/availability.ts';
import { RemoteRegistryService } from './remote-registry.ts';

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = new RemoteRegistryService(app.config.remoteOrigins, app.config.remoteRegistryFile, app.log);
  const startedAt = Date.now();

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const up = await app.orm.em
        .getConnection()
        .execute('select 1 as ok')
        .then(() => true)
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'health check: database unreachable');
          return false;
        });
      const body = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', uptimeMs: Date.now() - startedAt } as const;
      void reply.header('cache-control', 'no-store');
      if (!up) void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(up ? 200 : 503).send(body);
    },
  );

  app.get(
    '/api/remotes',
    { config: { access: 'public' }, schema: { querystring: remoteRegistryQuerySchema, response: { 200: remoteRegistrySchema, 400: apiErrorSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return registry.list();
    },
  );
};

export default platformRoutes;
