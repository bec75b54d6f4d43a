/**
 * Content routes (admin.md 3 and 7; storefront.md 2 policy pages and footer): public reads.
 * - `GET /api/content` every content section, ordered by section key
 * - `GET /api/content/:key` one section (404 'Conteúdo não encontrado')
 * - `GET /api/social-links` the links of each platform
 * The default rows are inserted when missing once the service is ready.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  contentSectionKeyParamsSchema,
  contentSectionListSchema,
  contentSectionSchema,
  socialLinksListSchema,
} from '@prata/contracts';
import { ContentService } from './content.service.ts';

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ContentService(app.orm.em);

  app.addHook('onReady', async () => {
    const inserted = await new ContentService(app.orm.em.fork()).ensureDefaults();
    if (inserted > 0) app.log.info(`inserted ${inserted} default content rows`);
  });

  app.get(
    '/api/content',
    { config: { access: 'public' }, schema: { response: { 200: contentSectionListSchema } } },
    async () => service.listSections(),
  );

  app.get(
    '/api/content/:key',
    {
      config: { access: 'public' },
      schema: { params: contentSectionKeyParamsSchema, response: { 200: contentSectionSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (request) => service.getSection(request.params.key),
  );

  app.get(
    '/api/social-links',
    { config: { access: 'public' }, schema: { response: { 200: socialLinksListSchema } } },
    async () => service.listSocialLinks(),
  );
};

export default contentRoutes;
