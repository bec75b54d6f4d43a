/**
 * Service configuration, read once from the environment and validated with zod
 * (fastify/demo habit: behaviour is never keyed on NODE_ENV, except the refusal of weak secrets in production).
 *
 * The variables, their defaults and meaning: config-env.ts (`envSchema`). This module checks what
 * one variable cannot check alone (production refusals, the acquirer's credentials, S3 bucket)
 * and derives the {@link AppConfig} the service uses (absolute paths, ms, origins).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema, type ConfigEnv } from './config-env.ts';
import { parseReleaseOrigins, parseTrustProxy, productionSecretProblems } from './config-values.ts';

/** Parsers and checks of single settings (config-values.ts), for the tests and the tools. */
export { parseReleaseOrigins, parseTrustProxy, productionSecretProblems, SECRET_HOWTO, WELL_KNOWN_SECRETS } from './config-values.ts';

/** Repository root (services/api/src -> ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  /** Seed 90 days of demo orders with the demo accounts (`DEMO_ORDER_HISTORY`, issue 22); false without `demoAccounts`. */
  demoOrderHistory: boolean;
  /** Access token lifetime, ms. */
  accessTokenTtlMs: number;
  /** Refresh token lifetime, ms. */
  refreshTokenTtlMs: number;
  /** Requests per minute and IP on each sign-in/sign-up/recovery route. */
  authRateLimitPerMinute: number;
  /** Requests per minute and IP on the sign-in TOTP step. */
  totpRateLimitPerMinute: number;
  /** Back-in-stock confirmation e-mails one address may be sent in 24 hours, across products (`BACK_IN_STOCK_CONFIRMATIONS_PER_DAY`). */
  backInStockConfirmationsPerDay: number;
  /**
   * Fastify `trustProxy`: false (default: the socket address is the client), the number of
   * reverse proxies in front of the API, or their addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** Interval of the reservation cleanup and order expiry jobs, ms. */
  reservationCleanupIntervalMs: number;
  /** Favourites' holds per account at once, and ms before an account may hold the same product again (from its last hold's start). */
  reservationLimits: { maxPerAccount: number; cooldownMs: number };
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
  /** Share of browser sessions kept for release health, 0..1 (issue 24). */
  webVitalsSampleRate: number;
  /** Web Vitals beacons per minute and client IP. */
  vitalsPerMinute: number;
  /** Sessions with Web Vitals each version needs before the canary guard compares their speed. */
  canaryMinVitalsSessions: number;
  /** Traces of requests and jobs at least this long are kept like failed ones, ms (issue 24). */
  traceSlowMs: number;
  /** OTLP/HTTP traces endpoint, when spans are exported. */
  otlpEndpoint: string | undefined;
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
  /** CEP lookup (issue 23): a ViaCEP-compatible origin (null: turned off) and its timeout, ms. */
  cepLookup: { origin: string | null; timeoutMs: number };
  /** Freight (issue 23): Melhor Envio's settings (null: the freight table only), the store's CEP (8 digits) and the packaging. */
  shipping: {
    carrier: { origin: string; token: string; userAgent: string; timeoutMs: number } | null;
    /** Who sells labels (issue 23 "Labels and tracking"): Melhor Envio, the sandbox, or nobody (`CARRIER=table`). */
    labels: 'melhorenvio' | 'sandbox' | null;
    /** `MELHOR_ENVIO_WEBHOOK_SECRET`: checks the carrier webhook's `X-ME-Signature` (null: every webhook is refused). */
    webhookSecret: string | null;
    /** `SHIPPING_SENDER_DOCUMENT`: the store's CNPJ or CPF on labels, digits. */
    senderDocument: string | null;
    /** `SHIPPING_SENDER_ADDRESS`: the sender's address on labels (its CEP is `originCep`). */
    senderAddress: { street: string; number: string; district: string; city: string; state: string } | null;
    /** `SHIPMENT_TRACKING_INTERVAL_MS`: how often labels not yet delivered are tracked, ms. */
    trackingIntervalMs: number;
    originCep: string;
    packaging: { box: { lengthCm: number; widthCm: number; heightCm: number }; packagingGrams: number; defaultItemGrams: number };
  };
  /**
   * Invoices (issue 23, modules/invoices): the provider (`off`: none), Focus NFe's origin and token
   * (with `focusnfe`), the emitter (CNPJ 14 digits, UF, NCM 8 digits), the per-call timeout (ms) and
   * the job queue's retries (runs in all, first delay in seconds, doubled each time).
   */
  invoices: {
    provider: 'off' | 'sandbox' | 'focusnfe';
    focusNfe: { origin: string; token: string } | null;
    emitter: { cnpj: string; state: string; ncm: string };
    timeoutMs: number;
    maxAttempts: number;
    retryDelaySeconds: number;
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
    demoOrderHistory: (e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1') && (e.DEMO_ORDER_HISTORY === 'true' || e.DEMO_ORDER_HISTORY === '1'),
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_MS,
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    totpRateLimitPerMinute: e.TOTP_RATE_LIMIT_PER_MINUTE,
    backInStockConfirmationsPerDay: e.BACK_IN_STOCK_CONFIRMATIONS_PER_DAY,
    trustProxy,
    reservationCleanupIntervalMs: e.RESERVATION_CLEANUP_INTERVAL_MS,
    reservationLimits: { maxPerAccount: e.RESERVATION_MAX_PER_ACCOUNT, cooldownMs: e.RESERVATION_COOLDOWN_MS },
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
    webVitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE,
    vitalsPerMinute: e.VITALS_PER_MINUTE,
    canaryMinVitalsSessions: e.CANARY_MIN_VITALS_SESSIONS,
    traceSlowMs: e.TRACE_SLOW_MS,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
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
    cepLookup: { origin: e.CEP_LOOKUP_URL === 'off' ? null : e.CEP_LOOKUP_URL, timeoutMs: e.CEP_LOOKUP_TIMEOUT_MS },
    shipping: shippingConfig(e),
    invoices: invoiceConfig(e),
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
 * Freight settings; `CARRIER=melhorenvio` without `MELHOR_ENVIO_TOKEN` is refused, and
 * so is `CARRIER=sandbox` in production (security review 2026-11-29 #11): its labels are free and
 * fake, and its tracking marks an order delivered 5 minutes after purchase (opening the return
 * window and e-mailing made-up tracking codes), like the sandbox acquirer and invoices.
 * @throws Error saying what to set.
 */
function shippingConfig(e: ConfigEnv): AppConfig['shipping'] {
  if (e.NODE_ENV === 'production' && e.CARRIER === 'sandbox') {
    throw new Error(
      'Invalid configuration:\nCARRIER: the sandbox is refused in production (its labels are fake and its tracking marks orders delivered that never shipped). Set CARRIER=melhorenvio with MELHOR_ENVIO_TOKEN, or CARRIER=table.',
    );
  }
  if (e.CARRIER === 'melhorenvio' && !e.MELHOR_ENVIO_TOKEN) throw new Error('Invalid configuration:\nMELHOR_ENVIO_TOKEN: required with CARRIER=melhorenvio');
  const [lengthCm, widthCm, heightCm] = e.PACKAGE_BOX_CM.split('x').map(Number) as [number, number, number];
  const contact = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    carrier:
      e.CARRIER === 'melhorenvio'
        ? { origin: e.MELHOR_ENVIO_URL, token: e.MELHOR_ENVIO_TOKEN!, userAgent: e.MELHOR_ENVIO_USER_AGENT ?? `Prata 925 (${contact})`, timeoutMs: e.CARRIER_TIMEOUT_MS }
        : null,
    labels: e.CARRIER === 'table' ? null : e.CARRIER,
    webhookSecret: e.MELHOR_ENVIO_WEBHOOK_SECRET ?? null,
    senderDocument: e.SHIPPING_SENDER_DOCUMENT ?? null,
    senderAddress: senderAddress(e.SHIPPING_SENDER_ADDRESS),
    trackingIntervalMs: e.SHIPMENT_TRACKING_INTERVAL_MS,
    originCep: e.SHIPPING_ORIGIN_CEP.replace('-', ''),
    packaging: { box: { lengthCm, widthCm, heightCm }, packagingGrams: e.PACKAGE_WEIGHT_G, defaultItemGrams: e.DEFAULT_ITEM_WEIGHT_G },
  };
}

/** A CNPJ that passes the check digits, used by the sandbox when `INVOICE_EMITTER_CNPJ` is unset. */
const SANDBOX_EMITTER_CNPJ = '11222333000181';

/**
 * Invoice settings (issue 23): `sandbox` by default outside production and refused in it (its
 * invoices have no fiscal value), where the default is `off`; `focusnfe` needs `FOCUS_NFE_TOKEN`
 * and `INVOICE_EMITTER_CNPJ`. @throws Error saying what to set.
 */
function invoiceConfig(e: ConfigEnv): AppConfig['invoices'] {
  const production = e.NODE_ENV === 'production';
  const provider = e.INVOICE_PROVIDER ?? (production ? 'off' : 'sandbox');
  if (production && provider === 'sandbox') {
    throw new Error('Invalid configuration:\nINVOICE_PROVIDER: the sandbox is refused in production (its invoices have no fiscal value). Set INVOICE_PROVIDER=focusnfe with FOCUS_NFE_TOKEN and INVOICE_EMITTER_CNPJ, or off.');
  }
  if (provider === 'focusnfe') {
    const missing = ['FOCUS_NFE_TOKEN', 'INVOICE_EMITTER_CNPJ'].filter((name) => !e[name as keyof ConfigEnv]);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.map((name) => `${name}: required with INVOICE_PROVIDER=focusnfe`).join('\n')}`);
  }
  return {
    provider,
    focusNfe: provider === 'focusnfe' ? { origin: e.FOCUS_NFE_URL, token: e.FOCUS_NFE_TOKEN! } : null,
    emitter: { cnpj: (e.INVOICE_EMITTER_CNPJ ?? SANDBOX_EMITTER_CNPJ).replace(/\D/g, ''), state: e.INVOICE_EMITTER_UF.toUpperCase(), ncm: e.INVOICE_NCM.replace(/\D/g, '') },
    timeoutMs: e.INVOICE_TIMEOUT_MS,
    maxAttempts: e.INVOICE_MAX_ATTEMPTS,
    retryDelaySeconds: e.INVOICE_RETRY_DELAY_SECONDS,
  };
}

/** `street, number, district, city, UF` as its parts (the regex of config-env checked the shape). */
function senderAddress(value: string | undefined): AppConfig['shipping']['senderAddress'] {
  if (!value) return null;
  const [street, number, district, city, state] = value.split(',').map((part) => part.trim()) as [string, string, string, string, string];
  return { street, number, district, city, state };
}

/**
 * The acquirer: `sandbox` by default outside
 * production; in production (`NODE_ENV=production`) only `mercadopago`, with its three
 * credentials: the sandbox approves free "paid" orders and writes BR Codes payable to a default
 * key, so it is never selectable there (a test store runs Mercado Pago's `TEST-` credentials).
 * @throws Error saying what to set.
 */
function resolvePaymentProvider(e: ConfigEnv): 'sandbox' | 'mercadopago' {
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
