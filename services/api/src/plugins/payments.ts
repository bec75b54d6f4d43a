/** Payments plugin: decorates `app.payments` with the PaymentProvider chosen by `PAYMENT_PROVIDER`. */
import fp from 'fastify-plugin';
import { SandboxPaymentProvider, type PaymentProvider } from '../modules/orders/payment-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export default fp(
  async (app) => {
    const { payment } = app.config;
    app.decorate(
      'payments',
      new SandboxPaymentProvider({ delayMs: payment.sandboxDelayMs, pixKey: payment.pixKey, merchantName: payment.merchantName, merchantCity: payment.merchantCity }),
    );
  },
  { name: 'payments', dependencies: ['config'] },
);
