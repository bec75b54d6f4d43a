/**
 * Payment routes:
 * - `GET /api/payments/config` (`public`): provider, test mode, public key and card-token URL for the browser;
 * - `POST /api/payments/sandbox/card-tokens` (`customer`): the sandbox acquirer's card
 *   tokenisation (404 with a real acquirer: card numbers never reach the service there);
 * - `GET /api/payments/sandbox/credits/:id` and `POST .../approve` (`public`): the sandbox's page
 *   playing Mercado Pago's Linha de Crédito checkout (404 with a real acquirer): approving pays the
 *   payment, which the sandbox announces by its signed webhook, and goes back to the order's page;
 * - `POST /api/payments/webhook` (`public`): the acquirer's signed notifications: 401 on a bad
 *   signature, 503 while the acquirer cannot be asked for the payment (it retries), else 200
 *   `{ received, outcome }`. What a notification does to its order is the orders module's rule,
 *   lent by the composition as `handleWebhook` (this module knows no order).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, cardTokenRequestSchema, cardTokenSchema, paymentConfigSchema } from '@prata/contracts';
import { sandboxCreditsRoutes } from './sandbox-credits-page.ts';
import { NotFoundError, UnauthorizedError } from '../../errors.ts';
import { PaymentProviderUnavailableError, WebhookSignatureError, supportsCreditsCheckout, type WebhookRequest } from './payment-provider.ts';
import { PAYMENT_WEBHOOK_PATH } from './payments.plugin.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

export interface PaymentRoutesOptions {
  /**
   * Applies one webhook request to the store's orders and names what it did (an outcome such as
   * 'paid', 'duplicate', 'ignored'). @throws WebhookSignatureError (answered 401),
   * PaymentProviderUnavailableError (answered 503).
   */
  handleWebhook(em: EntityManager, request: WebhookRequest): Promise<string>;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 402: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, 503: apiErrorSchema };

const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { handleWebhook }) => {
  app.get('/api/payments/config', { config: { access: 'public' }, schema: { response: { 200: paymentConfigSchema } } }, async () => ({
    provider: app.payments.name,
    testMode: app.payments.testMode,
    publicKey: app.payments.publicKey,
    sdkUrl: app.payments.sdkUrl,
    cardTokenUrl: app.payments.cardTokenUrl(app.config.publicUrl),
    simulation: app.payments instanceof SandboxPaymentProvider,
    credits: supportsCreditsCheckout(app.payments),
  }));

  await app.register(sandboxCreditsRoutes);

  app.post('/api/payments/sandbox/card-tokens', {
    config: { access: 'customer', rateLimit: { max: 30, timeWindow: 60_000 } },
    schema: { body: cardTokenRequestSchema, response: { 201: cardTokenSchema, ...errors } },
  }, async (request, reply) => {
    if (!(app.payments instanceof SandboxPaymentProvider)) throw new NotFoundError('Recurso não encontrado');
    return reply.code(201).send(app.payments.tokenizeCard(request.body, app.clock.now()));
  });

  app.post(PAYMENT_WEBHOOK_PATH, {
    config: { access: 'public' },
    schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown(), response: { 200: z.object({ received: z.literal(true), outcome: z.string() }), ...errors } },
  }, async (request, reply) => {
    try {
      const outcome = await handleWebhook(app.orm.em, { headers: request.headers, query: request.query, body: request.body });
      return { received: true as const, outcome };
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new UnauthorizedError('Assinatura do webhook inválida', 'invalid_signature');
      if (error instanceof PaymentProviderUnavailableError) {
        request.log.warn({ err: error }, 'payment webhook: acquirer unavailable, it will retry');
        return reply.code(503).send({ error: 'payment_provider_unavailable', message: 'Operadora de pagamento indisponível; tente novamente.' });
      }
      throw error;
    }
  });
};

export default paymentRoutes;
