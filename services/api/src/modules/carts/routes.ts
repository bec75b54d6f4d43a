/**
 * Cart routes:
 * - `GET /api/cart`, `PUT /api/cart` `{ lines }` (customer): the signed-in shopper's cart on the
 *   server, priced by the catalogue (what the browser sends is only product, variant, quantity);
 * - `POST /api/cart/merge` `{ lines }` (customer): the browser's cart at sign-in, merged (the union);
 * - `PUT /api/cart/recovery-consent` `{ consent }` (customer): the opt-in to cart reminders;
 * - `POST /api/cart/recover` `{ token }` (public, rate-limited): the restore link's page loads the
 *   reminded cart's lines into any browser and counts the reminder as opened;
 * - `GET /api/cart/recovery/unsubscribe?token=` (public, rate-limited): a pt-BR HTML page that asks,
 *   changing nothing (mail scanners open links); its button POSTs the same URL, which turns the
 *   reminders off: `POST /api/cart/recovery/unsubscribe?token=`, also the RFC 8058 one-click;
 * The owner's figures are the reports module's `GET /api/admin/recovery`; the reminders' on/off and
 * delays are the settings module's `GET`/`PUT /api/admin/settings/recovery`.
 */
import formBody from '@fastify/formbody';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  cartRecoveredSchema,
  cartRecoveryConsentSchema,
  cartRecoveryTokenQuerySchema,
  cartRecoveryTokenSchema,
  cartSchema,
  cartUpdateSchema,
} from '@prata/contracts';
import { requireAuth } from '../../plugins/auth.ts';
import { unsubscribeFormPage, unsubscribeResultPage } from './link-page.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart, recovery } = app.carts;
  const em = () => app.orm.em;
  const storeUrl = app.config.shellUrl;
  const limit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/api/cart', { config: { access: 'customer' }, schema: { response: { 200: cartSchema, ...errors } } }, async (request, reply) =>
    noStore(reply).send(await cart.get(em(), requireAuth(request).userId)),
  );

  app.put('/api/cart', { config: { access: 'customer' }, schema: { body: cartUpdateSchema, response: { 200: cartSchema, ...errors } } }, async (request, reply) =>
    noStore(reply).send(await cart.replace(em(), requireAuth(request).userId, request.body)),
  );

  app.post('/api/cart/merge', { config: { access: 'customer' }, schema: { body: cartUpdateSchema, response: { 200: cartSchema, ...errors } } }, async (request, reply) =>
    noStore(reply).send(await cart.merge(em(), requireAuth(request).userId, request.body)),
  );

  app.put(
    '/api/cart/recovery-consent',
    { config: { access: 'customer' }, schema: { body: cartRecoveryConsentSchema, response: { 200: cartRecoveryConsentSchema, ...errors } } },
    async (request) => cart.setConsent(em(), requireAuth(request).userId, request.body),
  );

  app.post(
    '/api/cart/recover',
    { config: { access: 'public', ...limit }, schema: { body: cartRecoveryTokenSchema, response: { 200: cartRecoveredSchema, ...errors } } },
    async (request, reply) => noStore(reply).send(await recovery.recover(em(), request.body.token)),
  );

  await app.register(formBody);
  const html = (reply: FastifyReply) => noStore(reply).type('text/html; charset=utf-8');
  app.get(
    '/api/cart/recovery/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: cartRecoveryTokenQuerySchema } },
    async (request, reply) => {
      if ((await recovery.unsubscribeTarget(em(), request.query.token)) === 'invalid') return html(reply).send(unsubscribeResultPage(storeUrl, 'invalid'));
      const action = `/api/cart/recovery/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      // The API's policy refuses every form; this page's one form posts to this same URL.
      const policy = String(reply.getHeader('content-security-policy') ?? '').replace("form-action 'none'", "form-action 'self'");
      return html(reply).header('content-security-policy', policy).send(unsubscribeFormPage(storeUrl, action));
    },
  );
  app.post(
    '/api/cart/recovery/unsubscribe',
    { config: { access: 'public', ...limit }, schema: { querystring: cartRecoveryTokenQuerySchema } },
    async (request, reply) => html(reply).send(unsubscribeResultPage(storeUrl, await recovery.unsubscribe(em(), request.query.token))),
  );
};

export default fp(cartRoutes, { name: 'cart-routes', encapsulate: true, dependencies: ['carts'] });
