/**
 * Back-in-stock alerts ("Avise-me quando chegar"):
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
 * each active subscriber exactly once (subscribers.ts, jobs.ts, notify-subscribers.ts). An hourly
 * job deletes pending subscriptions whose confirmation link expired (7 days).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACK_IN_STOCK_CONFIRM_PATH,
  apiErrorSchema,
  backInStockConfirmResultSchema,
  backInStockSubscribeSchema,
  backInStockSubscriptionResultSchema,
  backInStockTokenQuerySchema,
  backInStockWaitingListSchema,
} from '@prata/contracts';
import { linkPage } from './link-page.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { service } = app.backInStock;
  const storeUrl = app.config.shellUrl;
  const em = () => app.orm.em;
  const limit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } };

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
      reply.header('cache-control', 'no-store').redirect(`${storeUrl}${BACK_IN_STOCK_CONFIRM_PATH}?token=${encodeURIComponent(request.query.token)}`, 303),
  );

  app.get(
    '/api/back-in-stock/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: backInStockTokenQuerySchema } },
    async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(linkPage(storeUrl, await service.unsubscribe(em(), request.query.token))),
  );

  app.get('/api/admin/back-in-stock', { config: { access: 'admin' }, schema: { response: { 200: backInStockWaitingListSchema, ...errors } } }, async () => service.waiting(em()));
};

export default fp(backInStockRoutes, { name: 'back-in-stock-routes', encapsulate: true, dependencies: ['back-in-stock'] });
