/**
 * The feeds module's public face: the catalogue feeds for shopping channels (Google Merchant
 * Center, Meta). The composition imports these from here; its routes are routes.ts.
 */
export { CatalogueFeed, CatalogueFeedSchema } from './catalogue-feed.entity.ts';
export { default as feedsPlugin } from './feeds.plugin.ts';
export type { CatalogueFeeds, StoredFeed } from './feeds.service.ts';
