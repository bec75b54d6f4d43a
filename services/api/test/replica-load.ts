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
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { percentile, pixOrder, postJson, productWithStock, signedInBuyers, sql, startReplicas, stopReplicas } from './replicas.ts';

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
  const replicas = await startReplicas(databaseUrl, 2);
  const origins = replicas.map((replica) => replica.origin);
  try {
    // The product with its last units, and the confirmed shoppers (accounts made through the API).
    const productId = await productWithStock(databaseUrl, lastUnits);
    const buyers = await signedInBuyers(databaseUrl, origins, buyerCount);
    const [sample] = await sql<{ id: string }>(databaseUrl, 'select id from products where id <> $1 limit 1', [productId]);

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
      buyers.map(async ({ origin, accessToken, email }) => {
        const started = performance.now();
        const response = await postJson(origin, '/api/orders', pixOrder(productId, email), { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() });
        const body = (await response.json()) as { error?: string };
        return { status: response.status, error: body.error ?? null, ms: performance.now() - started };
      }),
    );
    const loads = await Promise.all(browse);

    const [{ stock }] = (await sql<{ stock: number }>(databaseUrl, 'select stock from products where id = $1', [productId])) as [{ stock: number }];
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
    await stopReplicas(replicas);
  }
}
