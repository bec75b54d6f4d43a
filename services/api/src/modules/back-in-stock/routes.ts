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
 *   answered with a small pt-BR HTML page that asks, changing nothing (mail scanners open links);
 *   its button POSTs the same URL, which cancels: `POST /api/back-in-stock/unsubscribe?token=`, also
 *   the one-click unsubscribe of RFC 8058 (the mail's `List-Unsubscribe` and
 *   `List-Unsubscribe-Post` headers), with a form-encoded body (@fastify/formbody).
 * - `GET /api/admin/back-in-stock` (admin): how many are waiting per product and variant.
 * When `StockReplenished` is dispatched (once per cluster, after commit), a job
 * `back-in-stock-notify` is enqueued under an id derived from the event, and its handler e-mails
 * each active subscriber exactly once (subscribers.ts, jobs.ts, notify-subscribers.ts). An hourly
 * job deletes pending subscriptions whose confirmation link expired (7 days).
 */
import formBody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
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
import { linkPage, unsubscribeFormPage } from './link-page.ts';

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

  await app.register(formBody);
  const html = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
  app.get(
    '/api/back-in-stock/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: backInStockTokenQuerySchema } },
    async (request, reply) => {
      const target = await service.unsubscribeTarget(em(), request.query.token);
      if (target.outcome === 'invalid') return html(reply).send(linkPage(storeUrl, target));
      const action = `/api/back-in-stock/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      // The API's policy refuses every form; this page's one form posts to this same URL.
      const policy = String(reply.getHeader('content-security-policy') ?? '').replace("form-action 'none'", "form-action 'self'");
      return html(reply).header('content-security-policy', policy).send(unsubscribeFormPage(storeUrl, action, target));
    },
  );
  app.post(
    '/api/back-in-stock/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: backInStockTokenQuerySchema } },
    async (request, reply) => html(reply).send(linkPage(storeUrl, await service.unsubscribe(em(), request.query.token))),
  );

  app.get('/api/admin/back-in-stock', { config: { access: 'admin' }, schema: { response: { 200: backInStockWaitingListSchema, ...errors } } }, async () => service.waiting(em()));
};

export default fp(backInStockRoutes, { name: 'back-in-stock-routes', encapsulate: true, dependencies: ['back-in-stock'] });
