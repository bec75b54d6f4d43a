/**
 * Load across two replicas on loopback, shared by the long bench (`npm run bench:replicas`,
 * bench/replicas-load.ts) and its short version in the suite (replica-load.test.ts): two service
 * processes (`node services/api/src/server.ts`) on one database; for `durationS` seconds,
 * `browsersPerReplica` connections per replica browse the catalogue (autocannon over three routes)
 * while `buyers` signed-in shoppers, split over both replicas, each place one PIX order for the
 * last `lastUnits` units of one product, all at once.
 *
 * The invariant ({@link invariantHolds}): exactly `lastUnits` orders placed, every other one refused
 * with 409 `insufficient_stock` (placed + refused = attempted), the stock at 0 (never negative), no
 * 5xx and no connection error anywhere. Traffic goes to 127.0.0.1 only; every loop is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { shippingCustomer } from './checkout-data.ts';
import { freePort } from './free-port.ts';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ReplicaLoadOptions {
  /** A database the replicas share: empty (they migrate and seed it) or already seeded. */
  databaseUrl: string;
  durationS: number;
  browsersPerReplica: number;
  buyers: number;
  lastUnits: number;
}

export interface ReplicaLoadFigures {
  date: string;
  machine: string;
  setup: { replicas: 2; browsers: number; buyers: number; lastUnits: number; durationS: number };
  orders: { attempted: number; placed: number; refused: number; refusedCodes: string[]; serverErrors: number; p50Ms: number; p99Ms: number; stockLeft: number };
  browsing: { replica: number; route: string; requests: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number; serverErrors: number }[];
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
    cwd: API_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED: 'if-empty',
      DEMO_ACCOUNTS: 'false',
      DEMO_ORDER_HISTORY: 'false',
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

/** Whether the run kept the invariant (see the module comment). */
export function invariantHolds(figures: ReplicaLoadFigures): boolean {
  const { orders, setup } = figures;
  return (
    orders.placed === setup.lastUnits &&
    orders.placed + orders.refused === orders.attempted &&
    orders.refusedCodes.every((code) => code === '409 insufficient_stock') &&
    orders.stockLeft === 0 &&
    orders.serverErrors === 0 &&
    figures.browsing.every((b) => b.serverErrors === 0 && b.errors === 0)
  );
}

/**
 * Starts two replicas on `options.databaseUrl`, runs the load and stops them.
 * @returns the figures (orders: counts and latency in ms; browsing per replica and route).
 * @throws Error when a replica does not become healthy or an account cannot be made.
 */
export async function runReplicaLoad(options: ReplicaLoadOptions): Promise<ReplicaLoadFigures> {
  const { databaseUrl, durationS, browsersPerReplica, buyers: buyerCount, lastUnits } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-replicas-'));
  const ports = [await freePort(), await freePort()];
  const replicas = ports.map((port) => startReplica(databaseUrl, port, dataDir));
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    await Promise.all(origins.map(waitHealthy));

    // The product with its last units, and the confirmed shoppers (accounts made through the API).
    const [product] = await sql<{ id: string }>(
      databaseUrl,
      `insert into products (id, slug, name, category, price_cents, description, image_key, is_new, is_bestseller, is_featured, stock, created_at, updated_at)
       values (gen_random_uuid(), 'teste-' || replace(gen_random_uuid()::text, '-', ''), 'Anel Última Unidade', 'aneis', 19990, 'bench', null, false, false, false, $1, now(), now()) returning id`,
      [lastUnits],
    );
    const post = (origin: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const buyers: { origin: string; token: string; email: string }[] = [];
    for (let i = 0; i < buyerCount; i += 1) {
      const origin = origins[i % 2]!;
      const email = `carga.${i}.${randomUUID().slice(0, 8)}@exemplo.com.br`;
      const signUp = await post(origin, '/api/auth/sign-up', { email, password: 'segredo123', fullName: `Cliente ${i}` });
      if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
      await sql(databaseUrl, 'update users set email_confirmed_at = now() where email = $1', [email]);
      const signIn = (await (await post(origin, '/api/auth/sign-in', { email, password: 'segredo123' })).json()) as { accessToken: string };
      buyers.push({ origin, token: signIn.accessToken, email });
    }
    const [sample] = await sql<{ id: string }>(databaseUrl, 'select id from products where id <> $1 limit 1', [product!.id]);

    // Browsing on both replicas while the orders race.
    const shares = [
      { route: 'GET /api/products', path: '/api/products', share: 0.5 },
      { route: 'GET /api/products/featured', path: '/api/products/featured', share: 0.25 },
      { route: 'GET /api/products/:id', path: `/api/products/${sample!.id}`, share: 0.25 },
    ];
    const browse = origins.flatMap((origin, index) =>
      shares.map(async ({ route, path: url, share }) => ({
        replica: index + 1,
        route,
        result: await autocannon({ url: `${origin}${url}`, connections: Math.max(1, Math.round(browsersPerReplica * share)), duration: durationS }),
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const orders = await Promise.all(
      buyers.map(async ({ origin, token, email }) => {
        const started = performance.now();
        const response = await post(
          origin,
          '/api/orders',
          { items: [{ productId: product!.id, quantity: 1 }], customer: { ...shippingCustomer, email }, payment: { method: 'pix' } },
          { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        );
        const body = (await response.json()) as { error?: string };
        return { status: response.status, error: body.error ?? null, ms: performance.now() - started };
      }),
    );
    const loads = await Promise.all(browse);

    const [{ stock }] = (await sql<{ stock: number }>(databaseUrl, 'select stock from products where id = $1', [product!.id])) as [{ stock: number }];
    return {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown'}`,
      setup: { replicas: 2, browsers: browsersPerReplica * 2, buyers: buyerCount, lastUnits, durationS },
      orders: {
        attempted: orders.length,
        placed: orders.filter((o) => o.status === 201).length,
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
  } finally {
    for (const replica of replicas) {
      if (replica.exitCode === null && replica.signalCode === null) {
        replica.kill('SIGTERM');
        await once(replica, 'exit');
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
