/**
 * Global search route (admin.md 2, 7):
 * - `GET /api/admin/search?q=` (admin): at least 2 characters (400 'Digite pelo menos 2
 *   caracteres'); up to 5 products, 3 orders and 3 users (`{ results: [{ id, type, title, subtitle }] }`).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, globalSearchQuerySchema, globalSearchResultSchema } from '@prata/contracts';
import { SearchService } from './search.service.ts';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new SearchService();
  app.get(
    '/api/admin/search',
    {
      config: { access: 'admin' },
      schema: { querystring: globalSearchQuerySchema, response: { 200: globalSearchResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async (request) => ({ results: await service.search(app.orm.em, request.query.q) }),
  );
};

export default fp(searchRoutes, { name: 'search-routes', encapsulate: true });
