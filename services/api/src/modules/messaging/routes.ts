/**
 * Messaging routes:
 *
 * Meta (`public`, the WhatsApp app's webhook, field `messages`; 404 with `MESSAGING_PROVIDER=off`):
 * - `GET /api/messaging/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...`:
 *   the subscription's verification: the challenge as text when the token is `WHATSAPP_VERIFY_TOKEN`,
 *   403 otherwise;
 * - `POST /api/messaging/whatsapp/webhook`: delivery statuses; the raw body is checked against
 *   `X-Hub-Signature-256` (HMAC-SHA256 with `WHATSAPP_APP_SECRET`; 401 without or with a wrong
 *   one), then validated (400 for a body that is not a webhook); 200 `{ received, updated }`.
 *   Replays are harmless: a status never moves a message back.
 *
 * Staff (`admin`):
 * - `GET /api/admin/orders/:id/messages`: whether WhatsApp is on, whether the shopper opted in,
 *   and the order's messages with their statuses (404 for an unknown order).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { adminOrderMessagesSchema, apiErrorSchema } from '@prata/contracts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { orderMessagesForStaff } from './messaging.service.ts';
import { verifyWhatsAppSignature, whatsappStatuses, whatsappWebhookSchema } from './whatsapp-cloud-provider.ts';

/** The WhatsApp webhook's route (the callback URL set in the Meta app). */
export const WHATSAPP_WEBHOOK_PATH = '/api/messaging/whatsapp/webhook';
/** Largest webhook body accepted, bytes. */
const WEBHOOK_MAX_BYTES = 256 * 1024;
/** Webhook calls per minute and address (Meta batches statuses; this only stops a flood). */
const WEBHOOK_PER_MINUTE = 600;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });
const verificationQuery = z.object({
  'hub.mode': z.string().max(40).optional(),
  'hub.verify_token': z.string().max(200).optional(),
  'hub.challenge': z.string().max(200).optional(),
});

const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.whatsapp;
  const notConfigured = () => new NotFoundError('WhatsApp não está configurado nesta loja');

  app.get(
    '/api/admin/orders/:id/messages',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderMessagesSchema, ...errors } } },
    async (request) => {
      const view = await orderMessagesForStaff(app.orm.em, request.params.id);
      if (!view) throw new NotFoundError('Pedido não encontrado');
      return { enabled: app.messaging !== null, ...view };
    },
  );

  app.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      config: { access: 'public', rateLimit: { max: WEBHOOK_PER_MINUTE, timeWindow: 60_000 } },
      schema: { querystring: verificationQuery, response: { 200: z.string().describe('The hub.challenge, as text'), ...errors } },
    },
    async (request, reply) => {
      if (!settings) throw notConfigured();
      const query = request.query;
      const challenge = query['hub.challenge'];
      if (query['hub.mode'] !== 'subscribe' || !challenge || !sameToken(query['hub.verify_token'], settings.verifyToken)) throw new ForbiddenError('Token de verificação inválido', 'invalid_verify_token');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // The webhook is signed over its raw body: its own scope keeps JSON bodies as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      WHATSAPP_WEBHOOK_PATH,
      {
        config: { access: 'public', rateLimit: { max: WEBHOOK_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          headers: z.object({ 'x-hub-signature-256': z.string().max(200).optional() }),
          body: z.string().describe('The raw JSON notification: { object, entry: [{ changes: [{ value: { statuses: [{ id, status, timestamp, recipient_id, errors }] } }] }] }'),
          response: { 200: z.object({ received: z.literal(true), updated: z.number().int() }), ...errors },
        },
      },
      async (request) => {
        if (!settings || !app.messaging) throw notConfigured();
        if (!verifyWhatsAppSignature(settings.appSecret, request.body, request.headers['x-hub-signature-256'])) throw new UnauthorizedError('Assinatura do webhook inválida', 'invalid_signature');
        let json: unknown;
        try {
          json = JSON.parse(request.body);
        } catch {
          json = null;
        }
        const parsed = whatsappWebhookSchema.safeParse(json);
        if (!parsed.success) throw new ValidationError('Notificação inválida');
        const updated = await app.messaging.applyStatuses(app.orm.em.fork(), whatsappStatuses(parsed.data));
        return { received: true as const, updated };
      },
    );
  });
};

/** Whether `given` is the verify token (constant time over their SHA-256, so lengths leak nothing). */
function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export default fp(messagingRoutes, { name: 'messaging-routes', encapsulate: true, dependencies: ['messaging'] });
