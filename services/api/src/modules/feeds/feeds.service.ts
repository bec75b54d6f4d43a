/**
 * The catalogue feeds' documents: generated from the public catalogue (feed-items.ts), rendered for
 * Google Merchant Center (google-merchant.ts) and Meta (meta-catalogue.ts), and stored in
 * `catalogue_feeds` (catalogue-feed.entity.ts) so that every service process serves the same
 * document and a request never rebuilds it. The `catalogue-feeds-regenerate` job rebuilds them
 * after the domain events that change what they list (subscribers.ts, debounced); a request finds
 * a document except before the very first generation, which it then makes (shared by the concurrent
 * requests of its process).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CatalogueFeedKind } from '@prata/contracts';
import { CatalogueService, Product } from '../catalogue/index.ts';
import { freightTablePricer, type PackagingRules } from '../shipping/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { coalesce } from '../../lib/coalesce.ts';
import type { ObjectStorage } from '../../storage/object-storage.ts';
import { CatalogueFeed } from './catalogue-feed.entity.ts';
import { feedItems, type FeedItem } from './feed-items.ts';
import { googleMerchantFeed } from './google-merchant.ts';
import { metaCatalogueFeed } from './meta-catalogue.ts';

/** The stored row's key of each feed. */
export const FEED_ROW_KIND: Readonly<Record<CatalogueFeedKind, string>> = { googleMerchant: 'google-merchant', metaCatalogue: 'meta-catalogue' };

/** A stored feed document as the routes serve it. */
export interface StoredFeed {
  body: string;
  /** Strong ETag, quoted. */
  etag: string;
  itemCount: number;
  generatedAt: Date;
  /** When the body last changed: the Last-Modified. */
  changedAt: Date;
  version: number;
}

export interface CatalogueFeedsOptions {
  storage: ObjectStorage;
  clock: Clock;
  /** The store's public origin (`SHELL_URL`): product pages' links. */
  storeUrl: string;
  storeName: string;
  packaging: Pick<PackagingRules, 'packagingGrams' | 'defaultItemGrams'>;
}

const UPSERT = `insert into catalogue_feeds (kind, body, etag, item_count, generated_at, changed_at, version) values (?, ?, ?, ?, ?, ?, 1)
  on conflict (kind) do update set body = excluded.body, etag = excluded.etag, item_count = excluded.item_count, generated_at = excluded.generated_at,
    changed_at = case when catalogue_feeds.etag = excluded.etag then catalogue_feeds.changed_at else excluded.changed_at end,
    version = case when catalogue_feeds.etag = excluded.etag then catalogue_feeds.version else catalogue_feeds.version + 1 end`;

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url')}"`;

export class CatalogueFeeds {
  private readonly options: CatalogueFeedsOptions;
  private readonly firstGeneration: () => Promise<void>;

  constructor(options: CatalogueFeedsOptions, em: () => EntityManager) {
    this.options = options;
    this.firstGeneration = coalesce(() => this.regenerate(em()).then(() => undefined));
  }

  /** The items the feeds list now, read on `em` (the public catalogue, one item per variant). */
  async items(em: EntityManager): Promise<FeedItem[]> {
    const products = await new CatalogueService(em, this.options.storage, this.options.clock).list({});
    const rows = products.length > 0 ? await em.find(Product, { id: { $in: products.map((product) => product.id) } }, { fields: ['id', 'weightGrams'] }) : [];
    return feedItems({
      products,
      storeUrl: this.options.storeUrl,
      weights: new Map(rows.map((row) => [row.id, row.weightGrams ?? null])),
      packaging: this.options.packaging,
      freight: await freightTablePricer(em),
    });
  }

  /**
   * Rebuilds both documents from the catalogue and stores them (the version grows only when a body
   * changed). Idempotent: a second run on an unchanged catalogue stores the same bodies. Returns
   * the number of items.
   */
  async regenerate(em: EntityManager): Promise<number> {
    const items = await this.items(em);
    const { storeUrl, storeName } = this.options;
    const bodies: Record<CatalogueFeedKind, string> = {
      googleMerchant: googleMerchantFeed(items, { title: storeName, link: storeUrl, description: `Catálogo de ${storeName}: joias de prata 925.` }),
      metaCatalogue: metaCatalogueFeed(items),
    };
    const now = this.options.clock.now();
    await em.transactional(async (tx) => {
      for (const [kind, body] of Object.entries(bodies) as [CatalogueFeedKind, string][]) {
        await tx.getConnection().execute(UPSERT, [FEED_ROW_KIND[kind], body, etagOf(body), items.length, now, now], 'run', tx.getTransactionContext());
      }
    });
    return items.length;
  }

  /** The stored document of `kind`, or null before the first generation. */
  async read(em: EntityManager, kind: CatalogueFeedKind): Promise<StoredFeed | null> {
    const row = await em.fork().findOne(CatalogueFeed, { kind: FEED_ROW_KIND[kind] });
    return row ? { body: row.body, etag: row.etag, itemCount: row.itemCount, generatedAt: row.generatedAt, changedAt: row.changedAt, version: row.version } : null;
  }

  /** When each stored feed was generated and its items (without the bodies), by kind. */
  async summaries(em: EntityManager): Promise<Map<CatalogueFeedKind, Pick<StoredFeed, 'itemCount' | 'generatedAt'>>> {
    const rows = await em.fork().find(CatalogueFeed, {}, { fields: ['kind', 'itemCount', 'generatedAt'] });
    const kinds = Object.keys(FEED_ROW_KIND) as CatalogueFeedKind[];
    return new Map(kinds.flatMap((kind) => rows.filter((row) => row.kind === FEED_ROW_KIND[kind]).map((row) => [kind, { itemCount: row.itemCount, generatedAt: row.generatedAt }] as const)));
  }

  /** The stored document of `kind`, generating both first when none was ever generated. */
  async serve(em: EntityManager, kind: CatalogueFeedKind): Promise<StoredFeed> {
    const stored = await this.read(em, kind);
    if (stored) return stored;
    await this.firstGeneration();
    const made = await this.read(em, kind);
    if (!made) throw new Error(`catalogue feed ${kind} was not stored`);
    return made;
  }

  /** Whether any feed was ever generated (only then do changes schedule a rebuild: the first request makes a fresh one). */
  async generated(em: EntityManager): Promise<boolean> {
    const rows = await em.getConnection().execute<{ one: number }[]>('select 1 as one from catalogue_feeds limit 1');
    return rows.length > 0;
  }
}
