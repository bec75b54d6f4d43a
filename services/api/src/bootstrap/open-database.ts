/**
 * Opens the service's database: the server at `DATABASE_URL`, or an embedded PostgreSQL under
 * `DATA_DIR/postgres` (supervised: restarted when it dies, see embedded-postgres.ts); applies
 * pending migrations; seeds the demo catalogue into an empty database (`SEED=if-empty`); writes
 * the fallback product image. Migrating and seeding hold a PostgreSQL advisory lock, so replicas
 * that start together on one database take turns: the first migrates and seeds, the
 * others then find nothing to do.
 */
import path from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { AppConfig } from '../config.ts';
import { Product } from '../modules/catalogue/index.ts';
import { readFallbackSvg } from '../seeding/product-art.ts';
import { createObjectStorage } from '../storage/create-object-storage.ts';
import { FALLBACK_IMAGE_KEY, PRODUCT_IMAGES_BUCKET, type ObjectStorage } from '../storage/object-storage.ts';
import { embeddedUrlFor, findRunningCluster, resolveDataDir, startEmbeddedPostgres, type EmbeddedDatabase } from '../database/embedded-postgres.ts';
import { ormConfig } from './orm-config.ts';
import { CatalogueSeeder } from '../seeding/catalogue.seeder.ts';

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

export interface OpenDatabase {
  orm: MikroORM;
  storage: ObjectStorage;
  /** Connection URL in use (embedded or `DATABASE_URL`). */
  url: string;
  /** True when this process started an embedded PostgreSQL. */
  embedded: boolean;
  /** Closes the ORM, then stops the embedded cluster if any. */
  close(): Promise<void>;
  /** For a process that must exit now: asks the embedded cluster (if any) to stop, without waiting. */
  signalStop(): void;
}

/** Embedded database name. */
export const EMBEDDED_DATABASE = 'prata925';

/** Starts/opens the database, migrates and seeds. @throws when the database is unreachable. */
export async function openDatabase(config: AppConfig, log: Logger): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'postgres'),
      port: config.embeddedPgPort,
      database: EMBEDDED_DATABASE,
      persistent: true,
      durable: config.embeddedPgDurable,
      log,
    });
    url = embedded.url;
    log.info(`embedded PostgreSQL ready on 127.0.0.1:${config.embeddedPgPort} (data: ${embedded.dataDir})`);
  }
  try {
    const orm = await MikroORM.init(ormConfig(url));
    const storage = createObjectStorage(config);
    await migrateAndSeed(orm, storage, config.seed, log);
    return {
      orm,
      storage,
      url,
      embedded: embedded !== undefined,
      close: async () => {
        await orm.close(true);
        await embedded?.stop();
      },
      signalStop: () => embedded?.signalStop(),
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}

/**
 * Opens the service's database for a command-line tool (`npm run create-owner`) that may run
 * next to the store:
 * - `DATABASE_URL` set: that server, as {@link openDatabase} does;
 * - the embedded cluster under `DATA_DIR` already running (the store's, found through its
 *   `postmaster.pid`): connects to it and starts, migrates and stops nothing; `close()` only
 *   closes this process's connections;
 * - otherwise: starts the embedded cluster like the service (and stops it on `close()`).
 *   While the store owns the cluster but has it down (restarting it) this refuses instead.
 * Returns `attachedTo`: the pid of the running postmaster it connected to, if any.
 * @throws EmbeddedDatabaseInUseError (refusal above); errors of {@link openDatabase}.
 */
export async function openDatabaseForTool(config: AppConfig, log: Logger): Promise<OpenDatabase & { attachedTo?: number }> {
  if (config.databaseUrl) return openDatabase(config, log);
  const running = await findRunningCluster(await resolveDataDir(path.join(config.dataDir, 'postgres'), log));
  if (!running) return openDatabase(config, log);
  // The running cluster's superuser password, from its data directory (embedded-postgres.ts).
  const url = embeddedUrlFor(path.join(config.dataDir, 'postgres'), running.port, EMBEDDED_DATABASE);
  const orm = await MikroORM.init(ormConfig(url));
  return {
    orm,
    storage: createObjectStorage(config),
    url,
    embedded: false,
    attachedTo: running.pid,
    close: () => orm.close(true),
    signalStop: () => undefined,
  };
}

/**
 * Session advisory lock key of migrations and seeding: `hashtext('prata925:migrate-and-seed')`
 * (distinct from the admin grant's transaction lock).
 */
const MIGRATION_LOCK_SQL = "select pg_advisory_lock(hashtext('prata925:migrate-and-seed'))";
const MIGRATION_UNLOCK_SQL = "select pg_advisory_unlock(hashtext('prata925:migrate-and-seed'))";

/**
 * Runs `fn` while holding the migration advisory lock on a connection of its own (a session lock:
 * released when `fn` ends, or by PostgreSQL if this process dies). Other processes wait for it.
 * @throws what `fn` or the connection throws.
 */
export async function withMigrationLock<T>(clientUrl: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clientUrl });
  await client.connect();
  try {
    await client.query(MIGRATION_LOCK_SQL);
    return await fn();
  } finally {
    await client.query(MIGRATION_UNLOCK_SQL).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * Applies pending migrations; seeds the catalogue when `seed` is `if-empty` and it is empty. Both
 * under {@link withMigrationLock}, so processes starting at once never migrate or seed twice.
 */
export async function migrateAndSeed(
  orm: MikroORM,
  storage: ObjectStorage,
  seed: AppConfig['seed'],
  log: Logger,
): Promise<void> {
  await withMigrationLock(orm.config.get('clientUrl')!, async () => {
    const applied = await orm.migrator.up();
    if (applied.length > 0) log.info(`applied migrations: ${applied.map((m) => m.name).join(', ')}`);
    await storage.put(PRODUCT_IMAGES_BUCKET, FALLBACK_IMAGE_KEY, await readFallbackSvg());
    if (seed === 'if-empty') {
      const em = orm.em.fork();
      if ((await em.count(Product)) === 0) {
        await new CatalogueSeeder(storage).run(em);
        log.info('seeded the demo catalogue');
      }
    }
  });
}
