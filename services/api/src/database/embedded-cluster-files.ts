/**
 * The files of an embedded PostgreSQL cluster and who owns it (split from embedded-postgres.ts,
 * whose module doc tells the whole story):
 * - the data directory actually used ({@link resolveDataDir}: as root, one the `postgres` OS user
 *   can reach);
 * - the superuser password file `<dataDir>/prata-superuser-password` (mode 0600) and the
 *   `postgres://` URLs built from it ({@link embeddedUrl}, {@link embeddedUrlFor});
 * - the owner file `<dataDir>.owner.json` (pid of the owning process: {@link claimOwnership},
 *   {@link liveOwnerOf});
 * - the postmaster's `postmaster.pid` ({@link findRunningCluster}, {@link recoverStalePostmaster}).
 * Pids are OS process ids; liveness and "is it postgres" are read from `kill(pid, 0)` and Linux
 * `/proc`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** Where the embedded PostgreSQL modules write their lines. */
export interface EmbeddedLog {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

/** The cluster's superuser (and, as root, the OS user the postmaster runs as). */
export const USER = 'postgres';
/** The file in the data directory that keeps the cluster's superuser password (mode 0600). */
export const PASSWORD_FILE = 'prata-superuser-password';

/** `postgres://` URL of `database` on an embedded cluster listening on `port` whose superuser password is `password`. */
export function embeddedUrl(port: number, database: string, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The superuser password of the cluster in `dataDir` (the directory actually used, see
 * {@link resolveDataDir}), from its password file; undefined when there is none (a cluster not
 * initialised yet, or one from before clusters had a password file).
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
export function newPassword(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes the password file (0600), replacing it atomically. */
export async function writePasswordFile(dataDir: string, password: string): Promise<void> {
  const file = path.join(dataDir, PASSWORD_FILE);
  const temporary = `${file}.tmp`;
  await fs.writeFile(temporary, `${password}\n`, { mode: 0o600 });
  await fs.chmod(temporary, 0o600);
  await fs.rename(temporary, file);
}

/**
 * The data directory the cluster of `requested` lives in: `requested` itself, or (as root, when
 * the `postgres` OS user cannot reach it) a stable per-path directory under the OS temp dir.
 * Every process computes the same answer for the same path.
 */
export async function resolveDataDir(requested: string, log: EmbeddedLog): Promise<string> {
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

/** Path of the owner file of the cluster in `dataDir`. */
const ownerFile = (dataDir: string) => `${path.resolve(dataDir)}.owner.json`;

/**
 * Makes this process the owner of the cluster in `dataDir` (writes its pid to the owner file).
 * @throws EmbeddedDatabaseInUseError when another live process owns it.
 */
export async function claimOwnership(dataDir: string): Promise<void> {
  const owner = await liveOwnerOf(dataDir);
  if (owner !== undefined) throw new EmbeddedDatabaseInUseError(dataDir, owner);
  await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  await fs.writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid, since: new Date().toISOString() }));
}

/** Removes the owner file when this process is the owner. */
export async function releaseOwnership(dataDir: string): Promise<void> {
  const content = await fs.readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (content !== undefined && (JSON.parse(content) as { pid?: unknown }).pid === process.pid) await fs.rm(ownerFile(dataDir), { force: true });
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
export async function recoverStalePostmaster(dataDir: string, log: EmbeddedLog): Promise<void> {
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
