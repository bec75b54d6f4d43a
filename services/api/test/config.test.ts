/** Configuration parsing (env variables validated once at start). */
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.ts';

describe('loadConfig', () => {
  it('has working defaults: embedded database, documented ports, CORS for the store origins', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.embeddedPgPort).not.toBe(5432);
    expect(config.embeddedPgDurable).toBe(true);
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.shellUrl).toBe('http://127.0.0.1:8080');
    expect(config.corsOrigins).toEqual(
      expect.arrayContaining(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://127.0.0.1:3001', 'http://127.0.0.1:3004']),
    );
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.storageRoot.endsWith('.data/storage')).toBe(true);
  });

  it('runs the embedded PostgreSQL without flushing to disk only when EMBEDDED_PG_DURABLE=false', () => {
    expect(loadConfig({ EMBEDDED_PG_DURABLE: 'false' }).embeddedPgDurable).toBe(false);
    expect(loadConfig({ EMBEDDED_PG_DURABLE: 'true' }).embeddedPgDurable).toBe(true);
    expect(() => loadConfig({ EMBEDDED_PG_DURABLE: 'no' })).toThrow(/EMBEDDED_PG_DURABLE/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', API_PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('follows PORT and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/x', API_PORT: '4000' });
    expect(config.shellUrl).toBe('http://127.0.0.1:9090');
    expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/x');
    expect(config.publicUrl).toBe('http://127.0.0.1:4000');
  });

  it('stores images on the local disk by default, or in the S3 bucket STORAGE=s3 names', () => {
    expect(loadConfig({}).objectStorage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('STORAGE_S3_BUCKET: required with STORAGE=s3');
    expect(() => loadConfig({ STORAGE: 's3', STORAGE_S3_BUCKET: 'loja', STORAGE_S3_PREFIX: 'imagens' })).toThrow('STORAGE_S3_PREFIX must be empty or end with /');
    expect(loadConfig({ STORAGE: 's3', STORAGE_S3_BUCKET: 'loja', STORAGE_S3_ENDPOINT: 'http://minio:9000', STORAGE_S3_FORCE_PATH_STYLE: 'true' }).objectStorage).toEqual({
      driver: 's3',
      bucket: 'loja',
      prefix: '',
      client: { endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true },
    });
  });

  it('lists every invalid variable', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://x', API_PORT: 'abc', JWT_SECRET: 'short' });
    expect(attempt).toThrow('DATABASE_URL: DATABASE_URL must be a postgres:// URL');
    expect(attempt).toThrow(/API_PORT: /);
    expect(attempt).toThrow('JWT_SECRET: JWT_SECRET must have at least 32 characters');
  });

  it('trusts no proxy unless TRUST_PROXY says how many or which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 172.16.0.0/12,::1,loopback')).toEqual(['10.0.0.0/8', '172.16.0.0/12', '::1', 'loopback']);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.local', '1.2.3']) expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY: give the number of reverse proxies/);
  });

  it('refuses weak secrets in production, saying how to generate one', () => {
    const strong = { JWT_SECRET: 'p1Xw7Qb3-Nf8Zr2Lk9_Vd4Hs6Jm0Tc5Yg1Ae7Uo3', ENCRYPTION_KEY: 'Rt6Gy2Wq9Lm4Zx8Cv1Bn5Hj3Kp7Sd0Fa6Eu2Io9' };
    const mercadoPago = { PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-1', MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters' };
    const smtp = { SMTP_URL: 'smtps://loja:senha@smtp.exemplo.com.br:465' };
    expect(loadConfig({ NODE_ENV: 'production', ...mercadoPago, ...smtp, ...strong }).jwtSecret).toBe(strong.JWT_SECRET);
    // No local mail mode in production, unless mail is explicitly disabled.
    expect(() => loadConfig({ NODE_ENV: 'production', ...mercadoPago, ...strong })).toThrow(/SMTP_URL: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ...mercadoPago, ...strong, MAIL_DISABLED: 'true' })).toMatchObject({ mailDisabled: true, production: true, smtpUrl: undefined });
    // Demo staff (passwords in the log, no 2FA) never run in production.
    expect(() => loadConfig({ NODE_ENV: 'production', ...mercadoPago, ...smtp, ...strong, DEMO_ACCOUNTS: 'true' })).toThrow(/DEMO_ACCOUNTS: refused in production/);
    const refusals: [Record<string, string>, string][] = [
      [{}, 'JWT_SECRET is not set'],
      [{ ENCRYPTION_KEY: strong.ENCRYPTION_KEY }, 'JWT_SECRET is not set'],
      [{ JWT_SECRET: 'change-me-to-a-long-random-secret-value', ENCRYPTION_KEY: strong.ENCRYPTION_KEY }, 'JWT_SECRET is a well-known or guessable value'],
      [{ JWT_SECRET: strong.JWT_SECRET, ENCRYPTION_KEY: 'a'.repeat(40) }, 'ENCRYPTION_KEY is a well-known or guessable value'],
      [{ JWT_SECRET: 'my-super-secret-jwt-key-for-the-store-2026', ENCRYPTION_KEY: strong.ENCRYPTION_KEY }, 'JWT_SECRET is a well-known or guessable value'],
      [{ JWT_SECRET: strong.JWT_SECRET, ENCRYPTION_KEY: strong.JWT_SECRET }, 'JWT_SECRET and ENCRYPTION_KEY must differ'],
    ];
    for (const [env, message] of refusals) {
      const attempt = () => loadConfig({ NODE_ENV: 'production', ...env });
      expect(attempt, message).toThrow(message);
      expect(attempt).toThrow('openssl rand -base64 48');
    }
    // Outside production the local store keeps working without secrets (generated ones).
    expect(loadConfig({}).jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses the sandbox carrier in production, like the sandbox acquirer (security review 2026-11-29 #11)', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p1Xw7Qb3-Nf8Zr2Lk9_Vd4Hs6Jm0Tc5Yg1Ae7Uo3',
      ENCRYPTION_KEY: 'Rt6Gy2Wq9Lm4Zx8Cv1Bn5Hj3Kp7Sd0Fa6Eu2Io9',
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-1',
      MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
      SMTP_URL: 'smtps://loja:senha@smtp.exemplo.com.br:465',
    };
    const attempt = () => loadConfig({ ...production, CARRIER: 'sandbox' });
    expect(attempt).toThrow(/CARRIER: the sandbox is refused in production/);
    expect(attempt).toThrow('CARRIER=melhorenvio with MELHOR_ENVIO_TOKEN, or CARRIER=table');
    // The real carrier and the freight table still start in production; the sandbox outside it.
    expect(loadConfig({ ...production, CARRIER: 'melhorenvio', MELHOR_ENVIO_TOKEN: 'me-token-123456' }).shipping.labels).toBe('melhorenvio');
    expect(loadConfig(production).shipping.labels).toBeNull();
    expect(loadConfig({ CARRIER: 'sandbox' }).shipping.labels).toBe('sandbox');
  });
});
