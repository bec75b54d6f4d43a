/**
 * Back-in-stock plugin: decorates `app.backInStock`, the module's services built once per app: the
 * subscription service (the routes) and the e-mailing of an item's subscribers (the
 * `back-in-stock-notify` job, jobs.ts), both reading stock through one lookup.
 */
import fp from 'fastify-plugin';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BackInStockService } from './back-in-stock.service.ts';
import { enqueueBackInStock } from './jobs.ts';
import { notifySubscribers } from './notify-subscribers.ts';
import { productStockLookup, type StockLookup } from './stock-lookup.ts';

/** Options: where stock is read (default: products only; the variants change passes a variant-aware lookup). */
export interface BackInStockOptions {
  lookup?: StockLookup;
}

export interface BackInStock {
  service: BackInStockService;
  /** E-mails each active subscriber of the item once (notify-subscribers.ts); returns how many were sent. */
  notify(em: EntityManager, productId: string, variantId: string | null): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    backInStock: BackInStock;
  }
}

export default fp<BackInStockOptions>(
  async (app, options) => {
    const lookup = options.lookup ?? productStockLookup;
    const urls = { apiUrl: app.config.publicUrl, storeUrl: app.config.shellUrl };
    const service = new BackInStockService({
      lookup,
      mailer: app.mailer,
      clock: app.clock,
      ...urls,
      confirmationsPerDay: app.config.backInStockConfirmationsPerDay,
      onConfirmedInStock: (productId, variantId) => enqueueBackInStock(app, { productId, variantId }, `confirmed:${productId}:${variantId}:${app.clock.now().getTime()}`),
    });
    const notify = (em: EntityManager, productId: string, variantId: string | null) =>
      notifySubscribers({ lookup, mailer: app.mailer, clock: app.clock, ...urls }, em, productId, variantId);
    app.decorate('backInStock', { service, notify });
  },
  { name: 'back-in-stock', dependencies: ['config', 'clock', 'mail', 'jobs'] },
);
