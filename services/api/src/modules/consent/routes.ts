/**
 * Consent log route:
 * - `POST /api/consent` (public, rate-limited per IP like the other anonymous writes) `{ analytics,
 *   marketing }`: the cookie choice the shopper just made in the store's banner or its settings
 *   ('Preferências de cookies'), recorded with the service's time, a hash of the browser (its
 *   `prata_client` cookie when sent, else its address and user agent) and the account when signed
 *   in; 200 with the record. The browser keeps the choice itself in the `prata_consent` cookie
 *   (contracts/consent.ts); this is the store's proof of it (LGPD art. 8 §2).
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKey } from '@prata/contracts/address-key';
import { apiErrorSchema, consentRecordRequestSchema, consentRecordSchema } from '@prata/contracts';
import { recordConsent, subjectHash } from './consent.service.ts';

const CLIENT_COOKIE = 'prata_client';

const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } };

  app.post(
    '/api/consent',
    { config: { access: 'public', ...limit }, schema: { body: consentRecordRequestSchema, response: { 200: consentRecordSchema, 400: apiErrorSchema, 429: apiErrorSchema } } },
    async (request, reply) => {
      const subject = subjectHash({ clientId: request.cookies[CLIENT_COOKIE], address: addressKey(request.ip), userAgent: request.headers['user-agent'] });
      const record = await recordConsent(app.orm.em, { choice: request.body, subject, userId: request.auth?.userId ?? null, now: app.clock.now() });
      return reply.header('cache-control', 'no-store').send(record);
    },
  );
};

export default fp(consentRoutes, { name: 'consent-routes', encapsulate: true });
