/**
 * Back-in-stock alerts (issue 22, "Avise-me quando chegar"):
 * - `POST /api/back-in-stock` (public, rate-limited per IP): subscribe to a sold-out product or
 *   variant; signed in: active at once; anonymous: e-mail + confirmation link (double opt-in).
 *   An anonymous address gets at most one pending confirmation per product and
 *   `BACK_IN_STOCK_CONFIRMATIONS_PER_DAY` confirmation e-mails a day (security review 2026-11-29 #5).
 * - `POST /api/back-in-stock/confirm {token}` (public, rate-limited): the store's confirmation page
 *   (`BACK_IN_STOCK_CONFIRM_PATH`, where the e-mailed link leads) confirms with it; 200
 *   `{ outcome, productName?, productSlug? }`. `GET /api/back-in-stock/confirm?token=` (links
 *   e-mailed before confirmations moved to the store) confirms nothing: 303 to that page, so a
 *   mail scanner following a link never confirms.
 * - `GET /api/back-in-stock/unsubscribe?token=` (public, rate-limited): the notification's link,
 *   answered with a small pt-BR HTML page.
 * - `GET /api/admin/back-in-stock` (admin): how many are waiting per product and variant.
 * When `StockReplenished` is dispatched (once per cluster, after commit), a job
 * `back-in-stock-notify` is enqueued under an id derived from the event, and its handler e-mails
 * each active subscriber exactly once (notify-subscribers.ts). An hourly job deletes pending
 * subscriptions whose confirmation link expired (7 days).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACK_IN_STOCK_CONFIRM_PATH,
  STOCK_REPLENISHED,
  apiErrorSchema,
  backInStockConfirmResultSchema,
  backInStockSubscribeSchema,
  backInStockSubscriptionResultSchema,
  backInStockTokenQuerySchema,
  backInStockWaitingListSchema,
} from '@prata/contracts';
import { stableJobId } from '../../jobs/job-runner.ts';
import { BackInStockService } from './back-in-stock.service.ts';
import { linkPage } from './link-page.ts';
import { notifySubscribers } from './notify-subscribers.ts';
import { productStockLookup, type StockLookup } from './stock-lookup.ts';

/** The job queue's name for e-mailing an item's subscribers. */
export const BACK_IN_STOCK_JOB = 'back-in-stock-notify';

interface NotifyJobData {
  productId: string;
  variantId: string | null;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/** Options: where stock is read (default: products only; the variants change passes a variant-aware lookup). */
export interface BackInStockOptions {
  lookup?: StockLookup;
}

const backInStockRoutes: FastifyPluginAsyncZod<BackInStockOptions> = async (app, options) => {
  const lookup = options.lookup ?? productStockLookup;
  const urls = { apiUrl: app.config.publicUrl, storeUrl: app.config.shellUrl };
  const enqueue = (data: NotifyJobData, key: string) => app.jobs.send(BACK_IN_STOCK_JOB, data, { id: stableJobId(`${BACK_IN_STOCK_JOB}:${key}`) });
  const service = new BackInStockService({
    lookup,
    mailer: app.mailer,
    clock: app.clock,
    ...urls,
    confirmationsPerDay: app.config.backInStockConfirmationsPerDay,
    onConfirmedInStock: (productId, variantId) => enqueue({ productId, variantId }, `confirmed:${productId}:${variantId}:${app.clock.now().getTime()}`),
  });
  const em = () => app.orm.em;
  const limit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } };

  app.jobs.define<NotifyJobData>({
    name: BACK_IN_STOCK_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    handler: async ({ productId, variantId }) => {
      const sent = await notifySubscribers({ lookup, mailer: app.mailer, clock: app.clock, ...urls }, app.orm.em.fork(), productId, variantId);
      if (sent > 0) app.log.info({ productId, variantId, sent }, 'back-in-stock e-mails sent');
    },
  });
  // Unconfirmed e-mails are not kept past their link's validity (7 days).
  app.jobs.every({ name: 'back-in-stock-expire-pending', everyMs: 60 * 60 * 1000, run: () => service.dropExpiredPending(app.orm.em.fork()) });
  const unsubscribe = app.events.subscribe(
    STOCK_REPLENISHED,
    (event) => enqueue({ productId: event.payload.productId, variantId: event.payload.variantId }, `event:${event.position}`),
    'back-in-stock-enqueue',
  );
  app.addHook('onClose', async () => unsubscribe());

  app.post(
    '/api/back-in-stock',
    { config: { access: 'public', ...limit }, schema: { body: backInStockSubscribeSchema, response: { 200: backInStockSubscriptionResultSchema, ...errors } } },
    async (request) => service.subscribe(em(), request.auth?.userId ?? null, request.body),
  );

  app.post(
    '/api/back-in-stock/confirm',
    { config: { access: 'public', ...limit }, schema: { body: backInStockTokenQuerySchema, response: { 200: backInStockConfirmResultSchema, ...errors } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.confirm(em(), request.body.token)),
  );

  // Links e-mailed before the confirmation moved to the store's page: a GET changes nothing.
  app.get(
    '/api/back-in-stock/confirm',
    { config: { access: 'public', ...limit }, schema: { querystring: backInStockTokenQuerySchema } },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').redirect(`${urls.storeUrl}${BACK_IN_STOCK_CONFIRM_PATH}?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/api/back-in-stock/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: backInStockTokenQuerySchema } },
    async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(linkPage(urls.storeUrl, await service.unsubscribe(em(), request.query.token))),
  );

  app.get('/api/admin/back-in-stock', { config: { access: 'admin' }, schema: { response: { 200: backInStockWaitingListSchema, ...errors } } }, async () => service.waiting(em()));
};

export default backInStockRoutes;

// The module's public face: other modules and the app import these from here, never a file of this folder.
export { StockSubscription, StockSubscriptionSchema } from './stock-subscription.entity.ts';
export { productStockLookup, type StockLookup, type StockedItem } from './stock-lookup.ts';
