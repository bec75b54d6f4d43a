/** The acquirer's configuration (never the sandbox in production). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/** Production settings other than the acquirer's (strong secrets, so only the payment rules are under test). */
const production = { NODE_ENV: 'production', SMTP_URL: 'smtps://loja:senha@smtp.exemplo.com.br:465', JWT_SECRET: 'k3Jd9Qx0vT2mW8pLr5Yc1Zs7Nb4Hf6Ga0Ue2Io9Pq3Ra', ENCRYPTION_KEY: 'Vb7Nm2Qw9Er4Ty6Ui1Op3As5Df8Gh0Jk2Lz4Xc6Cv8Bn1' };
const mercadoPago = { MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-1', MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters' };

describe('PAYMENT_PROVIDER', () => {
  it('defaults to the sandbox outside production', () => {
    expect(loadConfig({}).payment.provider).toBe('sandbox');
  });

  it('must be chosen in production, saying how', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: required in production\. Set PAYMENT_PROVIDER=mercadopago/);
  });

  it('refuses the sandbox in production (free "paid" orders, BR Codes to a default key)', () => {
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(/PAYMENT_PROVIDER: the sandbox acquirer is refused in production/);
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
  });

  it('needs the three Mercado Pago credentials', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: mercadoPago.MERCADOPAGO_ACCESS_TOKEN })).toThrow(
      'MERCADOPAGO_PUBLIC_KEY: required with PAYMENT_PROVIDER=mercadopago\nMERCADOPAGO_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=mercadopago',
    );
    const config = loadConfig({ ...production, PAYMENT_PROVIDER: 'mercadopago', ...mercadoPago });
    expect(config.payment.mercadoPago).toEqual({ accessToken: 'APP_USR-123456789', publicKey: 'APP_USR-public-1', webhookSecret: mercadoPago.MERCADOPAGO_WEBHOOK_SECRET, apiUrl: 'https://api.mercadopago.com', sdkUrl: 'https://sdk.mercadopago.com/js/v2' });
  });
});
