/**
 * Bounded load on loopback across two replicas: two service processes
 * (`node services/api/src/server.ts`) on one fresh PostgreSQL database; for DURATION_S seconds,
 * 200 concurrent shoppers browse (autocannon, 100 connections per replica over the catalogue
 * routes) while 50 signed-in shoppers, split over both replicas, each place one PIX order for the
 * last 3 units of one product, all at once.
 *
 * Prints and writes `bench/results/replicas-load.json`: the order outcomes (exactly 3 must be 201,
 * the rest 409 insufficient_stock, no 5xx anywhere) and the p50/p99 per route. Exits 1 when the
 * invariant does not hold. Traffic goes to 127.0.0.1 only; every loop is bounded in count and time.
 *
 * Database server: `BENCH_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres, the
 * development machines' PostgreSQL 15); a throw-away database is created and dropped.
 * Run: `node bench/replicas-load.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION_S = 10;
const BROWSERS_PER_REPLICA = 100;
const BUYERS = 50;
const LAST_UNITS = 3;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function sql<T extends Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

function startReplica(databaseUrl: string, port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['src/server.ts'], {
    cwd: path.join(ROOT, 'services/api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED: 'if-empty',
      DEMO_ACCOUNTS: 'false',
      JWT_SECRET: 'segredo-do-bench-compartilhado-entre-replicas-01',
      ENCRYPTION_KEY: 'chave-do-bench-compartilhada-entre-replicas-0001',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      PAYMENT_SANDBOX_DELAY_MS: '0',
    },
  });
}

async function waitHealthy(origin: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} not healthy in 90 s`);
}

/** p-th percentile (0..100) of `values`, ms. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const name = `prata_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
await sql(SERVER_URL, `create database ${name}`);
const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-bench-'));
const ports = [await freePort(), await freePort()];
const replicas = ports.map((port) => startReplica(databaseUrl, port, dataDir));
const origins = ports.map((port) => `http://127.0.0.1:${port}`);
let exitCode = 0;
try {
  await Promise.all(origins.map(waitHealthy));

  // The product with its last units, and 50 confirmed shoppers (accounts made through the API).
  const [product] = await sql<{ id: string }>(
    databaseUrl,
    `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
     values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), 'Anel Última Unidade', 'aneis', 19990, 'bench', null, false, false, false, $1, now(), now()) returning id`,
    [LAST_UNITS],
  );
  const post = (origin: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const buyers: { origin: string; token: string }[] = [];
  for (let i = 0; i < BUYERS; i += 1) {
    const origin = origins[i % 2]!;
    const email = `bench.${i}.${Date.now()}@exemplo.com.br`;
    if ((await post(origin, '/api/auth/sign-up', { email, password: 'segredo123', fullName: `Cliente ${i}` })).status !== 201) throw new Error('sign-up failed');
    await sql(databaseUrl, 'update users set email_confirmed_at = now() where email = $1', [email]);
    const signIn = (await (await post(origin, '/api/auth/sign-in', { email, password: 'segredo123' })).json()) as { accessToken: string };
    buyers.push({ origin, token: signIn.accessToken });
  }
  const [sample] = await sql<{ id: string }>(databaseUrl, 'select id from products where id <> $1 limit 1', [product!.id]);

  // Browsing on both replicas while the orders race: per replica 100 connections over three routes.
  const routes = [
    { route: 'GET /api/products', path: '/api/products', connections: 50 },
    { route: 'GET /api/products/featured', path: '/api/products/featured', connections: 25 },
    { route: 'GET /api/products/:id', path: `/api/products/${sample!.id}`, connections: BROWSERS_PER_REPLICA - 75 },
  ];
  const browse = origins.flatMap((origin, index) =>
    routes.map(async ({ route, path: url, connections }) => ({ replica: index + 1, route, result: await autocannon({ url: `${origin}${url}`, connections, duration: DURATION_S }) })),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const customer = { fullName: 'Maria Silva', email: 'maria@exemplo.com.br', phone: '(11) 98765-4321', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
  const orders = await Promise.all(
    buyers.map(async ({ origin, token }) => {
      const started = performance.now();
      const response = await post(origin, '/api/orders', { items: [{ productId: product!.id, quantity: 1 }], customer, payment: { method: 'pix' } }, { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
      const body = (await response.json()) as { error?: string };
      return { status: response.status, error: body.error ?? null, ms: performance.now() - started };
    }),
  );
  const loads = await Promise.all(browse);

  const placed = orders.filter((o) => o.status === 201).length;
  const [{ stock }] = (await sql<{ stock: number }>(databaseUrl, 'select stock from products where id = $1', [product!.id])) as [{ stock: number }];
  const figures = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}`,
    setup: { replicas: 2, browsers: BROWSERS_PER_REPLICA * 2, buyers: BUYERS, lastUnits: LAST_UNITS, durationS: DURATION_S },
    orders: {
      placed,
      refused: orders.filter((o) => o.status === 409).length,
      refusedCodes: [...new Set(orders.filter((o) => o.status !== 201).map((o) => `${o.status} ${o.error}`))],
      serverErrors: orders.filter((o) => o.status >= 500).length,
      p50Ms: Math.round(percentile(orders.map((o) => o.ms), 50)),
      p99Ms: Math.round(percentile(orders.map((o) => o.ms), 99)),
      stockLeft: stock,
    },
    browsing: loads.map(({ replica, route, result }) => ({
      replica,
      route,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      serverErrors: result['5xx'],
    })),
  };
  console.log(JSON.stringify(figures, null, 2));
  console.log(`orders POST /api/orders: p50 ${figures.orders.p50Ms} ms, p99 ${figures.orders.p99Ms} ms`);
  for (const b of figures.browsing) console.log(`replica ${b.replica} ${b.route}: ${b.requestsPerSecond} req/s, p50 ${b.p50Ms} ms, p99 ${b.p99Ms} ms, 5xx ${b.serverErrors}`);
  writeFileSync(path.join(ROOT, 'bench/results/replicas-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const ok = placed === LAST_UNITS && stock === 0 && figures.orders.serverErrors === 0 && figures.browsing.every((b) => b.serverErrors === 0 && b.errors === 0);
  console.log(ok ? `ok: exactly ${LAST_UNITS} orders, no 5xx` : 'FAILED: the invariant does not hold');
  if (!ok) exitCode = 1;
} finally {
  for (const replica of replicas) {
    if (replica.exitCode === null) {
      replica.kill('SIGTERM');
      await once(replica, 'exit');
    }
  }
  await sql(SERVER_URL, `drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
