/**
 * Service configuration, read once from the environment and validated with zod
 * (fastify/demo habit: behaviour is never keyed on NODE_ENV, except the refusal of weak secrets in production).
 *
 * The variables, their defaults and meaning: config-env.ts (`envSchema`). This module checks what
 * one variable cannot check alone (production refusals, the acquirer's credentials, S3 bucket)
 * and derives the {@link AppConfig} the service uses (absolute paths, ms, origins): its type is
 * inferred from that derivation of the parsed schema, so a setting is declared once, in the schema,
 * and named once, here.
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

/** Validated configuration of one service process: what {@link loadConfig} derives from the environment. */
export type AppConfig = ReturnType<typeof configOf>;

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
  return configOf(parsed.data);
}

/**
 * The configuration the parsed environment `e` gives, after the checks one variable cannot make
 * alone. Its return type is {@link AppConfig}.
 * @throws Error saying what to set (a refusal in production, a missing credential).
 */
function configOf(e: ConfigEnv) {
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
  if (e.NODE_ENV === 'production' && e.ALERT_WEBHOOK_ALLOW_PRIVATE === 'true') {
    throw new Error('Invalid configuration:\nALERT_WEBHOOK_ALLOW_PRIVATE: refused in production (alert webhooks could then reach internal services).');
  }
  if (e.NODE_ENV === 'production' && (e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1')) {
    // Demo staff print their passwords to the log and are not asked to enrol 2FA.
    throw new Error('Invalid configuration:\nDEMO_ACCOUNTS: refused in production (demo admins print their passwords to the log and have no 2FA). Make the owner with npm run create-owner.');
  }
  const shellUrl = (e.SHELL_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, '');
  const remoteOrigins: Record<'storefront' | 'checkout' | 'admin' | 'devtools', string> = {
    storefront: e.REMOTE_STOREFRONT_URL.replace(/\/$/, ''),
    checkout: e.REMOTE_CHECKOUT_URL.replace(/\/$/, ''),
    admin: e.REMOTE_ADMIN_URL.replace(/\/$/, ''),
    devtools: e.REMOTE_DEVTOOLS_URL.replace(/\/$/, ''),
  };
  const withLocalhostTwins = (origins: string[]) =>
    [...new Set(origins.flatMap((origin) => [origin, origin.replace('//127.0.0.1', '//localhost')]))];
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const objectStorage: { driver: 'local' } | { driver: 's3'; bucket: string; prefix: string; client: S3ClientSettings } =
    e.STORAGE === 's3'
      ? { driver: 's3', bucket: e.STORAGE_S3_BUCKET!, prefix: e.STORAGE_S3_PREFIX, client: { endpoint: e.STORAGE_S3_ENDPOINT, region: e.STORAGE_S3_REGION, forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE === 'true' } }
      : { driver: 'local' };
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    publicUrl: (e.PUBLIC_API_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    /** False: the embedded PostgreSQL does not flush to disk (`EMBEDDED_PG_DURABLE`, a throw-away store). */
    embeddedPgDurable: e.EMBEDDED_PG_DURABLE === 'true',
    /** Root of the local storage (`STORAGE=local`). */
    storageRoot: path.resolve(e.STORAGE_ROOT ?? path.join(dataDir, 'storage')),
    /** Where product images live (`STORAGE`: local files, or an S3 bucket). */
    objectStorage,
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    encryptionKey: e.ENCRYPTION_KEY ?? randomBytes(48).toString('base64url'),
    /** `CLIENT_ID_SECRET`: verifies the shell host's signed client ids (null: none verifies). */
    clientIdSecret: e.CLIENT_ID_SECRET ?? null,
    /** True when JWT_SECRET and ENCRYPTION_KEY came from the environment. */
    secretsFromEnv: Boolean(e.JWT_SECRET && e.ENCRYPTION_KEY),
    smtpUrl: e.SMTP_URL,
    /** `MAIL_DISABLED=true`: no e-mail is sent, kept or logged (a production store without SMTP). */
    mailDisabled: e.MAIL_DISABLED === 'true',
    /** `NODE_ENV=production`: secrets, acquirer and mail are enforced; one-time links are never printed. */
    production: e.NODE_ENV === 'production',
    mailFrom: e.MAIL_FROM,
    storeName: e.STORE_NAME,
    demoAccounts: e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1',
    /** Seed 90 days of demo orders with the demo accounts (`DEMO_ORDER_HISTORY`); false without `demoAccounts`. */
    demoOrderHistory: (e.DEMO_ACCOUNTS === 'true' || e.DEMO_ACCOUNTS === '1') && (e.DEMO_ORDER_HISTORY === 'true' || e.DEMO_ORDER_HISTORY === '1'),
    /** Access token lifetime, ms. */
    accessTokenTtlMs: e.ACCESS_TOKEN_TTL_MS,
    /** Refresh token lifetime, ms. */
    refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    /** Requests per minute and IP on each sign-in/sign-up/recovery route. */
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    /** Requests per minute and IP on the sign-in TOTP step. */
    totpRateLimitPerMinute: e.TOTP_RATE_LIMIT_PER_MINUTE,
    /** Back-in-stock confirmation e-mails one address may be sent in 24 hours, across products (`BACK_IN_STOCK_CONFIRMATIONS_PER_DAY`). */
    backInStockConfirmationsPerDay: e.BACK_IN_STOCK_CONFIRMATIONS_PER_DAY,
    /** A new store's initial review-request delay, days (`REVIEW_REQUEST_DELAY_DAYS`; the stored recovery settings decide). */
    reviewRequestDelayDays: e.REVIEW_REQUEST_DELAY_DAYS,
    /** Reviews one account may send a minute (`REVIEW_RATE_LIMIT_PER_MINUTE`; photo uploads: 3 times as many). */
    reviewRateLimitPerMinute: e.REVIEW_RATE_LIMIT_PER_MINUTE,
    /**
     * Fastify `trustProxy`: false (default: the socket address is the client), the number of
     * reverse proxies in front of the API, or their addresses/CIDRs.
     */
    trustProxy,
    /** Interval of the reservation cleanup and order expiry jobs, ms. */
    reservationCleanupIntervalMs: e.RESERVATION_CLEANUP_INTERVAL_MS,
    /** Favourites' holds per account at once, and ms before an account may hold the same product again (from its last hold's start). */
    reservationLimits: { maxPerAccount: e.RESERVATION_MAX_PER_ACCOUNT, cooldownMs: e.RESERVATION_COOLDOWN_MS },
    /** Jobs runner poll interval, ms (0: manual `app.jobs.tick()`). */
    jobsPollIntervalMs: e.JOBS_POLL_INTERVAL_MS,
    /** Seconds a job may stay active (its process died mid-job) before the queue fails and retries it. */
    jobsExpireSeconds: e.JOBS_EXPIRE_SECONDS,
    /** Seconds between the queue's supervision passes, which expire such jobs. */
    jobsSuperviseIntervalSeconds: e.JOBS_SUPERVISE_INTERVAL_SECONDS,
    /** Outbox relay catch-up job interval, ms. */
    outboxCatchupIntervalMs: e.OUTBOX_CATCHUP_INTERVAL_MS,
    /** How often the `cart-recovery` job looks for due cart reminders, ms. */
    cartRecoveryIntervalMs: e.CART_RECOVERY_INTERVAL_MS,
    /** Seconds from the first catalogue change to the catalogue feeds' rebuild (changes within it share one). */
    catalogueFeedDebounceSeconds: e.CATALOGUE_FEED_DEBOUNCE_SECONDS,
    /** Mail retry: base backoff (ms) and attempts before a failed e-mail becomes a system error. */
    mailRetryIntervalMs: e.MAIL_RETRY_INTERVAL_MS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    /** Runs of a failed domain-event handler before it is dead-lettered (dispatch included). */
    outboxHandlerMaxAttempts: e.OUTBOX_HANDLER_MAX_ATTEMPTS,
    /** Seconds before a failed handler's first retry (doubled each time). */
    outboxRetryDelaySeconds: e.OUTBOX_RETRY_DELAY_SECONDS,
    realtime: {
      heartbeatMs: e.REALTIME_HEARTBEAT_MS,
      maxBufferedBytes: e.REALTIME_MAX_BUFFER_BYTES,
      replayLimit: e.REALTIME_REPLAY_LIMIT,
      maxSocketsPerAddress: e.REALTIME_MAX_SOCKETS_PER_IP,
      maxSocketsPerAccount: e.REALTIME_MAX_SOCKETS_PER_ACCOUNT,
      messagesPerMinute: e.REALTIME_MESSAGES_PER_MINUTE,
    },
    /** Error reports per minute and client IP. */
    errorReportsPerMinute: e.ERROR_REPORTS_PER_MINUTE,
    /** System errors last seen longer ago than this are deleted (the table stays bounded). */
    errorRetentionDays: e.ERROR_RETENTION_DAYS,
    /** Job monitors: grace past two intervals before a job is late, ms; days recorded runs are kept. */
    jobMonitorGraceMs: e.JOB_MONITOR_GRACE_MS,
    jobRunRetentionDays: e.JOB_RUN_RETENTION_DAYS,
    /** Uptime monitors: check interval (0: off) and timeout, ms; days checks are kept. */
    uptimeCheckIntervalMs: e.UPTIME_CHECK_INTERVAL_MS,
    uptimeCheckTimeoutMs: e.UPTIME_CHECK_TIMEOUT_MS,
    uptimeRetentionDays: e.UPTIME_RETENTION_DAYS,
    /** Alert rules: evaluation interval and webhook timeout, ms; which webhook URLs are admitted (lib/outbound-url.ts). */
    alertEvaluationIntervalMs: e.ALERT_EVALUATION_INTERVAL_MS,
    alertFiringRetentionDays: e.ALERT_FIRING_RETENTION_DAYS,
    alertWebhookTimeoutMs: e.ALERT_WEBHOOK_TIMEOUT_MS,
    alertWebhookPolicy: { httpsOnly: e.ALERT_WEBHOOK_ALLOW_PRIVATE !== 'true', allowPrivate: e.ALERT_WEBHOOK_ALLOW_PRIVATE === 'true' },
    /** Build directories whose source maps are imported at start. */
    sourceMapDirs: e.SOURCE_MAP_DIRS.split(',').map((dir) => dir.trim()).filter(Boolean),
    /** Share of browser sessions kept for release health, 0..1. */
    webVitalsSampleRate: e.WEB_VITALS_SAMPLE_RATE,
    /** Web Vitals beacons per minute and client IP. */
    vitalsPerMinute: e.VITALS_PER_MINUTE,
    /** Sessions with Web Vitals each version needs before the canary guard compares their speed. */
    canaryMinVitalsSessions: e.CANARY_MIN_VITALS_SESSIONS,
    /** Traces of requests and jobs at least this long are kept like failed ones, ms. */
    traceSlowMs: e.TRACE_SLOW_MS,
    /** OTLP/HTTP traces endpoint, when spans are exported. */
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    /** Stock at or below which a product raises a low-stock notification. */
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    /** Unresolved errors within an hour that raise an 'errors piling up' notification. */
    errorAlertThreshold: e.ERROR_ALERT_THRESHOLD,
    /** The service's own version (recorded with its 5xx errors). */
    apiVersion: e.API_VERSION,
    /** `API_DOCS`: the API reference is served under `/api/docs` (plugins/api-docs.ts). */
    apiDocs: e.API_DOCS === 'true',
    payment: {
      provider: paymentProvider,
      sandboxDelayMs: e.PAYMENT_SANDBOX_DELAY_MS,
      /** 'Parcelamento sem cartão' (Linha de Crédito) offered (`PAYMENT_CREDITS`). */
      credits: e.PAYMENT_CREDITS === 'on',
      pixKey: e.PIX_KEY,
      merchantName: e.PIX_MERCHANT_NAME,
      merchantCity: e.PIX_MERCHANT_CITY,
      /** Per-call timeout of the acquirer, ms. */
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      mercadoPago:
        paymentProvider === 'mercadopago'
          ? { accessToken: e.MERCADOPAGO_ACCESS_TOKEN!, publicKey: e.MERCADOPAGO_PUBLIC_KEY!, webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET!, apiUrl: e.MERCADOPAGO_API_URL, sdkUrl: e.MERCADOPAGO_SDK_URL }
          : null,
    },
    /** Server-side conversions (modules/analytics): the GA4 Measurement Protocol's and Meta Graph API's origins (no trailing slash) and the timeout of each call, ms. */
    analytics: { ga4Url: e.GA4_MP_URL.replace(/\/$/, ''), metaUrl: e.META_GRAPH_URL.replace(/\/$/, ''), timeoutMs: e.ANALYTICS_TIMEOUT_MS },
    /** CEP lookup: a ViaCEP-compatible origin (null: turned off) and its timeout, ms. */
    cepLookup: { origin: e.CEP_LOOKUP_URL === 'off' ? null : e.CEP_LOOKUP_URL, timeoutMs: e.CEP_LOOKUP_TIMEOUT_MS },
    /** Calls the public routes may make a minute to ViaCEP and to the carrier's quotes, every replica together. */
    upstreamPerMinute: { cepLookups: e.CEP_LOOKUP_UPSTREAM_PER_MINUTE, carrierQuotes: e.CARRIER_QUOTES_UPSTREAM_PER_MINUTE },
    /** Freight: Melhor Envio's settings (null: the freight table only), the store's CEP (8 digits) and the packaging. */
    shipping: shippingConfig(e),
    /**
     * Invoices (modules/invoices): the provider (`off`: none), Focus NFe's origin and token (with
     * `focusnfe`), the emitter (CNPJ 14 digits, UF, NCM 8 digits), the per-call timeout (ms) and
     * the job queue's retries (runs in all, first delay in seconds, doubled each time).
     */
    invoices: invoiceConfig(e),
    /**
     * WhatsApp order updates (modules/messaging): null with `MESSAGING_PROVIDER=off`; else the
     * Cloud API's origin with version, the business number's id, the token, the app secret (the
     * webhook's signature), the verify token (its verification) and the per-call timeout, ms.
     */
    whatsapp: whatsappConfig(e),
    /** `POST /api/orders` per account and minute. */
    orderRateLimitPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
    /** `POST /api/order-tracking/lookup` per address and minute (guessing numbers and e-mails or CPFs). */
    orderTrackingRateLimitPerMinute: e.ORDER_TRACKING_RATE_LIMIT_PER_MINUTE,
    /** Stock hoarding caps: units of one product per order, and in one account's unpaid orders. */
    orderLimits: { maxUnitsPerProduct: e.ORDER_MAX_UNITS_PER_PRODUCT, maxUnpaidUnitsPerProduct: e.ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT, boletoHoldBusinessDays: e.BOLETO_HOLD_BUSINESS_DAYS, paymentRenewalWindowDays: e.PAYMENT_RENEWAL_WINDOW_DAYS },
    remoteRegistryFile: e.REMOTE_REGISTRY_FILE ? path.resolve(e.REMOTE_REGISTRY_FILE) : undefined,
    remoteOrigins,
    /** Origins released remote builds may be fetched from (the release allow-list, and the shell's CSP). */
    releaseOrigins: parseReleaseOrigins(e.RELEASE_ORIGINS, Object.values(remoteOrigins)),
    shellUrl,
    /** Origins allowed to call the API from a browser. */
    corsOrigins: withLocalhostTwins([shellUrl, ...Object.values(remoteOrigins)]),
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    /** `pretty`, `json`, or undefined (chosen by the output: lib/log-destination.ts). */
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
function shippingConfig(e: ConfigEnv) {
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
    /** Who sells labels: Melhor Envio, the sandbox, or nobody (`CARRIER=table`). */
    labels: e.CARRIER === 'table' ? null : e.CARRIER,
    /** `MELHOR_ENVIO_WEBHOOK_SECRET`: checks the carrier webhook's `X-ME-Signature` (null: every webhook is refused). */
    webhookSecret: e.MELHOR_ENVIO_WEBHOOK_SECRET ?? null,
    /** `SHIPPING_SENDER_DOCUMENT`: the store's CNPJ or CPF on labels, digits. */
    senderDocument: e.SHIPPING_SENDER_DOCUMENT ?? null,
    /** `SHIPPING_SENDER_ADDRESS`: the sender's address on labels (its CEP is `originCep`). */
    senderAddress: senderAddress(e.SHIPPING_SENDER_ADDRESS),
    /** `SHIPMENT_TRACKING_INTERVAL_MS`: how often labels not yet delivered are tracked, ms. */
    trackingIntervalMs: e.SHIPMENT_TRACKING_INTERVAL_MS,
    originCep: e.SHIPPING_ORIGIN_CEP.replace('-', ''),
    packaging: { box: { lengthCm, widthCm, heightCm }, packagingGrams: e.PACKAGE_WEIGHT_G, defaultItemGrams: e.DEFAULT_ITEM_WEIGHT_G },
  };
}

/** A CNPJ that passes the check digits, used by the sandbox when `INVOICE_EMITTER_CNPJ` is unset. */
const SANDBOX_EMITTER_CNPJ = '11222333000181';

/**
 * Invoice settings: `sandbox` by default outside production and refused in it (its
 * invoices have no fiscal value), where the default is `off`; `focusnfe` needs `FOCUS_NFE_TOKEN`
 * and `INVOICE_EMITTER_CNPJ`. @throws Error saying what to set.
 */
function invoiceConfig(e: ConfigEnv) {
  const production = e.NODE_ENV === 'production';
  const provider: 'off' | 'sandbox' | 'focusnfe' = e.INVOICE_PROVIDER ?? (production ? 'off' : 'sandbox');
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

/**
 * WhatsApp settings: off unless `MESSAGING_PROVIDER=whatsapp`, which needs the token, the phone
 * number's id, the app secret and the verify token. @throws Error saying what to set.
 */
function whatsappConfig(e: ConfigEnv) {
  if (e.MESSAGING_PROVIDER !== 'whatsapp') return null;
  const required = ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
  const missing = required.filter((name) => !e[name]);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.map((name) => `${name}: required with MESSAGING_PROVIDER=whatsapp`).join('\n')}`);
  return {
    apiUrl: e.WHATSAPP_API_URL,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
    accessToken: e.WHATSAPP_ACCESS_TOKEN!,
    appSecret: e.WHATSAPP_APP_SECRET!,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
    timeoutMs: e.WHATSAPP_TIMEOUT_MS,
  };
}

/** `street, number, district, city, UF` as its parts (the regex of config-env checked the shape). */
function senderAddress(value: string | undefined): { street: string; number: string; district: string; city: string; state: string } | null {
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
