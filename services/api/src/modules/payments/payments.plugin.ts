/**
 * Payments plugin: decorates `app.payments` with the PaymentProvider chosen by `PAYMENT_PROVIDER`
 * (payment-provider.ts): the sandbox (local default) or Mercado Pago. The
 * sandbox delivers its signed webhooks to the store's own webhook route
 * (`POST /api/payments/webhook`), the same path a real acquirer's notifications take.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { MercadoPagoPaymentProvider } from './mercadopago-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

/** The store's webhook route for acquirer notifications. */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

export default fp(
  async (app) => {
    const { payment, publicUrl } = app.config;
    if (payment.provider === 'mercadopago' && payment.mercadoPago) {
      app.decorate(
        'payments',
        new MercadoPagoPaymentProvider({
          ...payment.mercadoPago,
          notificationUrl: `${publicUrl}${PAYMENT_WEBHOOK_PATH}`,
          timeoutMs: payment.timeoutMs,
          statementDescriptor: app.config.storeName.slice(0, 13),
          credits: payment.credits,
        }),
      );
      return;
    }
    const sandbox = new SandboxPaymentProvider({
      delayMs: payment.sandboxDelayMs,
      pixKey: payment.pixKey,
      merchantName: payment.merchantName,
      merchantCity: payment.merchantCity,
      webhookSecret: randomBytes(32).toString('hex'),
      em: () => app.orm.em.fork(),
      now: () => app.clock.now(),
      publicUrl,
      credits: payment.credits,
    });
    sandbox.deliver = async (webhook) => {
      const response = await app.inject({ method: 'POST', url: PAYMENT_WEBHOOK_PATH, query: webhook.query, headers: webhook.headers, payload: webhook.body });
      if (response.statusCode >= 300) throw new Error(`sandbox webhook answered ${response.statusCode}: ${response.body}`);
    };
    app.decorate('payments', sandbox);
  },
  { name: 'payments', dependencies: ['config', 'orm', 'clock'] },
);
