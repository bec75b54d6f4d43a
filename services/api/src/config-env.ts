/**
 * The environment variables of the service and their defaults, as one zod schema
 * ({@link envSchema}); config.ts parses the environment with it once at start and turns the
 * result into an `AppConfig`. An empty variable counts as unset. Units are in the names (`_MS`
 * milliseconds, `_SECONDS`, `_DAYS`, `_BYTES`, `_PER_MINUTE`).
 *
 * Environment variables (all optional):
 * - `API_PORT` (default 3000), `API_HOST` (default 127.0.0.1)
 * - `PUBLIC_API_URL`: the origin clients reach the API at (default http://127.0.0.1:API_PORT);
 *   used to build absolute image URLs.
 * - `DATABASE_URL`: a PostgreSQL server to use. Without it an embedded PostgreSQL is started.
 * - `DATA_DIR` (default `<repo>/.data`): embedded PostgreSQL data and the default storage root.
 * - `EMBEDDED_PG_PORT` (default 54329): port of the embedded PostgreSQL.
 * - `EMBEDDED_PG_DURABLE` (default `true`): `false` runs the embedded PostgreSQL with its
 *   non-durable settings (no fsync: an OS crash can lose or corrupt the data), for a store whose
 *   data is thrown away (the e2e suite's). Never in a store that keeps its orders.
 * - `STORAGE` (default `local`): where product images live (storage/object-storage.ts).
 *   `local`: files under `STORAGE_ROOT` (default `DATA_DIR/storage`). `s3`: an S3-compatible
 *   bucket shared by every service process (AWS S3, MinIO, R2): `STORAGE_S3_BUCKET` (required),
 *   `STORAGE_S3_PREFIX` (key prefix, default none), `STORAGE_S3_ENDPOINT` (MinIO/R2; unset for
 *   AWS), `STORAGE_S3_REGION` (default us-east-1), `STORAGE_S3_FORCE_PATH_STYLE=true` (MinIO),
 *   credentials from `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` (or the AWS SDK's other sources).
 * - `JWT_SECRET`: signing secret for access tokens; `ENCRYPTION_KEY`: key for secrets at rest
 *   (TOTP). When unset, `npm start` generates both once and keeps them in `DATA_DIR/secrets.json`.
 * - `CLIENT_ID_SECRET`: the secret the shell's host signs its client ids with (the same value in
 *   the host's settings; contracts/client-id.ts). While a canary runs, the registry counts a
 *   host-signed id under the shopper's address the host saw, since every server-rendered page asks
 *   from the host's own address; an id it cannot verify is counted under the address that asked.
 *   Unset: no id verifies (the canary guard then counts at most CANARY_CLIENTS_PER_ADDRESS
 *   shoppers per asking address, so the host's shoppers count as five); `npm start` sets one per run.
 * - `SMTP_URL` (e.g. smtps://user:pass@smtp.example.com): deliver e-mail through SMTP; without it
 *   e-mail is written to the outbox table and the log only (the local mail mode). `MAIL_FROM` is the
 *   sender. With `NODE_ENV=production` the service refuses to start without `SMTP_URL` unless
 *   `MAIL_DISABLED=true` (then nothing is sent, stored or logged), so production never runs
 *   in the local mail mode by accident.
 * - `STORE_NAME` (default Prata 925): TOTP issuer and e-mail signature.
 * - `AUTH_RATE_LIMIT_PER_MINUTE` (default 30): per-IP limit of each sign-in/sign-up/recovery route;
 *   `TOTP_RATE_LIMIT_PER_MINUTE` (default 10): per-IP limit of the sign-in TOTP step.
 * - `BACK_IN_STOCK_CONFIRMATIONS_PER_DAY` (default 5): at most this many back-in-stock confirmation
 *   e-mails to one address in 24 hours, across products (anonymous subscribes must not make the store an
 *   open mailer); past it a subscribe answers as usual and
 *   sends nothing.
 * - `REVIEW_REQUEST_DELAY_DAYS` (default 8): the initial value, for a new store's settings row
 *   only, of the days after delivery when the "Avalie a sua compra" e-mail goes (once per order;
 *   the owner changes it in the panel's recovery settings, `store_settings`); `REVIEW_RATE_LIMIT_PER_MINUTE` (default 10): reviews one account
 *   may send a minute (photo uploads: three times as many).
 * - `TRUST_PROXY` (default off): set only when the API is reached through reverse proxies; the
 *   number of proxies in front of it (e.g. `1`) or their addresses/CIDRs (comma-separated, e.g.
 *   `10.0.0.0/8,172.16.0.0/12`). Only then is `X-Forwarded-For` read for the client IP (rate
 *   limits, audit log); otherwise the socket address is the client.
 * - `NODE_ENV=production`: the one place NODE_ENV matters. The service then refuses to start
 *   unless `JWT_SECRET` and `ENCRYPTION_KEY` are set, distinct, >= 32 characters and not a
 *   well-known placeholder (see `productionSecretProblems` in config-values.ts).
 * - `ACCESS_TOKEN_TTL_MS` (default 15 min), `REFRESH_TOKEN_TTL_DAYS` (default 30).
 * - `RESERVATION_CLEANUP_INTERVAL_MS` (default 60000): how often expired reservations are released
 *   and unpaid orders expire (jobs on the pg-boss queue, once across service processes).
 * - `RESERVATION_MAX_PER_ACCOUNT` (default 5): favourites' holds one account keeps at once;
 *   `RESERVATION_COOLDOWN_MS` (default 24 h): how long after a hold began the same account may not
 *   hold the same product again (no hoarding stock through favourites).
 * - `JOBS_POLL_INTERVAL_MS` (default 2000; 0 = only when `app.jobs.tick()` is called, as tests do):
 *   how often each process enqueues due periodic jobs and works the queue.
 * - `JOBS_EXPIRE_SECONDS` (default 900, pg-boss's): a job still running this long after a process
 *   took it (the process died mid-job, or the job hangs) is failed by the queue, and a queue job is
 *   retried by another process; keep it above the longest job, or a slow job runs twice.
 *   `JOBS_SUPERVISE_INTERVAL_SECONDS` (default 60): how often the queue looks for such jobs.
 * - `OUTBOX_CATCHUP_INTERVAL_MS` (default 30000): how often the outbox relay catch-up job runs.
 * - `CART_RECOVERY_INTERVAL_MS` (default 300000): how often the `cart-recovery` job looks for carts
 *   whose reminder is due (the delays themselves are the owner's, in the panel's settings).
 * - `CATALOGUE_FEED_DEBOUNCE_SECONDS` (default 60; 0 = at the next poll): how long after the first
 *   change to the catalogue the `catalogue-feeds-regenerate` job rebuilds the catalogue feeds; the
 *   changes within that window share one rebuild (modules/feeds).
 * - `MAIL_RETRY_INTERVAL_MS` (default 60000, whole seconds), `MAIL_MAX_ATTEMPTS` (default 5): failed
 *   e-mails are retried on the job queue after the interval, doubled each time, and become a system
 *   error at the last attempt (mail/mail-retries.ts).
 * - `OUTBOX_HANDLER_MAX_ATTEMPTS` (default 5), `OUTBOX_RETRY_DELAY_SECONDS` (default 30): a failed
 *   domain-event handler is retried on the job queue after the delay, doubled each time, and
 *   dead-lettered after the last attempt (events/handler-retries.ts).
 * - `REALTIME_HEARTBEAT_MS` (default 25000), `REALTIME_MAX_BUFFER_BYTES` (default 1 MiB: a slower
 *   websocket client is dropped), `REALTIME_REPLAY_LIMIT` (default 200 events: further behind,
 *   a reconnecting client is told to resync), `REALTIME_MAX_SOCKETS_PER_IP` (20),
 *   `REALTIME_MAX_SOCKETS_PER_ACCOUNT` (10), `REALTIME_MESSAGES_PER_MINUTE` (60): per-process caps
 *   so one address or account cannot exhaust the websocket server.
 * - `ERROR_REPORTS_PER_MINUTE` (default 30, per client IP); reports with the same fingerprint are
 *   counted into one issue; `ERROR_RETENTION_DAYS` (default 30): issues last seen
 *   longer ago are deleted daily.
 * - `JOB_MONITOR_GRACE_MS` (default 60000): a periodic job counts as late in the developer area
 *   ('Atrasada') when it has not run for more than two of its intervals plus this grace;
 *   `JOB_RUN_RETENTION_DAYS` (default 14): recorded job runs older than this are deleted (the
 *   `monitor-retention` job, hourly).
 * - `UPTIME_CHECK_INTERVAL_MS` (default 60000; 0 = off): how often the `uptime-check` job GETs the
 *   store's `/` and `/produtos` at `SHELL_URL` (the store's public URL), the catalogue API
 *   (`/api/products` at `PUBLIC_API_URL`) and each remote's active `mf-manifest.json`;
 *   `UPTIME_CHECK_TIMEOUT_MS` (default 10000): past it a check counts as down;
 *   `UPTIME_RETENTION_DAYS` (default 30): checks older than this are deleted (`monitor-retention`).
 * - Alert rules (the developer area's 'Alertas'): `ALERT_EVALUATION_INTERVAL_MS` (default 60000):
 *   how often the `alert-evaluation` job evaluates them; `ALERT_WEBHOOK_TIMEOUT_MS` (default
 *   10000); `ALERT_WEBHOOK_ALLOW_PRIVATE` (default false): admit webhook URLs on private, loopback
 *   or local addresses and plain http (development and tests; refused with `NODE_ENV=production`,
 *   where webhooks must be https on public addresses: lib/outbound-url.ts);
 *   `ALERT_FIRING_RETENTION_DAYS` (default 90): firings older than this are deleted
 *   (`monitor-retention`).
 * - `SOURCE_MAP_DIRS` (default none; `npm start` sets it): build directories whose hidden source
 *   maps are imported at start, comma-separated (releases upload theirs).
 * - `WEB_VITALS_SAMPLE_RATE` (default 1: every session): the share of browser sessions whose Web
 *   Vitals and crashes are kept for release health; `VITALS_PER_MINUTE` (default 60):
 *   Web Vitals beacons per minute and client IP; `CANARY_MIN_VITALS_SESSIONS` (default 20): sessions
 *   with Web Vitals each version needs before the canary guard compares their speed.
 * - `TRACE_SLOW_MS` (default 1000): requests and jobs at least this long keep their trace in
 *   memory for the developer area, like failed ones; `OTEL_EXPORTER_OTLP_ENDPOINT`
 *   (default none): an OTLP/HTTP traces endpoint (e.g. `http://collector:4318/v1/traces`) that
 *   also receives every span, in batches.
 * - `LOW_STOCK_THRESHOLD` (default 3): the low-stock threshold a fresh store starts with
 *   (afterwards it is stored in `store_settings` and set in the panel).
 * - `ERROR_ALERT_THRESHOLD` (default 10): unresolved errors in the last hour that raise an alert.
 * - `API_VERSION` (default the package version): the version the service records with its 5xx.
 * - `API_DOCS` (default true): serve the API reference (OpenAPI JSON and a reader) under `/api/docs`;
 *   `false` turns it off (e.g. in production).
 * - `PAYMENT_PROVIDER`: `sandbox` (the default; refused with `NODE_ENV=production`) or
 *   `mercadopago` (modules/payments/payment-provider.ts);
 *   `PAYMENT_SANDBOX_DELAY_MS` (default 2000, the spec's wait), `PIX_KEY`, `PIX_MERCHANT_NAME`,
 *   `PIX_MERCHANT_CITY` (the sandbox's PIX receiver in BR Codes); `MERCADOPAGO_ACCESS_TOKEN`,
 *   `MERCADOPAGO_PUBLIC_KEY`, `MERCADOPAGO_WEBHOOK_SECRET` (all three required with
 *   `mercadopago`), `MERCADOPAGO_API_URL` (default https://api.mercadopago.com),
 *   `MERCADOPAGO_SDK_URL` (MercadoPago.js v2, default https://sdk.mercadopago.com/js/v2: the
 *   checkout loads it and mounts its secure card fields; tests point it at a local double),
 *   `PAYMENT_CREDITS` (`on`, the default, or `off`: offer 'Parcelamento sem cartão', Mercado Pago's
 *   Linha de Crédito, with either acquirer; turn it off where the account does not offer it),
 *   `PAYMENT_TIMEOUT_MS` (default 10000), `ORDER_RATE_LIMIT_PER_MINUTE` (default 10, per account),
 *   `ORDER_TRACKING_RATE_LIMIT_PER_MINUTE` (default 10, per address: order lookups by number and e-mail or CPF).
 * - `GA4_MP_URL` (default https://www.google-analytics.com) and `META_GRAPH_URL` (default
 *   https://graph.facebook.com): the origins of the GA4 Measurement Protocol and the Meta Graph API
 *   (Conversions API) the server sends paid orders' purchases to (modules/analytics; tests point
 *   them at local doubles); the ids and secrets are the owner's, set in the panel.
 *   `ANALYTICS_TIMEOUT_MS` (default 5000): timeout of each call.
 * - `CEP_LOOKUP_URL` (default https://viacep.com.br): the ViaCEP-compatible origin that fills an
 *   address from its CEP (modules/shipping/cep-lookup.ts); `off` turns lookups off (the
 *   forms are then filled by hand). `CEP_LOOKUP_TIMEOUT_MS` (default 2000): past it the lookup
 *   counts as down. `CEP_LOOKUP_UPSTREAM_PER_MINUTE` (default 300) and
 *   `CARRIER_QUOTES_UPSTREAM_PER_MINUTE` (default 200): calls to ViaCEP and to the carrier's quotes
 *   the public routes may make a minute, all replicas together (answers are cached; past it the
 *   lookup counts as down and the quote comes from the table: modules/shipping/upstream-guard.ts).
 * - Freight (modules/shipping): `CARRIER` (`table`, the default: quotes from the store's
 *   freight table by region; `melhorenvio`: Melhor Envio's API, the table when it does not answer),
 *   `MELHOR_ENVIO_TOKEN` (required with `melhorenvio`), `MELHOR_ENVIO_URL` (default
 *   https://melhorenvio.com.br), `MELHOR_ENVIO_USER_AGENT` (default `Prata 925 (MAIL_FROM's address)`),
 *   `CARRIER_TIMEOUT_MS` (default 2000), `SHIPPING_ORIGIN_CEP` (default 01310-100: where parcels
 *   leave from), the packaging rules `PACKAGE_BOX_CM` (default `16x11x6`, length x width x height),
 *   `PACKAGE_WEIGHT_G` (default 100: box and padding) and `DEFAULT_ITEM_WEIGHT_G` (default 30: a
 *   piece whose product has no weight).
 *   Labels and tracking (modules/fulfilment/shipping-labels.service.ts): with `melhorenvio` the
 *   owner buys labels from the order page, paid from the Melhor Envio account's balance;
 *   `SHIPPING_SENDER_DOCUMENT` (the store's CNPJ or CPF, digits) and `SHIPPING_SENDER_ADDRESS`
 *   (`street, number, district, city, UF`; the CEP is `SHIPPING_ORIGIN_CEP`) are the label's sender;
 *   `MELHOR_ENVIO_WEBHOOK_SECRET` (the Melhor Envio app's secret) checks the `X-ME-Signature` of
 *   its webhook `POST /api/shipping/webhook` (without it every webhook is refused and only polling
 *   runs); `SHIPMENT_TRACKING_INTERVAL_MS` (default 1 800 000, 30 min) polls the tracking of labels
 *   not yet delivered. `sandbox` quotes from the freight table and sells simulated labels (no
 *   money, a printable test page, tracking that advances to posted after 2 minutes and delivered
 *   after 5) so the flow can be seen without an aggregator, and is refused with
 *   `NODE_ENV=production`; `table` sells none: the owner enters carrier and tracking code by hand.
 * - Invoices (modules/invoices): `INVOICE_PROVIDER` (`sandbox`, the default outside
 *   production: authorises at once, no fiscal value; refused with `NODE_ENV=production`, where the
 *   default is `off`; `focusnfe`: Focus NFe's API v2; `off`: no invoices), `FOCUS_NFE_URL` (default
 *   https://api.focusnfe.com.br; https://homologacao.focusnfe.com.br for Focus NFe's test
 *   environment), `FOCUS_NFE_TOKEN` and `INVOICE_EMITTER_CNPJ` (both required with `focusnfe`),
 *   `INVOICE_EMITTER_UF` (default SP: where the goods leave from, CFOP 5102 inside it, 6108 outside),
 *   `INVOICE_NCM` (default 7113.11.00, silver jewellery), `INVOICE_TIMEOUT_MS` (default 10000),
 *   `INVOICE_MAX_ATTEMPTS` (default 10) and `INVOICE_RETRY_DELAY_SECONDS` (default 60, doubled at
 *   each retry) for the job queue's retries while the provider is down or SEFAZ still authorising.
 * - WhatsApp order updates (modules/messaging): `MESSAGING_PROVIDER` (`off`, the default: the
 *   order e-mails only; `whatsapp`: the WhatsApp Business Cloud API's utility templates, in addition
 *   to the e-mails, to shoppers who opt in at checkout), with `whatsapp` the required
 *   `WHATSAPP_ACCESS_TOKEN` (a system user's token), `WHATSAPP_PHONE_NUMBER_ID` (the business
 *   number's id in WhatsApp Manager), `WHATSAPP_APP_SECRET` (checks the status webhook's
 *   `X-Hub-Signature-256`) and `WHATSAPP_VERIFY_TOKEN` (answers the webhook's verification), and
 *   `WHATSAPP_API_URL` (default https://graph.facebook.com/v21.0, the Graph API's version
 *   included), `WHATSAPP_TIMEOUT_MS` (default 10000). Failed sends are retried as the e-mails are
 *   (`MAIL_MAX_ATTEMPTS`, `MAIL_RETRY_INTERVAL_MS`).
 * - Stock hoarding caps (no account ties up stock with unpaid orders): `ORDER_MAX_UNITS_PER_PRODUCT` (default 5 units of one product
 *   per order), `ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT` (default 10 units of one product across an
 *   account's unpaid orders), `BOLETO_HOLD_BUSINESS_DAYS` (default 1: an unpaid boleto order
 *   releases its units at the end of that business day after issue; the boleto stays payable and
 *   a later payment becomes the staff's paid-after-expiry alert).
 * - `PAYMENT_RENEWAL_WINDOW_DAYS` (default 7): the initial value, for a new store's settings row
 *   only, of how many days after its PIX or boleto expired an order may still get a new one for
 *   the same order ('Gerar novo PIX', orders/payment-recovery.service.ts; the owner changes it in
 *   the panel's recovery settings, `store_settings`).
 * - `DEMO_ACCOUNTS` (default false): create demo accounts at start and print their passwords;
 *   refused with `NODE_ENV=production` (demo staff have no 2FA).
 * - `DEMO_ORDER_HISTORY` (default true; only with `DEMO_ACCOUNTS` on): on the first start with the
 *   demo accounts, also seed 90 days of demo orders (seeding/demo-orders.ts), so the
 *   panel's dashboard, sales, orders and bell have figures; `false` leaves the order tables empty.
 * - `RELEASE_ORIGINS` (default the remotes' origins): where released builds may be fetched from;
 *   a release elsewhere is refused (see `parseReleaseOrigins` in config-values.ts).
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
import { MERCADOPAGO_DEFAULTS } from '@prata/contracts';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

/** Every variable the service reads, with its default (see the module doc). */
export const envSchema = z.object({
  API_PORT: port.default(3000),
  API_HOST: z.string().default('127.0.0.1'),
  PUBLIC_API_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: z.string().optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_PG_DURABLE: z.enum(['true', 'false']).default('true'),
  STORAGE_ROOT: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  STORAGE_S3_BUCKET: z.string().min(3).max(63).optional(),
  STORAGE_S3_PREFIX: z.string().max(200).regex(/^([^/]+\/)*$/, 'STORAGE_S3_PREFIX must be empty or end with /').default(''),
  STORAGE_S3_ENDPOINT: z.url().optional(),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  ENCRYPTION_KEY: z.string().min(32, 'ENCRYPTION_KEY must have at least 32 characters').optional(),
  CLIENT_ID_SECRET: z.string().min(32, 'CLIENT_ID_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Prata 925 <nao-responda@prata925.com.br>'),
  MAIL_DISABLED: z.enum(['true', 'false']).default('false'),
  STORE_NAME: z.string().min(1).default('Prata 925'),
  DEMO_ACCOUNTS: z.enum(['true', 'false', '1', '0']).default('false'),
  DEMO_ORDER_HISTORY: z.enum(['true', 'false', '1', '0']).default('true'),
  ACCESS_TOKEN_TTL_MS: z.coerce.number().int().min(10_000).default(15 * 60_000),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  TOTP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BACK_IN_STOCK_CONFIRMATIONS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  REVIEW_REQUEST_DELAY_DAYS: z.coerce.number().int().min(1).max(90).default(8),
  REVIEW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  TRUST_PROXY: z.string().optional(),
  NODE_ENV: z.string().optional(),
  RESERVATION_CLEANUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
  RESERVATION_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
  RESERVATION_COOLDOWN_MS: z.coerce.number().int().min(0).default(24 * 60 * 60_000),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  JOBS_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  JOBS_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  OUTBOX_CATCHUP_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  CART_RECOVERY_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  CATALOGUE_FEED_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
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
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  VITALS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  CANARY_MIN_VITALS_SESSIONS: z.coerce.number().int().min(1).default(20),
  TRACE_SLOW_MS: z.coerce.number().int().min(0).default(1000),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'OTEL_EXPORTER_OTLP_ENDPOINT must be a URL' }).optional(),
  ERROR_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  JOB_MONITOR_GRACE_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  JOB_RUN_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  UPTIME_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  UPTIME_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  UPTIME_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ALERT_EVALUATION_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  ALERT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ALERT_FIRING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ALERT_WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
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
  GA4_MP_URL: z.url().default('https://www.google-analytics.com'),
  META_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  ANALYTICS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  CEP_LOOKUP_URL: z.union([z.literal('off'), z.url()]).default('https://viacep.com.br'),
  CEP_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  CEP_LOOKUP_UPSTREAM_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  CARRIER_QUOTES_UPSTREAM_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(200),
  CARRIER: z.enum(['table', 'melhorenvio', 'sandbox']).default('table'),
  MELHOR_ENVIO_WEBHOOK_SECRET: z.string().min(16).optional(),
  SHIPPING_SENDER_DOCUMENT: z.string().regex(/^(\d{11}|\d{14})$/, 'SHIPPING_SENDER_DOCUMENT must be a CPF (11 digits) or CNPJ (14 digits)').optional(),
  SHIPPING_SENDER_ADDRESS: z
    .string()
    .regex(/^[^,]+(,[^,]+){3},\s*[A-Z]{2}$/, 'SHIPPING_SENDER_ADDRESS must be "street, number, district, city, UF"')
    .optional(),
  SHIPMENT_TRACKING_INTERVAL_MS: z.coerce.number().int().min(60_000).default(1_800_000),
  MELHOR_ENVIO_TOKEN: z.string().min(10).optional(),
  MELHOR_ENVIO_URL: z.url().default('https://melhorenvio.com.br'),
  MELHOR_ENVIO_USER_AGENT: z.string().min(3).optional(),
  CARRIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
  SHIPPING_ORIGIN_CEP: z.string().regex(/^\d{5}-?\d{3}$/, 'SHIPPING_ORIGIN_CEP must be a CEP (00000-000)').default('01310-100'),
  PACKAGE_BOX_CM: z.string().regex(/^\d+x\d+x\d+$/, 'PACKAGE_BOX_CM must be LENGTHxWIDTHxHEIGHT in cm, e.g. 16x11x6').default('16x11x6'),
  PACKAGE_WEIGHT_G: z.coerce.number().int().min(1).max(30_000).default(100),
  DEFAULT_ITEM_WEIGHT_G: z.coerce.number().int().min(1).max(30_000).default(30),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  INVOICE_PROVIDER: z.enum(['off', 'sandbox', 'focusnfe']).optional(),
  FOCUS_NFE_URL: z.url().default('https://api.focusnfe.com.br'),
  FOCUS_NFE_TOKEN: z.string().min(10).optional(),
  INVOICE_EMITTER_CNPJ: z.string().regex(/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/, 'INVOICE_EMITTER_CNPJ must be a CNPJ (00.000.000/0000-00)').optional(),
  INVOICE_EMITTER_UF: z.string().regex(/^[A-Za-z]{2}$/, 'INVOICE_EMITTER_UF must be a two-letter state, e.g. SP').default('SP'),
  INVOICE_NCM: z.string().regex(/^\d{4}\.?\d{2}\.?\d{2}$/, 'INVOICE_NCM must be an NCM code, e.g. 7113.11.00').default('7113.11.00'),
  INVOICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  INVOICE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(10),
  INVOICE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MESSAGING_PROVIDER: z.enum(['off', 'whatsapp']).default('off'),
  WHATSAPP_ACCESS_TOKEN: z.string().min(10).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the numeric id of the phone number in WhatsApp Manager').optional(),
  WHATSAPP_APP_SECRET: z.string().min(16).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16).optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ORDER_TRACKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ORDER_MAX_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(99).default(5),
  ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT: z.coerce.number().int().min(1).max(999).default(10),
  BOLETO_HOLD_BUSINESS_DAYS: z.coerce.number().int().min(1).max(10).default(1),
  PAYMENT_RENEWAL_WINDOW_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  PAYMENT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  PAYMENT_CREDITS: z.enum(['on', 'off']).default('on'),
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

/** The parsed environment. */
export type ConfigEnv = z.infer<typeof envSchema>;
