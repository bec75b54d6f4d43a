/**
 * Service entry point: validate config, open the database (embedded by default, supervised),
 * listen, and shut down gracefully on SIGINT/SIGTERM/SIGHUP: stop accepting connections and let
 * the requests in flight finish (HTTP and websockets), then close the ORM, then stop the embedded
 * PostgreSQL (it runs in its own process group, so a terminal's Ctrl+C does not stop it before
 * the requests are done), so no orphan postgres process is left behind. A shutdown that takes
 * over 15 s exits anyway, after asking the embedded PostgreSQL to stop.
 */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig, withPersistentSecrets, type AppConfig } from './config.ts';
import { seedDemoAccounts } from './seeding/demo-accounts.ts';
import { seedDemoOrderHistory } from './seeding/demo-orders.ts';
import { seedDemoStoreSettings } from './seeding/demo-store-settings.ts';
import { seedDemoCarts } from './seeding/demo-carts.ts';
import { systemClock } from './lib/clock.ts';
import { logDestination } from './lib/log-destination.ts';
import { openDatabase } from './bootstrap/open-database.ts';
import { AdminAccountsService } from './modules/identity/index.ts';

let config: AppConfig;
try {
  config = await withPersistentSecrets(loadConfig());
} catch (error) {
  // A configuration refusal (e.g. weak secrets in production) is a message, not a stack trace.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const logger = pino({ level: config.logLevel, name: 'api' }, await logDestination(process.stdout, config.logFormat));
const log = {
  info: (msg: string) => logger.info(msg),
  warn: (msg: string) => logger.warn(msg),
  debug: (msg: string) => logger.debug(msg),
};

const startedAt = performance.now();
// Signals are handled from the start: a Ctrl+C while the database opens still stops it.
let serving: Promise<FastifyInstance | undefined> = Promise.resolve(undefined);
let stopping = false;
const opening = openDatabase(config, log);

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal} received: shutting down`);
  const force = setTimeout(() => {
    logger.error('shutdown took over 15 s: forcing exit');
    void opening.then((database) => database.signalStop(), () => undefined);
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    const app = await serving.catch(() => undefined);
    await app?.close();
    const database = await opening.catch(() => undefined);
    await database?.close();
    logger.info('shutdown complete');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

const database = await opening.catch((error: unknown) => {
  logger.fatal({ err: error }, 'could not open the database');
  process.exit(1);
});
if (!stopping && config.demoAccounts) {
  const accounts = await seedDemoAccounts(database.orm.em.fork(), systemClock);
  const lines = accounts.map((a) => `  ${a.email.padEnd(32)} ${a.password}  ${a.roles.join('+') || 'customer'}`);
  logger.info(`demo accounts (new passwords at every start):\n${lines.join('\n')}`);
  console.log(`\n  Demo accounts (DEMO_ACCOUNTS=true; passwords change at every start):\n${lines.join('\n')}\n`);
  // A fresh demo store starts with its offers (5 % off by PIX, free shipping from R$ 299,00).
  if (await seedDemoStoreSettings(database.orm.em.fork(), config.lowStockThreshold)) logger.info('demo store: 5 % PIX discount, free shipping from R$ 299,00');
}
if (!stopping && config.demoOrderHistory) {
  // 90 days of demo orders on the first start, so the panel has figures (DEMO_ORDER_HISTORY=false: none).
  const seedingStarted = performance.now();
  const history = await seedDemoOrderHistory(database.orm.em.fork(), systemClock, {
    boletoHoldBusinessDays: config.orderLimits.boletoHoldBusinessDays,
    lowStockThreshold: config.lowStockThreshold,
  });
  if (history) logger.info(`seeded the demo order history: ${history.orders.length} orders in ${Math.round(performance.now() - seedingStarted)} ms`);
  // A few abandoned carts for the panel's 'Recuperação de carrinhos' (once).
  const carts = await seedDemoCarts(database.orm.em.fork(), systemClock);
  if (carts) logger.info(`seeded ${carts} demo abandoned carts`);
}
if (!stopping) {
  serving = buildApp({ config, orm: database.orm, storage: database.storage }, logger).then(async (app) => {
    await app.listen({ port: config.port, host: config.host });
    return app;
  });
  const app = (await serving)!;
  // While no admin exists, a one-time link lets the operator create the owner.
  // In production no one-time link is ever printed: the operator runs create-owner.
  const setupToken = config.production ? null : await new AdminAccountsService(app.mailer, systemClock, config.shellUrl, config.storeName).issueOwnerSetupToken(database.orm.em.fork());
  if (config.production) {
    logger.info('production: make the store owner with `npm run create-owner` (no setup link is printed)');
  }
  if (setupToken) {
    const link = `${config.shellUrl}/admin/login?primeiro-acesso=${setupToken}`;
    logger.warn('no admin account yet: the owner setup link (one use, 24 h) is printed on the console');
    console.log(
      `\n  No admin account yet. Create the store owner's account with this one-time link (valid 24 h, one use):\n    ${link}\n` +
        `  or run: npm run create-owner -- --email <email> --name <name> (it asks for the password)\n`,
    );
  }
  logger.info(`API ready at ${config.publicUrl} in ${Math.round(performance.now() - startedAt)} ms`);
}
