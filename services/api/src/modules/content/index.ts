/**
 * Content routes (admin.md 3 and 7; storefront.md 2 policy pages and footer): public reads.
 * - `GET /api/content` every content section, ordered by section key
 * - `GET /api/content/:key` one section (404 'Conteúdo não encontrado')
 * - `GET /api/social-links` the links of each platform
 * Admin edits (admin.md 2 content and social tabs, 8; issue 12):
 * - `PUT /api/admin/content/:key` `{ title, content }` (plain text, never HTML)
 * - `PUT /api/admin/social-links` `{ links: [{ platform, link1..link4 }] }`, http(s) URLs only
 * The default rows are inserted when missing once the service is ready.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  contentSectionUpdateSchema,
  socialLinksUpdateSchema,
  contentSectionKeyParamsSchema,
  contentSectionListSchema,
  contentSectionSchema,
  socialLinksListSchema,
} from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { ContentService } from './content.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ContentService(app.orm.em, app.events);

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

  app.put(
    '/api/admin/content/:key',
    {
      config: { access: 'admin' },
      schema: { params: contentSectionKeyParamsSchema, body: contentSectionUpdateSchema, response: { 200: contentSectionSchema, ...errors } },
    },
    async (request) => service.updateSection(requireAuth(request).userId, request.params.key, request.body, requestMeta(request)),
  );

  app.put(
    '/api/admin/social-links',
    { config: { access: 'admin' }, schema: { body: socialLinksUpdateSchema, response: { 200: socialLinksListSchema, ...errors } } },
    async (request) => service.saveSocialLinks(requireAuth(request).userId, request.body, requestMeta(request)),
  );
};

export default contentRoutes;

// The module's public face (issue 25): other modules and the app import these from here, never a
// file of this folder.
export { ContentSection, ContentSectionSchema, SocialLink, SocialLinkSchema } from './content.entities.ts';
