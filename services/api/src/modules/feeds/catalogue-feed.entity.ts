/**
 * `catalogue_feeds` (migration Migration20261203100000_catalogue_feeds): one row per catalogue
 * feed (`google-merchant`, `meta-catalogue`), the last document generated (feeds.service.ts) with
 * its strong ETag, when it was generated and a version counting the regenerations that changed it.
 * Every service process serves the stored document; only the `catalogue-feeds-regenerate` job (and
 * the first request or start when no row exists yet) writes it.
 */
import { defineEntity, p } from '@mikro-orm/core';

export const CatalogueFeedSchema = defineEntity({
  name: 'CatalogueFeed',
  tableName: 'catalogue_feeds',
  properties: {
    /** `google-merchant` or `meta-catalogue`. */
    kind: p.string().length(40).primary(),
    /** The whole document (RSS 2.0 XML or CSV), UTF-8 text. */
    body: p.text(),
    /** `"<sha1 of the body, base64url>"`. */
    etag: p.string().length(64),
    /** Items in the document. */
    itemCount: p.integer(),
    /** When this body was generated (its Last-Modified is when it last changed: `changedAt`). */
    generatedAt: p.datetime(),
    /** When the body last differed from the one before it. */
    changedAt: p.datetime(),
    /** 1 for the first document, plus one for each regeneration that changed the body. */
    version: p.integer(),
  },
});
export class CatalogueFeed extends CatalogueFeedSchema.class {}
CatalogueFeedSchema.setClass(CatalogueFeed);
