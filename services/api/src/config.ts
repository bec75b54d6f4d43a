/**
 * Service configuration, read once from the environment and validated with zod
 * (fastify/demo habit: behaviour is never keyed on NODE_ENV, except the refusal of weak secrets in production).
 *
 * Environment variables (all optional):
 * - `API_PORT` (default 3000), `API_HOST` (default 127.0.0.1)
 * - `PUBLIC_API_URL`: the origin clients reach the API at (default http://127.0.0.1:API_PORT);
 *   used to build absolute image URLs.
 * - `DATABASE_URL`: a PostgreSQL server to use. Without it an embedded PostgreSQL is started.
 * - `DATA_DIR` (default `<repo>/.data`): embedded PostgreSQL data and the default storage root.
 * - `EMBEDDED_PG_PORT` (default 54329): port of the embedded PostgreSQL.
 * - `STORAGE` (default `local`): where product images live (storage/object-storage.ts).
 *   `local`: files under `STORAGE_ROOT` (default `DATA_DIR/storage`). `s3`: an S3-compatible
 *   bucket shared by every service process (AWS S3, MinIO, R2): `STORAGE_S3_BUCKET` (required),
 *   `STORAGE_S3_PREFIX` (key prefix, default none), `STORAGE_S3_ENDPOINT` (MinIO/R2; unset for
 *   AWS), `STORAGE_S3_REGION` (default us-east-1), `STORAGE_S3_FORCE_PATH_STYLE=true` (MinIO),
 *   credentials from `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (or the AWS SDK's other sources).
 * - `JWT_SECRET`: signing secret for access tokens; `ENCRYPTION_KEY`: key for secrets at rest
 *   (TOTP). When unset, `npm start` generates both once and keeps them in `DATA_DIR/secrets.json`.
 * - `SMTP_URL` (e.g. smtps://user:pass@smtp.example.com): deliver e-mail through SMTP; without it
 *   e-mail is written to the outbox table and the log only (the local mail mode). `MAIL_FROM` is the
 *   sender. With `NODE_ENV=production` the service refuses to start without `SMTP_URL` unless
 *   `MAIL_DISABLED=true` (then nothing is sent, stored or logged: issue 21 / review item 6).
 * - `STORE_NAME` (default Prata 925): TOTP issuer and e-mail signature.
 * - `AUTH_RATE_LIMIT_PER_MINUTE` (default 30): per-IP limit of each sign-in/sign-up/recovery route;
 *   `TOTP_RATE_LIMIT_PER_MINUTE` (default 10): per-IP limit of the sign-in TOTP step.
 * - `TRUST_PROXY` (default off): set only when the API is reached through reverse proxies; the
 *   number of proxies in front of it (e.g. `1`) or their addresses/CIDRs (comma-separated, e.g.
 *   `10.0.0.0/8,172.16.0.0/12`). Only then is `X-Forwarded-For` read for the client IP (rate
 *   limits, audit log); otherwise the socket address is the client.
 * - `NODE_ENV=production`: the one place NODE_ENV matters. The service then refuses to start
 *   unless `JWT_SECRET` and `ENCRYPTION_KEY` are set, distinct, >= 32 characters and not a
 *   well-known placeholder (see {@link productionSecretProblems}).
 * - `ACCESS_TOKEN_TTL_MS` (default 15 min), `REFRESH_TOKEN_TTL_DAYS` (default 30).
 * - `RESERVATION_CLEANUP_INTERVAL_MS` (default 60000): how often expired reservations are released
 *   and unpaid orders expire (jobs on the pg-boss queue, once across service processes).
 * - `JOBS_POLL_INTERVAL_MS` (default 2000; 0 = only when `app.jobs.tick()` is called, as tests do):
 *   how often each process enqueues due periodic jobs and works the queue.
 * - `OUTBOX_CATCHUP_INTERVAL_MS` (default 30000): how often the outbox relay catch-up job runs.
 * - `MAIL_RETRY_INTERVAL_MS` (default 60000, whole seconds), `MAIL_MAX_ATTEMPTS` (default 5): failed
 *   e-mails are retried on the job queue after the interval, doubled each time, and become a system
 *   error at the last attempt (mail/mail-retries.ts; issue 21).
 * - `OUTBOX_HANDLER_MAX_ATTEMPTS` (default 5), `OUTBOX_RETRY_DELAY_SECONDS` (default 30): a failed
 *   domain-event handler is retried on the job queue after the delay, doubled each time, and
 *   dead-lettered after the last attempt (events/handler-retries.ts; issue 21).
 * - `REALTIME_HEARTBEAT_MS` (default 25000), `REALTIME_MAX_BUFFER_BYTES` (default 1 MiB: a slower
 *   websocket client is dropped), `REALTIME_REPLAY_LIMIT` (default 200 events: further behind,
 *   a reconnecting client is told to resync), `REALTIME_MAX_SOCKETS_PER_IP` (20),
 *   `REALTIME_MAX_SOCKETS_PER_ACCOUNT` (10), `REALTIME_MESSAGES_PER_MINUTE` (60) (issue 21).
 * - `ERROR_REPORTS_PER_MINUTE` (default 30, per client IP); reports with the same fingerprint are
 *   counted into one issue (issue 24); `ERROR_RETENTION_DAYS` (default 30): issues last seen
 *   longer ago are deleted daily (issue 21).
 * - `SOURCE_MAP_DIRS` (default none; `npm start` sets it): build directories whose hidden source
 *   maps are imported at start, comma-separated (issue 24; releases upload theirs).
 * - `LOW_STOCK_THRESHOLD` (default 3): a product at or below it raises an admin notification.
 * - `ERROR_ALERT_THRESHOLD` (default 10): unresolved errors in the last hour that raise an alert.
 * - `API_VERSION` (default the package version): the version the service records with its 5xx.
 * - `API_DOCS` (default true): serve the API reference (OpenAPI JSON and a reader) under `/api/docs`;
 *   `false` turns it off (e.g. in production).
 * - `PAYMENT_PROVIDER`: `sandbox` (the default; refused with `NODE_ENV=production`) or
 *   `mercadopago` (modules/orders/payment-provider.ts);
 *   `PAYMENT_SANDBOX_DELAY_MS` (default 2000, the spec's wait), `PIX_KEY`, `PIX_MERCHANT_NAME`,
 *   `PIX_MERCHANT_CITY` (the sandbox's PIX receiver in BR Codes); `MERCADOPAGO_ACCESS_TOKEN`,
 *   `MERCADOPAGO_PUBLIC_KEY`, `MERCADOPAGO_WEBHOOK_SECRET` (all three required with
 *   `mercadopago`), `MERCADOPAGO_API_URL` (default https://api.mercadopago.com),
 *   `MERCADOPAGO_SDK_URL` (MercadoPago.js v2, default https://sdk.mercadopago.com/js/v2: the
 *   checkout loads it and mounts its secure card fields; tests point it at a local double),
 *   `PAYMENT_TIMEOUT_MS` (default 10000), `ORDER_RATE_LIMIT_PER_MINUTE` (default 10, per account).
 * - Stock hoarding caps (issue 21): `ORDER_MAX_UNITS_PER_PRODUCT` (default 5 units of one product
 *   per order), `ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT` (default 10 units of one product across an
 *   account's unpaid orders), `BOLETO_HOLD_BUSINESS_DAYS` (default 1: an unpaid boleto order
 *   releases its units at the end of that business day after issue; the boleto stays payable and
 *   a later payment becomes the staff's paid-after-expiry alert).
 * - `DEMO_ACCOUNTS` (default false): create demo accounts at start and print their passwords;
 *   refused with `NODE_ENV=production` (issue 21: demo staff have no 2FA).
 * - `RELEASE_ORIGINS` (default the remotes' origins): where released builds may be fetched from
 *   (issue 21); a release elsewhere is refused (see {@link parseReleaseOrigins}).
 * - `REMOTE_REGISTRY_FILE`: JSON file with the remote registry, re-read when it changes.
 *   Without it the registry is built from `REMOTE_<NAME>_URL` (the remote's origin) with the
 *   defaults of `npm start` (storefront 3001, checkout 3002, admin 3003, devtools 3004).
 * - `PORT` (default 8080): the shell's port; `SHELL_URL` (default http://127.0.0.1:PORT) is the
 *   store's origin. CORS admits the shell origin, its `localhost` twin and the remote origins.
 * - `SEED` (default `if-empty`): `if-empty` seeds the demo catalogue into an empty database,
 *   `never` skips it.
 * - `LOG_LEVEL` (default info); `LOG_FORMAT` (`pretty` or `json`; default: readable lines when the
 *   output is a terminal and pino-pretty is installed, JSON lines otherwise: lib/log-destination.ts).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MERCADOPAGO_DEFAULTS } from '@prata/contracts';
import { z } from 'zod';
import { parseReleaseOrigins, parseTrustProxy, productionSecretProblems } from './config-values.ts';

/** Parsers and checks of single settings (config-values.ts), for the tests and the tools. */
export { parseReleaseOrigins, parseTrustProxy, productionSecretProblems, SECRET_HOWTO, WELL_KNOWN_SECRETS } from './config-values.ts';

/** Repository root (services/api/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  API_PORT: port.default(3000),
  API_HOST: z.string().default('127.0.0.1'),
  PUBLIC_API_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  STORAGE_ROOT: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_S3_BUCKET: z.string().min(3).max(63).optional(),
  STORAGE_S3_PREFIX: z.string().max(200).regex(/^([^/]+\/)*$/, 'STORAGE_S3_PREFIX must be empty or end with /').default(''),
  STORAGE_S3_ENDPOINT: z.url().optional(),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must have at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Prata 925 <nao-responda@prata925.com.br>'),
  MAIL_DISABLED: z.enum(['true', 'false']).default('false'),
  STORE_NAME: z.string().min(1).default('Prata 925'),
  DEMO_ACCOUNTS: z.enum(['true', 'false', '1', '0']).default('false'),
  ACCESS_TOKEN_TTL_MS: z.coerce.number().int().min(10_000).default(15 * 60_000),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TOTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.string().optional(),
  NODE_ENV: z.string().optional(),
  RESERVATION_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  OUTBOX_CATCHUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  MAIL_RETRY_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  OUTBOX_HANDLER_MAX_ATTEMPTS: z.coerce.number().int().min(2).max(20).default(5),
  OUTBOX_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(1000).default(25_000),
  REALTIME_MAX_BUFFER_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  REALTIME_REPLAY_LIMIT: z.coerce.number().int().min(1).default(200),
  REALTIME_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(20),
  REALTIME_MAX_SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  REALTIME_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  ERROR_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SOURCE_MAP_DIRS: z.string().default(''),
  ERROR_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).default(3),
  ERROR_ALERT_THRESHOLD: z.coerce.number().int().min(1).default(10),
  API_VERSION: z.string().min(1).max(60).default('0.1.0'),
  API_DOCS: z.enum(['true', 'false']).default('true'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'mercadopago']).optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(10).optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().min(10).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16).optional(),
  MERCADOPAGO_API_URL: z.url().default(MERCADOPAGO_DEFAULTS.apiUrl),
  MERCADOPAGO_SDK_URL: z.url().default(MERCADOPAGO_DEFAULTS.sdkUrl),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(99).default(5),
  ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(999).default(10),
  BOLETO_HOLD_BUSINESS_DAYS: z.coerce.number().int().min(1).max(10).default(1),
  PAYMENT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  PIX_KEY: z.string().min(1).max(77).default('pix@prata925.com.br'),
  PIX_MERCHANT_NAME: z.string().min(1).default('Prata 925'),
  PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
  REMOTE_REGISTRY_FILE: z.string().optional(),
  REMOTE_STOREFRONT_URL: z.url().default('http://127.0.0.1:3001'),
  REMOTE_CHECKOUT_URL: z.url().default('http://127.0.0.1:3002'),
  REMOTE_ADMIN_URL: z.url().default('http://127.0.0.1:3003'),
  REMOTE_DEVTOOLS_URL: z.url().default('http://127.0.0.1:3004'),
  RELEASE_ORIGINS: z.string().optional(),
  PORT: port.default(8080),
  SHELL_URL: z.url().optional(),
  SEED: z.enum(['if-empty', 'never']).default('if-empty'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
});

/** Where and how to reach an S3 API (storage/s3-client.ts builds the client). */
export interface S3ClientSettings {
  /** e.g. http://minio:9000; undefined for AWS. */
  endpoint: string | undefined;
  region: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), as MinIO needs. */
  forcePathStyle: boolean;
}

/** Validated configuration of one service process. */
export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  /** Root of the local storage (`STORAGE=local`). */
  storageRoot: string;
  /** Where product images live (`STORAGE`, see the module doc). */
  objectStorage: { driver: 'local' } | { driver: 's3'; bucket: string; prefix: string; client: S3ClientSettings };
  jwtSecret: string;
  encryptionKey: string;
  /** True when JWT_SECRET and ENCRYPTION_KEY came from the environment. */
  secretsFromEnv: boolean;
  smtpUrl: string | undefined;
  /** `MAIL_DISABLED=true`: no e-mail is sent, kept or logged (a production store without SMTP). */
  mailDisabled: boolean;
  /** `NODE_ENV=production`: secrets, acquirer and mail are enforced; one-time links are never printed. */
  production: boolean;
  mailFrom: string;
  storeName: string;
  demoAccounts: boolean;
  /** Access token lifetime, ms. */
  accessTokenTtlMs: number;
  /** Refresh token lifetime, ms. */
  refreshTokenTtlMs: number;
  /** Requests per minute and IP on each sign-in/sign-up/recovery route. */
  authRateLimitPerMinute: number;
  /** Requests per minute and IP on the sign-in TOTP step. */
  totpRateLimitPerMinute: number;
  /**
   * Fastify `trustProxy`: false (default: the socket address is the client), the number of
   * reverse proxies in front of the API, or their addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** Interval of the reservation cleanup and order expiry jobs, ms. */
  reservationCleanupIntervalMs: number;
  /** Jobs runner poll interval, ms (0: manual `app.jobs.tick()`). */
  jobsPollIntervalMs: number;
  /** Outbox relay catch-up job interval, ms. */
  outboxCatchupIntervalMs: number;
  /** Mail retry: base backoff (ms) and attempts before a failed e-mail becomes a system error. */
  mailRetryIntervalMs: number;
  mailMaxAttempts: number;
  /** Runs of a failed domain-event handler before it is dead-lettered (dispatch included). */
  outboxHandlerMaxAttempts: number;
  /** Seconds before a failed handler's first retry (doubled each time). */
  outboxRetryDelaySeconds: number;
  realtime: { heartbeatMs: number; maxBufferedBytes: number; replayLimit: number; maxSocketsPerAddress: number; maxSocketsPerAccount: number; messagesPerMinute: number };
  /** Error reports per minute and client IP. */
  errorReportsPerMinute: number;
  /** System errors last seen longer ago than this are deleted (issue 21: the table is bounded). */
  errorRetentionDays: number;
  /** Build directories whose source maps are imported at start (issue 24). */
  sourceMapDirs: string[];
  /** Stock at or below which a product raises a low-stock notification. */
  lowStockThreshold: number;
  /** Unresolved errors within an hour that raise an 'errors piling up' notification. */
  errorAlertThreshold: number;
  /** The service's own version (recorded with its 5xx errors). */
  apiVersion: string;
  /** `API_DOCS`: the API reference is served under `/api/docs` (plugins/api-docs.ts). */
  apiDocs: boolean;
  payment: {
    provider: 'sandbox' | 'mercadopago';
    sandboxDelayMs: number;
    pixKey: string;
    merchantName: string;
    merchantCity: string;
    /** Per-call timeout of the acquirer, ms. */
    timeoutMs: number;
    mercadoPago: { accessToken: string; publicKey: string; webhookSecret: string; apiUrl: string; sdkUrl: string } | null;
  };
  /** `POST /api/orders` per account and minute (issue 10 item 10). */
  orderRateLimitPerMinute: number;
  /** Stock hoarding caps (issue 21): units of one product per order, and in one account's unpaid orders. */
  orderLimits: { maxUnitsPerProduct: number; maxUnpaidUnitsPerProduct: number; boletoHoldBusinessDays: number };
  remoteRegistryFile: string | undefined;
  remoteOrigins: Record<'storefront' | 'checkout' | 'admin' | 'devtools', string>;
  /** Origins released remote builds may be fetched from (issue 21: release allow-list, shell CSP). */
  releaseOrigins: string[];
  shellUrl: string;
  /** Origins allowed to call the API from a browser. */
  corsOrigins: string[];
  seed: 'if-empty' | 'never';
  logLevel: string;
  /** `pretty`, `json`, or undefined (chosen by the output: lib/log-destination.ts). */
  logFormat: 'pretty' | 'json' | undefined;
}

/**
 * Parses the environment into an {@link AppConfig}.
 * @throws Error listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable counts as unset (`DATABASE_URL= npm start` uses the embedded database).
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE === 's3' && !e.STORAGE_S3_BUCKET) throw new Error('Invalid configuration:\nSTORAGE_S3_BUCKET: required with STORAGE=s3');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.NODE_ENV === 'production') {
    const problems = productionSecretProblems({ JWT_SECRET: e.JWT_SECRET, ENCRYPTION_KEY: e.ENCRYPTION_KEY });
    if (problems.length > 0) throw new Error(`Refusing to start in production (NODE_ENV=production):\n${problems.join('\n')}`);
  }
  const paymentProvider = resolvePaymentProvider(e);
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.MAIL_DISABLED !== 'true') {
    throw new Error(
      'Invalid configuration:\nSMTP_URL: required in production (without it confirmation, password-reset and owner links would be written to the log). Set SMTP_URL=smtps://user:password@relay:465, or MAIL_DISABLED=true to run without e-mail.',
    );
  }
  if (e.NODE_ENV === 'production' && (e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1')) {
    // Issue 21: demo staff print their passwords to the log and are not asked to enrol 2FA.
    throw new Error('Invalid configuration:\nDEMO_ACCOUNTS: refused in production (demo admins print their passwords to the log and have no 2FA). Make the owner with npm run create-owner.');
  }
  const shellUrl = (e.SHELL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, '');
  const remoteOrigins = {
    storefront: e.REMOTE_STOREFRONT_URL.replace(/\/$/, ''),
    checkout: e.REMOTE_CHECKOUT_URL.replace(/\/$/, ''),
    admin: e.REMOTE_ADMIN_URL.replace(/\/$/, ''),
    devtools: e.REMOTE_DEVTOOLS_URL.replace(/\/$/, ''),
  };
  const withLocalhostTwins = (origins: string[]) =>
    [...new Set(origins.flatMap((origin) => [origin, origin.replace('//127.0.0.1', '//localhost')]))];
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    publicUrl: (e.PUBLIC_API_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    storageRoot: path.resolve(e.STORAGE_ROOT ?? path.join(dataDir, 'storage')),
    objectStorage:
      e.STORAGE === 's3'
        ? { driver: 's3', bucket: e.STORAGE_S3_BUCKET!, prefix: e.STORAGE_S3_PREFIX, client: { endpoint: e.STORAGE_S3_ENDPOINT, region: e.STORAGE_S3_REGION, forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE === 'true' } }
        : { driver: 'local' },
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    encryptionKey: e.ENCRYPTION_KEY ?? randomBytes(48).toString('base64url'),
    secretsFromEnv: Boolean(e.JWT_SECRET && e.ENCRYPTION_KEY),
    smtpUrl: e.SMTP_URL,
    mailDisabled: e.MAIL_DISABLED === 'true',
    production: e.NODE_ENV === 'production',
    mailFrom: e.MAIL_FROM,
    storeName: e.STORE_NAME,
    demoAccounts: e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1',
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_MS,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    totpRateLimitPerMinute: e.TOTP_RATE_LIMIT_PER_MINUTE,
    trustProxy,
    reservationCleanupIntervalMs: e.RESERVATION_CLEANUP_INTERVAL_MS,
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    outboxCatchupIntervalMs: e.OUTBOX_CATCHUP_INTERVAL_MS,
    mailRetryIntervalMs: e.MAIL_RETRY_INTERVAL_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    outboxHandlerMaxAttempts: e.OUTBOX_HANDLER_MAX_ATTEMPTS,
    outboxRetryDelaySeconds: e.OUTBOX_RETRY_DELAY_SECONDS,
    realtime: {
      heartbeatMs: e.REALTIME_HEARTBEAT_MS,
      maxBufferedBytes: e.REALTIME_MAX_BUFFER_BYTES,
      replayLimit: e.REALTIME_REPLAY_LIMIT,
      maxSocketsPerAddress: e.REALTIME_MAX_SOCKETS_PER_IP,
      maxSocketsPerAccount: e.REALTIME_MAX_SOCKETS_PER_ACCOUNT,
      messagesPerMinute: e.REALTIME_MESSAGES_PER_MINUTE,
    },
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE,
    errorRetentionDays: e.ERROR_RETENTION_DAYS,
    sourceMapDirs: e.SOURCE_MAP_DIRS.split(',').map((dir) => dir.trim()).filter(Boolean),
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    errorAlertThreshold: e.ERROR_ALERT_THRESHOLD,
    apiVersion: e.API_VERSION,
    apiDocs: e.API_DOCS === 'true',
    payment: {
      provider: paymentProvider,
      sandboxDelayMs: e.PAYMENT_SANDBOX_DELAY_MS,
      pixKey: e.PIX_KEY,
      merchantName: e.PIX_MERCHANT_NAME,
      merchantCity: e.PIX_MERCHANT_CITY,
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      mercadoPago:
        paymentProvider === 'mercadopago'
          ? { accessToken: e.MERCADOPAGO_ACCESS_TOKEN!, publicKey: e.MERCADOPAGO_PUBLIC_KEY!, webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET!, apiUrl: e.MERCADOPAGO_API_URL, sdkUrl: e.MERCADOPAGO_SDK_URL }
          : null,
    },
    orderRateLimitPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
    orderLimits: { maxUnitsPerProduct: e.ORDER_MAX_UNITS_PER_PRODUCT, maxUnpaidUnitsPerProduct: e.ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT, boletoHoldBusinessDays: e.BOLETO_HOLD_BUSINESS_DAYS },
    remoteRegistryFile: e.REMOTE_REGISTRY_FILE ? path.resolve(e.REMOTE_REGISTRY_FILE) : undefined,
    remoteOrigins,
    releaseOrigins: parseReleaseOrigins(e.RELEASE_ORIGINS, Object.values(remoteOrigins)),
    shellUrl,
    corsOrigins: withLocalhostTwins([shellUrl, ...Object.values(remoteOrigins)]),
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
  };
}

/**
 * The acquirer (issue 10 item 6, issue 21 / review item 14): `sandbox` by default outside
 * production; in production (`NODE_ENV=production`) only `mercadopago`, with its three
 * credentials: the sandbox approves free "paid" orders and writes BR Codes payable to a default
 * key, so it is never selectable there (a test store runs Mercado Pago's `TEST-` credentials).
 * @throws Error saying what to set.
 */
function resolvePaymentProvider(e: z.infer<typeof envSchema>): 'sandbox' | 'mercadopago' {
  if (e.NODE_ENV === 'production' && e.PAYMENT_PROVIDER !== 'mercadopago') {
    throw new Error(
      `Invalid configuration:\nPAYMENT_PROVIDER: ${e.PAYMENT_PROVIDER === 'sandbox' ? 'the sandbox acquirer is refused in production (it approves payments nobody made)' : 'required in production'}. Set PAYMENT_PROVIDER=mercadopago with MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY and MERCADOPAGO_WEBHOOK_SECRET (TEST- credentials for a test store; it shows "Modo de teste").`,
    );
  }
  const provider = e.PAYMENT_PROVIDER ?? 'sandbox';
  if (provider === 'mercadopago') {
    const missing = ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'].filter((name) => !e[name as keyof typeof e]);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.map((name) => `${name}: required with PAYMENT_PROVIDER=mercadopago`).join('\n')}`);
  }
  return provider;
}

/**
 * Fills JWT_SECRET / ENCRYPTION_KEY that the environment did not give from
 * `DATA_DIR/secrets.json`, creating it (mode 0600) on first use, so sessions and encrypted
 * secrets survive restarts of a store run with `npm start`.
 */
export async function withPersistentSecrets(config: AppConfig, env: NodeJS.ProcessEnv = process.env): Promise<AppConfig> {
  if (config.secretsFromEnv) return config;
  const { mkdir, readFile, writeFile } = await import('node:fs/promises');
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { jwtSecret?: string; encryptionKey?: string } = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as typeof stored;
  } catch {
    stored = {};
  }
  const next = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(48).toString('base64url'),
  };
  if (next.jwtSecret !== stored.jwtSecret || next.encryptionKey !== stored.encryptionKey) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return {
    ...config,
    jwtSecret: env.JWT_SECRET || next.jwtSecret,
    encryptionKey: env.ENCRYPTION_KEY || next.encryptionKey,
  };
}
