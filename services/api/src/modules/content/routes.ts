/**
 * Content routes (admin.md 3 and 7; storefront.md 2 policy pages and footer): public reads.
 * - `GET /api/content` every content section, ordered by section key
 * - `GET /api/content/:key` one section (404 'Conteúdo não encontrado')
 * - `GET /api/social-links` the links of each platform
 * Admin edits (admin.md 2 content and social tabs, 8):
 * - `PUT /api/admin/content/:key` `{ title, content }` (plain text, never HTML)
 * - `PUT /api/admin/social-links` `{ links: [{ platform, link1..link4 }] }`, http(s) URLs only
 * The default rows are inserted when missing once the service is ready, and the default texts the
 * owner has not edited follow the store's settings (store-rules.ts). What the store shows of
 * them is watched (src/events/shown-state-watch.ts): `ContentChanged` records which section (or
 * `social-links`) changed, from the panel or in SQL, for the shell's host to purge its pages.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_CHANGED,
  SOCIAL_LINKS_CONTENT_KEY,
  apiErrorSchema,
  contentSectionUpdateSchema,
  socialLinksUpdateSchema,
  contentSectionKeyParamsSchema,
  contentSectionListSchema,
  contentSectionSchema,
  socialLinksListSchema,
} from '@prata/contracts';
import { ShownStateWatch, shownSignature, STOREFRONT_CHANNEL } from '../../events/shown-state-watch.ts';
import { nameBasedUuid } from '../../lib/name-uuid.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { ContentService } from './content.service.ts';
import { currentStoreRules } from './store-rules.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ContentService(app.orm.em);

  // `ContentChanged` whenever a section or the social links change, from the panel or in SQL.
  const watch = new ShownStateWatch({
    namespace: 'content',
    em: () => app.orm.em,
    events: app.events,
    log: app.log,
    read: async (em) => {
      const reader = new ContentService(em);
      const [sections, links] = await Promise.all([reader.listSections(), reader.listSocialLinks()]);
      return new Map([
        ...sections.map((section) => [`content:${section.sectionKey}`, shownSignature([section.title, section.content])] as const),
        [`content:${SOCIAL_LINKS_CONTENT_KEY}`, shownSignature(links)] as const,
      ]);
    },
    record: (tx, changes) =>
      changes.map(({ key }) => {
        const sectionKey = key.slice('content:'.length);
        return app.events.record(tx, { type: CONTENT_CHANGED, aggregateId: nameBasedUuid('content', sectionKey), payload: { key: sectionKey } });
      }),
  });
  const stopListening = app.events.listen(STOREFRONT_CHANNEL, () => watch.poke());

  app.addHook('onReady', async () => {
    // The default texts state the store's rules as its settings and configuration have them now:
    // the missing rows are inserted, the ones the owner has not edited follow a change made while
    // the service was down (or of the configuration).
    const rules = await currentStoreRules(app);
    const inserted = await new ContentService(app.orm.em.fork()).ensureDefaults(rules);
    if (inserted > 0) app.log.info(`inserted ${inserted} default content rows`);
    const rewritten = await new ContentService(app.orm.em.fork()).followRules(rules);
    if (rewritten.length > 0) app.log.info({ sections: rewritten }, 'default content texts rewritten to the store settings');
    watch.poke();
  });
  app.addHook('onClose', async () => {
    stopListening();
    watch.close();
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

export default fp(contentRoutes, { name: 'content-routes', encapsulate: true });
