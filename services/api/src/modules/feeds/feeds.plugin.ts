/**
 * Feeds plugin: decorates `app.feeds`, the catalogue feeds' service (feeds.service.ts) built once
 * per app, shared by the routes and the background work (jobs.ts, subscribers.ts).
 */
import fp from 'fastify-plugin';
import { CatalogueFeeds } from './feeds.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    feeds: CatalogueFeeds;
  }
}

export default fp(
  async (app) => {
    const { packaging } = app.config.shipping;
    app.decorate(
      'feeds',
      new CatalogueFeeds(
        { storage: app.storage, clock: app.clock, storeUrl: app.config.shellUrl, storeName: app.config.storeName, packaging },
        () => app.orm.em.fork(),
      ),
    );
  },
  { name: 'feeds', dependencies: ['config', 'clock', 'orm', 'storage'] },
);
