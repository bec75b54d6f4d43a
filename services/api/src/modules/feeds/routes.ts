/**
 * Catalogue feed routes:
 * - `GET /feeds/google-merchant.xml` (public): Google Merchant Center's RSS 2.0 product feed;
 * - `GET /feeds/meta-catalogue.csv` (public): Meta's catalogue CSV;
 * - `GET /api/admin/catalogue-feeds` (admin): both feeds' absolute URLs (on `PUBLIC_API_URL`), when
 *   each was generated and how many items it lists, for the panel's 'Feeds de catálogo'.
 * The documents are the stored ones (feeds.service.ts): a request reads a row, with a strong ETag
 * (a matching `If-None-Match` gets 304, @fastify/etag), `Last-Modified` (when the body last changed)
 * and a short public cache; it rebuilds nothing, except before the very first generation.
 */
import etag from '@fastify/etag';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOGUE_FEED_PATHS, apiErrorSchema, catalogueFeedsSchema, type CatalogueFeedKind, type CatalogueFeeds } from '@prata/contracts';
import type { StoredFeed } from './feeds.service.ts';

/** Channels fetch a feed a few times a day; 15 minutes of shared caching costs them nothing. */
export const FEED_CACHE_CONTROL = 'public, max-age=900';
/** Fetches of one feed per address and minute. */
export const FEED_FETCHES_PER_MINUTE = 30;

const CONTENT_TYPES: Readonly<Record<CatalogueFeedKind, string>> = {
  googleMerchant: 'application/xml; charset=utf-8',
  metaCatalogue: 'text/csv; charset=utf-8',
};

/** Sends a stored feed as is, with its validators and caching headers. */
function sendFeed(reply: FastifyReply, kind: CatalogueFeedKind, feed: StoredFeed): FastifyReply {
  return reply
    .header('etag', feed.etag)
    .header('last-modified', feed.changedAt.toUTCString())
    .header('cache-control', FEED_CACHE_CONTROL)
    .type(CONTENT_TYPES[kind])
    .send(feed.body);
}

const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(etag);
  const limit = { rateLimit: { max: FEED_FETCHES_PER_MINUTE, timeWindow: 60_000 } };
  for (const kind of Object.keys(CATALOGUE_FEED_PATHS) as CatalogueFeedKind[]) {
    app.get(
      CATALOGUE_FEED_PATHS[kind],
      { config: { access: 'public', ...limit }, schema: { response: { 429: apiErrorSchema } } },
      async (_request, reply) => sendFeed(reply, kind, await app.feeds.serve(app.orm.em, kind)),
    );
  }

  app.get(
    '/api/admin/catalogue-feeds',
    { config: { access: 'admin' }, schema: { response: { 200: catalogueFeedsSchema, 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (): Promise<CatalogueFeeds> => {
      const generated = await app.feeds.summaries(app.orm.em);
      return {
        feeds: (Object.keys(CATALOGUE_FEED_PATHS) as CatalogueFeedKind[]).map((kind) => ({
          kind,
          url: `${app.config.publicUrl}${CATALOGUE_FEED_PATHS[kind]}`,
          generatedAt: generated.get(kind)?.generatedAt.toISOString() ?? null,
          items: generated.get(kind)?.itemCount ?? null,
        })),
      };
    },
  );
};

export default fp(feedRoutes, { name: 'feeds-routes', encapsulate: true, dependencies: ['feeds'] });
