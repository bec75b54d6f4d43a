/**
 * Catalogue routes (storefront.md 7): public product reads.
 * - `GET /api/products?search&category` newest first
 * - `GET /api/products/featured` at most 8 featured, newest first
 * - `GET /api/products/:id`
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, productIdParamsSchema, productListQuerySchema, productListSchema, productSchema } from '@prata/contracts';
import { CatalogueService } from './catalogue.service.ts';

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new CatalogueService(app.orm.em, app.storage, app.clock);

  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: { querystring: productListQuerySchema, response: { 200: productListSchema, 400: apiErrorSchema } },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/products/featured',
    { config: { access: 'public' }, schema: { response: { 200: productListSchema } } },
    async () => service.featured(),
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'public' },
      schema: { params: productIdParamsSchema, response: { 200: productSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request) => service.get(request.params.id),
  );
};

export default catalogueRoutes;
