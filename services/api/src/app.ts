/**
 * The service as a Fastify instance (fastify/demo habit: app.ts builds, server.ts listens).
 * Tests build it with a real ORM and storage and call it with `inject` or real HTTP.
 *
 * The composition root: it registers the infrastructure plugins, then each domain module's
 * service plugin (its services built once, decorated on the app), its routes (routes.ts), and
 * last the background work (bootstrap/background-work.ts: every job and subscriber). It hands one
 * module what another lends it (the auth plugin gets identity's session lookup, the catalogue
 * gets orders' "is this product ordered?", the returns get the order workflow), so neither
 * imports the other.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { MikroORM } from '@mikro-orm/postgresql';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { maskPathTokens } from '@prata/contracts';
import type { AppConfig } from './config.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { nulCharacterPath } from './lib/nul-characters.ts';
import { ValidationError } from './errors.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
// Infrastructure: plugins that decorate the app and know no domain module.
import accessPlugin from './plugins/access.ts';
import apiDocsPlugin from './plugins/api-docs.ts';
import tracingPlugin from './plugins/tracing.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import authPlugin from './plugins/auth.ts';
import clockPlugin from './plugins/clock.ts';
import configPlugin from './plugins/config.ts';
import errorHandlerPlugin from './plugins/error-handler.ts';
import eventsPlugin from './plugins/events.ts';
import jobsPlugin from './plugins/jobs.ts';
import mailPlugin from './plugins/mail.ts';
import ormPlugin from './plugins/orm.ts';
import { postgresRateLimitStore, type SqlExecutor } from './plugins/rate-limit-store.ts';
import storagePlugin from './plugins/storage.ts';
// Domain modules: their service plugins and public functions through index.ts, their routes through routes.ts.
import { liveSessionRoles } from './modules/identity/index.ts';
import { backInStockPlugin } from './modules/back-in-stock/index.ts';
import { cartsPlugin } from './modules/carts/index.ts';
import { feedsPlugin } from './modules/feeds/index.ts';
import { fulfilmentPlugin } from './modules/fulfilment/index.ts';
import { invoicesPlugin } from './modules/invoices/index.ts';
import { messagingPlugin } from './modules/messaging/index.ts';
import { monitoringPlugin } from './modules/monitoring/index.ts';
import { notificationsPlugin } from './modules/notifications/index.ts';
import { orderServicesPlugin, orderedVariants, productIsOrdered } from './modules/orders/index.ts';
import { paymentsPlugin } from './modules/payments/index.ts';
import { platformPlugin, releaseHealthPlugin } from './modules/platform/index.ts';
import { realtimePlugin } from './modules/realtime/index.ts';
import { reservationsPlugin } from './modules/reservations/index.ts';
import { storeCreditLedger } from './modules/store-credit/index.ts';
import { systemErrorsPlugin } from './modules/system-errors/index.ts';
import addressRoutes from './modules/addresses/routes.ts';
import auditRoutes from './modules/audit/routes.ts';
import backInStockRoutes from './modules/back-in-stock/routes.ts';
import cartRoutes from './modules/carts/routes.ts';
import catalogueRoutes from './modules/catalogue/routes.ts';
import contentRoutes from './modules/content/routes.ts';
import failedEmailRoutes from './modules/failed-emails/routes.ts';
import feedRoutes from './modules/feeds/routes.ts';
import consentRoutes from './modules/consent/routes.ts';
import fulfilmentRoutes from './modules/fulfilment/routes.ts';
import identityRoutes from './modules/identity/routes.ts';
import invoiceRoutes from './modules/invoices/routes.ts';
import messagingRoutes from './modules/messaging/routes.ts';
import monitoringRoutes from './modules/monitoring/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import { adminOrderRoutes, orderRoutes } from './modules/orders/routes.ts';
import paymentRoutes from './modules/payments/routes.ts';
import platformRoutes from './modules/platform/routes.ts';
import promotionRoutes from './modules/promotions/routes.ts';
import qualityRoutes from './modules/quality/routes.ts';
import realtimeRoutes from './modules/realtime/routes.ts';
import reportRoutes from './modules/reports/routes.ts';
import reservationRoutes from './modules/reservations/routes.ts';
import returnRoutes from './modules/returns/routes.ts';
import reviewRoutes from './modules/reviews/routes.ts';
import { rankByRating, ratingsOf, reviewsPlugin } from './modules/reviews/index.ts';
import searchRoutes from './modules/search/routes.ts';
import settingsRoutes from './modules/settings/routes.ts';
import shippingRoutes from './modules/shipping/routes.ts';
import systemErrorRoutes from './modules/system-errors/routes.ts';
import replayFeedbackRoutes from './modules/system-errors/replay-feedback.routes.ts';
import userRoutes from './modules/users/routes.ts';
import backgroundWorkPlugin from './bootstrap/background-work.ts';

/** How long browsers may cache a CORS preflight, in s (Chromium caps it at 7200). */
export const CORS_MAX_AGE_S = 7200;

/**
 * Security headers of the API (helmet): it serves JSON and images only, so its CSP
 * allows nothing to run or frame it; images and stored files may be embedded by the store's
 * pages on other origins (Cross-Origin-Resource-Policy: cross-origin, set by those routes);
 * HSTS only when the public URL is https.
 */
function apiHelmetOptions(config: AppConfig) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

export interface AppDependencies {
  config: AppConfig;
  orm: MikroORM;
  storage: ObjectStorage;
  /** Time source (tests pass a controllable one). */
  clock?: Clock;
}

/**
 * Builds the service (not listening). Logs through `loggerInstance` when given (server.ts passes
 * its pino logger), else a pino logger at the configured level.
 */
export async function buildApp(deps: AppDependencies, loggerInstance?: FastifyBaseLogger): Promise<FastifyInstance> {
  // The client IP is the socket address unless TRUST_PROXY names the proxies in front of us.
  const { trustProxy } = deps.config;
  const base = {
    // A hop count trusts that many proxies nearest to us (proxy-addr's own rule for numbers).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // Graceful close: idle keep-alive sockets are closed, requests in flight finish; requests that
    // arrive meanwhile get the pt-BR 503 of plugins/error-handler.ts, not Fastify's English one.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // One access log line per request (below), not Fastify's two (received, completed): the
    // logging cost per request is halved on hot public routes.
    logController: new LogController({ disableRequestLogging: true }),
    // Router errors (malformed URL, over-long parameter) are answered before any route runs: in pt-BR too.
    frameworkErrors: (error: { statusCode?: number }, _request: unknown, reply: FastifyReply) =>
      reply.code(error.statusCode ?? 400).send({ error: 'bad_request', message: 'Requisição inválida' }),
  } as const;
  const app = (
    loggerInstance ? Fastify({ ...base, loggerInstance }) : Fastify({ ...base, logger: { level: deps.config.logLevel } })
  ).withTypeProvider<ZodTypeProvider>();
  app.addHook('onResponse', async (request, reply) => {
    // A tracking link's token is its authorisation: masked (contracts `maskPathTokens`), as reset tokens never reach a URL.
    request.log.info({ method: request.method, url: maskPathTokens(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config: deps.config });
  await app.register(tracingPlugin);
  await app.register(clockPlugin, { clock: deps.clock ?? systemClock });
  await app.register(accessPlugin);
  await app.register(errorHandlerPlugin);
  // PostgreSQL text cannot hold U+0000: a request carrying one is a 400 here, never a database error.
  app.addHook('preValidation', async (request) => {
    const path = nulCharacterPath({ query: request.query, params: request.params, body: request.body });
    if (path !== null) throw new ValidationError('Dados inválidos', [{ path, message: 'Caractere inválido' }]);
  });
  // Before any route: the API reference collects the routes as they register.
  await app.register(apiDocsPlugin);
  // helmet's headers, computed once: the same headers on every response, set in onRequest.
  await app.register(securityHeadersPlugin, { helmet: apiHelmetOptions(deps.config) });
  await app.register(cors, { origin: deps.config.corsOrigins, credentials: true, methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], exposedHeaders: ['traceresponse'], maxAge: CORS_MAX_AGE_S });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(ormPlugin, { orm: deps.orm });
  await app.register(storagePlugin, { storage: deps.storage });
  await app.register(mailPlugin);
  await app.register(eventsPlugin);
  await app.register(releaseHealthPlugin);
  await app.register(platformPlugin);
  await app.register(systemErrorsPlugin);
  await app.register(jobsPlugin);
  await app.register(monitoringPlugin);
  await app.register(paymentsPlugin);
  // Counters in PostgreSQL, shared by every replica; IPv6 clients grouped by /64 (the plugin's default).
  const execute: SqlExecutor = (sql, params) => app.orm.em.getConnection().execute(sql, params, 'all');
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(execute) });
  await app.register(authPlugin, { sessionRoles: liveSessionRoles });
  // The order and fulfilment services, built once; orders get the store-credit ledger lent (its
  // entries reference orders, so that module sits above orders).
  await app.register(orderServicesPlugin, { storeCredit: storeCreditLedger });
  await app.register(fulfilmentPlugin);

  // The modules' services, each built once and decorated on the app (routes and background work share them).
  await app.register(reservationsPlugin);
  await app.register(backInStockPlugin);
  await app.register(cartsPlugin);
  await app.register(invoicesPlugin);
  await app.register(messagingPlugin);
  await app.register(notificationsPlugin);
  await app.register(reviewsPlugin);
  await app.register(realtimePlugin);
  await app.register(feedsPlugin);
  await app.register(platformRoutes);
  await app.register(catalogueRoutes, { isOrdered: productIsOrdered, orderedVariants, rankByRating, ratingsOf });
  await app.register(identityRoutes);
  await app.register(addressRoutes);
  await app.register(shippingRoutes);
  await app.register(promotionRoutes);
  await app.register(reservationRoutes);
  await app.register(backInStockRoutes);
  await app.register(cartRoutes);
  // The API reference lists routes in registration order: labels, shoppers' orders, payments, staff orders.
  await app.register(fulfilmentRoutes);
  await app.register(orderRoutes);
  // The acquirer's notifications move orders: the payments module lends the request, orders apply it.
  await app.register(paymentRoutes, { handleWebhook: (em, request) => app.orders.reconciliation.handleWebhook(em, request) });
  await app.register(adminOrderRoutes);
  await app.register(invoiceRoutes);
  await app.register(messagingRoutes);
  await app.register(returnRoutes, { workflow: app.orders.workflow });
  await app.register(reviewRoutes);
  await app.register(contentRoutes);
  await app.register(settingsRoutes);
  await app.register(auditRoutes);
  await app.register(searchRoutes);
  await app.register(reportRoutes);
  await app.register(userRoutes);
  await app.register(systemErrorRoutes);
  await app.register(replayFeedbackRoutes);
  await app.register(failedEmailRoutes);
  await app.register(notificationRoutes);
  await app.register(realtimeRoutes);
  await app.register(feedRoutes);
  await app.register(consentRoutes);
  await app.register(qualityRoutes);
  await app.register(monitoringRoutes);
  // What runs in the background, in one list (jobs and subscribers of every module and of the infrastructure).
  await app.register(backgroundWorkPlugin);
  return app;
}
