/**
 * The service as a user runs it: `src/server.ts` as a real process on
 * its embedded PostgreSQL, in its own process group so the test can press Ctrl+C the way a
 * terminal does (SIGINT to the whole group). In order, on one store:
 * - `npm run create-owner` while the store runs uses the store's database and leaves it running;
 * - a second service on the same data directory refuses to start and leaves the first alone;
 * - a SIGKILLed postmaster is restarted by the service, which recovers without a restart and
 *   keeps its data;
 * - Ctrl+C under load: orders in flight (inside the sandbox acquirer's wait) finish with 201 and
 *   are paid, the process exits 0, and no postgres process is left.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedUrlFor } from '../src/database/embedded-postgres.ts';
import { approvedCardPayment, shippingCustomer } from './checkout-data.ts';
import { freePort } from './free-port.ts';
import { alive, until, waitForLine } from './processes.ts';

const run = promisify(execFile);

// Real processes on a shared 2-core machine: generous limits (conditions are awaited, not slept on).
vi.setConfig({ testTimeout: 90_000 });

let dataDir: string;
let apiPort: number;
let pgPort: number;
let store: ChildProcess;
let base: string;
let buyer: { email: string; password: string; token: string };

const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  LOG_LEVEL: 'info',
  ...extra,
});
const postmasterPid = async () => Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
const health = () => fetch(`${base}/api/health`).then((r) => r.status, () => 0);

async function signIn(email: string, password: string): Promise<Response> {
  return fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
}

async function placeOrder(key = randomUUID()): Promise<Response> {
  const payment = await approvedCardPayment(base, buyer.token);
  return fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'idempotency-key': key },
    body: JSON.stringify({ items: [{ productId: productIds[0], quantity: 1 }], customer: shippingCustomer, payment }),
  });
}
let productIds: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-store-'));
  await chmod(dataDir, 0o755);
  apiPort = await freePort();
  pgPort = await freePort();
  base = `http://127.0.0.1:${apiPort}`;
  store = spawn(process.execPath, ['src/server.ts'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env({ API_PORT: String(apiPort), DEMO_ACCOUNTS: 'true', PAYMENT_SANDBOX_DELAY_MS: '1500' }),
  });
  const [, email, password] = (await waitForLine(store, /(cliente@demo\.prata925\.com\.br)\s+(\S+)\s+customer/, 90_000)) as unknown as [string, string, string];
  await waitForLine(store, /API ready/, 60_000);
  const signedIn = await signIn(email, password);
  buyer = { email, password, token: ((await signedIn.json()) as { accessToken: string }).accessToken };
  productIds = ((await (await fetch(`${base}/api/products`)).json()) as { id: string; stock: number }[]).filter((p) => p.stock >= 10).map((p) => p.id);
}, 120_000);

afterAll(async () => {
  if (store?.exitCode === null && store.signalCode === null) {
    process.kill(-store.pid!, 'SIGTERM');
    await once(store, 'exit');
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('store process', () => {
  it('runs npm run create-owner against the running store without stopping its database', async () => {
    const before = await postmasterPid();
    // The password on argv is refused (visible to `ps` and kept in shell history).
    const onArgv = await run(process.execPath, ['src/scripts/create-owner.ts', '--email', 'dona@minhaloja.com.br', '--password', 'Uma-Senha-Forte-2026'], { env: env(), timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(onArgv?.code).toBe(2);
    expect(onArgv?.stderr).toContain('refusing --password');
    // Piped on standard input instead.
    const tool = spawn(process.execPath, ['src/scripts/create-owner.ts', '--email', 'dona@minhaloja.com.br', '--name', 'Dona'], { env: env(), stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    tool.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    tool.stdin!.end('Uma-Senha-Forte-2026\n');
    const [exitCode] = (await once(tool, 'exit')) as [number | null];
    expect(exitCode).toBe(0);
    expect(stdout).toContain("using the running store's database");
    expect(stdout).toContain('owner ready: dona@minhaloja.com.br (admin)');
    expect(await postmasterPid()).toBe(before);
    expect(alive(before)).toBe(true);
    expect(await health()).toBe(200);
    expect((await signIn('dona@minhaloja.com.br', 'Uma-Senha-Forte-2026')).status).toBe(200);
  });

  it('refuses a second service on the same data directory and leaves the first running', async () => {
    const before = await postmasterPid();
    const second = spawn(process.execPath, ['src/server.ts'], { stdio: ['ignore', 'pipe', 'pipe'], env: env({ API_PORT: String(await freePort()) }) });
    const exited = once(second, 'exit');
    await waitForLine(second, /belongs to another running process/, 60_000);
    const [code] = (await exited) as [number | null];
    expect(code).toBe(1);
    expect(alive(before)).toBe(true);
    expect(await health()).toBe(200);
  });

  it('restarts a killed postmaster and recovers without a restart of the service, data kept', async () => {
    const placed = await placeOrder();
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string };
    const killed = await postmasterPid();
    process.kill(killed, 'SIGKILL');
    await until(async () => !alive(killed) && (await health()) === 200, 'the service to be healthy again');
    const restarted = await postmasterPid();
    expect(restarted).not.toBe(killed);
    expect(alive(restarted)).toBe(true);
    const mine = await fetch(`${base}/api/orders/${order.id}`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { status: string }).status).toBe('paid');
  });

  it('on Ctrl+C finishes the orders in flight, then stops the database last and leaves no postgres behind', async () => {
    const postmaster = await postmasterPid();
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const inFlight = keys.map((key) => placeOrder(key).then(async (r) => ({ status: r.status, body: (await r.json()) as { status?: string } })));
    // Every order is committed and waiting on the acquirer (1.5 s) before the signal.
    const db = new pg.Client({ connectionString: embeddedUrlFor(path.join(dataDir, 'postgres'), pgPort, 'prata925') });
    await db.connect();
    await until(async () => Number((await db.query('select count(*) from orders where idempotency_key = any($1::uuid[])', [keys])).rows[0].count) === keys.length, 'the orders to be in flight', 10_000);
    await db.end();

    const exited = once(store, 'exit');
    process.kill(-store.pid!, 'SIGINT');
    const answers = await Promise.all(inFlight);
    const [code] = (await exited) as [number | null];

    expect(answers).toEqual(keys.map(() => ({ status: 201, body: expect.objectContaining({ status: 'paid' }) })));
    expect(code).toBe(0);
    expect(alive(postmaster)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
