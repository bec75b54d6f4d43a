/**
 * Embedded PostgreSQL and service lifecycle: works as root, recovers from a
 * stale postmaster.pid (dead process or live orphan of a killed run), a run killed hard leaves no
 * postgres behind (its lifeline stops it), and the service shuts down
 * gracefully on SIGTERM leaving no postgres process behind. Each cluster has a random superuser
 * password kept in a 0600 file of its data directory, reused by later starts; a cluster made with
 * the old fixed `postgres` password gets a random one. Always embedded, whatever
 * DATABASE_URL says: this is the path a new user's machine takes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUrl, embeddedUrlFor, PASSWORD_FILE, startEmbeddedPostgres } from '../src/database/embedded-postgres.ts';
import { alive, until, waitForLine } from './processes.ts';
import { freePort } from './free-port.ts';

const quiet = { info() {}, warn() {}, debug() {} };
const cleanup: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-life-'));
  await chmod(dir, 0o755);
  cleanup.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

/** The cluster's settings that decide what a crash of the machine loses. */
async function durability(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes') order by name",
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
  } finally {
    await client.end();
  }
}

/** Whether `url` is accepted by the server (false on a refused password). */
async function signsIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    expect((error as { code?: string }).code).toBe('28P01'); // invalid_password, not some other failure
    return false;
  }
}

describe('embedded PostgreSQL superuser password', () => {
  it('is random per cluster, kept in a 0600 file of the data directory, reused after a restart, and postgres/postgres is refused', async () => {
    const dataDir = path.join(await tempDir(), 'pg');
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    const file = path.join(first.dataDir, PASSWORD_FILE);
    const password = (await readFile(file, 'utf8')).trim();
    expect(password).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(first.url).toBe(embeddedUrl(port, 'app', password));
    expect(embeddedUrlFor(dataDir, port, 'app')).toBe(first.url);
    expect(await signsIn(first.url)).toBe(true);
    expect(await signsIn(`postgres://postgres:postgres@127.0.0.1:${port}/app`)).toBe(false);
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    expect(second.url).toBe(first.url);
    expect(await signsIn(second.url)).toBe(true);
    expect(await durability(second.url)).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    await second.stop();

    // Another cluster gets another password.
    const otherDir = path.join(await tempDir(), 'pg');
    const other = await startEmbeddedPostgres({ dataDir: otherDir, port, database: 'app', persistent: false, log: quiet });
    expect((await readFile(path.join(other.dataDir, PASSWORD_FILE), 'utf8')).trim()).not.toBe(password);
    // A throw-away cluster runs with PostgreSQL's non-durable settings.
    expect(await durability(other.url)).toEqual({ fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
    await other.stop();
  });

  it('replaces the fixed password of a cluster made before random passwords at its next start', async () => {
    const dataDir = path.join(await tempDir(), 'pg');
    const port = await freePort();
    const made = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    // As an earlier version left it: superuser password `postgres`, no password file.
    const client = new pg.Client({ connectionString: made.url });
    await client.connect();
    await client.query(`alter role postgres with password 'postgres'`);
    await client.end();
    await rm(path.join(made.dataDir, PASSWORD_FILE));
    await made.stop();

    const upgraded = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    const password = (await readFile(path.join(upgraded.dataDir, PASSWORD_FILE), 'utf8')).trim();
    expect(password).not.toBe('postgres');
    expect(existsSync(path.join(upgraded.dataDir, `${PASSWORD_FILE}.pending`))).toBe(false);
    expect(await signsIn(upgraded.url)).toBe(true);
    expect(await signsIn(`postgres://postgres:postgres@127.0.0.1:${port}/app`)).toBe(false);
    await upgraded.stop();
  });
});

describe('embedded PostgreSQL', () => {
  it('starts over a stale postmaster.pid whose process is gone', async () => {
    const dataDir = path.join(await tempDir(), 'pg');
    const port = await freePort();
    const exitListeners = () => process.listeners('beforeExit').length + process.listeners('exit').length;
    const listenersBefore = exitListeners();
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    // The package's exit hook (process.exit(0) on beforeExit) would turn a failed test run green.
    expect(exitListeners()).toBe(listenersBefore);
    await first.stop();
    await writeFile(path.join(dataDir, 'postmaster.pid'), `999999\n${dataDir}\n`);
    const second = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    const client = new pg.Client({ connectionString: second.url });
    await client.connect();
    expect((await client.query('select 1 as one')).rows[0].one).toBe(1);
    await client.end();
    await second.stop();
  });

  it('leaves no postgres behind when its process is killed hard (the lifeline stops it)', async () => {
    const dataDir = path.join(await tempDir(), 'pg');
    const child = spawn(process.execPath, ['test/fixtures/start-embedded.ts', dataDir, String(await freePort())], { stdio: 'pipe' });
    const [, pidText] = await waitForLine(child, /READY (\d+)/, 30_000);
    const postmaster = Number(pidText);
    child.kill('SIGKILL');
    await once(child, 'exit');
    await until(() => !alive(postmaster), 'the postmaster to stop', 15_000);
  });

  it('stops the orphan postmaster of a run killed hard together with its lifeline, then starts', async () => {
    const dataDir = path.join(await tempDir(), 'pg');
    const port = await freePort();
    const child = spawn(process.execPath, ['test/fixtures/start-embedded.ts', dataDir, String(port)], { stdio: 'pipe' });
    const [, pidText] = await waitForLine(child, /READY (\d+)/, 30_000);
    const orphan = Number(pidText);
    for (const lifeline of await lifelinesOf(orphan)) process.kill(lifeline, 'SIGKILL');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(alive(orphan)).toBe(true); // the killed run left its postgres behind

    const db = await startEmbeddedPostgres({ dataDir, port, database: 'app', persistent: true, log: quiet });
    expect(alive(orphan)).toBe(false);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query('select current_database() as db')).rows[0].db).toBe('app');
    await client.end();
    await db.stop();
  });
});

/** Pids of the lifeline processes (`sh -c 'read ...; kill -INT "$0"' <pid>`) watching `postmaster` (Linux /proc). */
async function lifelinesOf(postmaster: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0] === 'sh' && args[2]?.includes('kill -INT') && args[3] === String(postmaster)) found.push(Number(entry));
  }
  expect(found).toHaveLength(1);
  return found;
}

describe('service process', () => {
  async function startService(dataDir: string, apiPort: number, pgPort: number) {
    const child = spawn(process.execPath, ['src/server.ts'], {
      stdio: 'pipe',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, API_PORT: String(apiPort), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' },
    });
    await waitForLine(child, /API ready/, 60_000);
    return child;
  }

  it('migrates and seeds on first start, keeps data on the next, and leaves no postgres on SIGTERM', async () => {
    const dataDir = await tempDir();
    const apiPort = await freePort();
    const pgPort = await freePort();

    const first = await startService(dataDir, apiPort, pgPort);
    const products = (await (await fetch(`http://127.0.0.1:${apiPort}/api/products`)).json()) as unknown[];
    expect(products.length).toBeGreaterThanOrEqual(30);
    const postmaster = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(alive(postmaster)).toBe(true);

    first.kill('SIGTERM');
    const [code] = (await once(first, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await startService(dataDir, apiPort, pgPort);
    const again = (await (await fetch(`http://127.0.0.1:${apiPort}/api/products`)).json()) as unknown[];
    expect(again).toHaveLength(products.length);
    second.kill('SIGINT');
    const [code2] = (await once(second, 'exit')) as [number | null];
    expect(code2).toBe(0);
    await sleep(50);
  }, 120_000);
});
