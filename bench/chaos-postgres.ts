/**
 * Chaos scenario "PostgreSQL restarted under order load" (bench/chaos.ts), on an embedded cluster
 * of its own (services/api/src/database/embedded-postgres.ts; the shared server is never
 * touched): one service process on it, `workers` buyers placing PIX orders in a loop, each with a
 * new Idempotency-Key, sending an order again with the same key every 200 ms while the store
 * cannot answer (503 or no connection). Two faults, `recoverMs` apart:
 * 1. restart: the cluster is stopped (fast shutdown: sessions and transactions in flight end),
 *    stays down `downMs`, and is started again;
 * 2. crash: the postmaster is SIGKILLed; the cluster's supervisor starts it again (crash recovery).
 *
 * Figures: per fault, how long PostgreSQL was unreachable (until a new connection got in), the
 * 503s and failed connections meanwhile, and the time from the fault, and from PostgreSQL being
 * back, to the first 201 of a request sent after the fault; over the run, the orders attempted,
 * acknowledged (201), in the database, acknowledged but missing (must be 0), in the database
 * without a 201 (a buyer who gave up), keys with two orders (must be 0), and other answers.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../services/api/src/database/embedded-postgres.ts';
import { freePort } from '../services/api/test/free-port.ts';
import type { ServiceProcess } from '../services/api/test/service-process.ts';
import { finalAttempt, pixOrder, placeOrder, productWithStock, signedInBuyers, sql, startReplicas, stopReplicas, type Buyer, type PlacedOrder } from '../services/api/test/replicas.ts';
import { silentLog, sleep, stopwatch } from './chaos-support.ts';

export interface PostgresRestartOptions {
  /** Buyers ordering at once. */
  workers: number;
  /** Orders before the first fault, and between the recovery of one fault and the next, ms. */
  recoverMs: number;
  /** How long the cluster stays stopped in the restart, ms. */
  downMs: number;
}

/** One fault's figures (ms on the scenario's clock, durations in ms). */
export interface FaultFigures {
  fault: 'restart' | 'crash';
  atMs: number;
  /** From the fault until a new connection to PostgreSQL got in. */
  unreachableMs: number;
  answers503: number;
  connectionErrors: number;
  /** From the fault / from PostgreSQL accepting connections to the first 201 of a request sent after the fault. */
  firstSuccessAfterFaultMs: number | null;
  firstSuccessAfterBackMs: number | null;
}

export interface PostgresRestartFigures {
  setup: PostgresRestartOptions;
  faults: FaultFigures[];
  orders: {
    attempted: number;
    acknowledged: number;
    inDatabase: number;
    acknowledgedMissing: number;
    inDatabaseWithout201: number;
    duplicateKeys: number;
    retriedKeys: number;
    /** Workers that placed 3 orders for each of their buyers before the end (the load thinned out). */
    workersOutOfBuyers: number;
    otherAnswers: string[];
  };
}

/** Resolves once a new connection to `url` succeeds (every 50 ms); @returns when, on `clock`. */
async function reachable(url: string, clock: () => number): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => undefined);
    if (ok) return clock();
    await sleep(50);
  }
}

/**
 * Runs the scenario (see the module comment) in a temporary directory it deletes.
 * @throws Error when the cluster or the service does not start, or the store does not recover in 60 s.
 */
export async function postgresRestart(options: PostgresRestartOptions): Promise<PostgresRestartFigures> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'prata-chaos-pg-'));
  // As root the cluster runs as the OS user postgres, which must reach its data directory.
  await chmod(root, 0o755);
  const port = await freePort();
  const start = () => startEmbeddedPostgres({ dataDir: path.join(root, 'pg'), port, database: 'chaos', persistent: true, log: silentLog });
  let cluster: EmbeddedDatabase = await start();
  let replicas: ServiceProcess[] = [];
  try {
    replicas = await startReplicas(cluster.url, 1);
    const service = replicas[0]!;
    const productId = await productWithStock(cluster.url, 1_000_000);
    // PIX orders stay unpaid, and an account may have 3 unpaid orders: a worker moves to its next buyer then.
    const pool = await signedInBuyers(cluster.url, [service.origin], options.workers * 80);
    const clock = stopwatch();
    const orders: PlacedOrder[] = [];
    let running = true;
    let outOfBuyers = 0;
    const worker = async (mine: Buyer[]) => {
      for (const buyer of mine) {
        for (let n = 0; n < 3 && running; n += 1) {
          const order = await placeOrder(buyer, pixOrder(productId, buyer.email), { clock, maxAttempts: 300 });
          orders.push(order);
          if (finalAttempt(order).error === 'too_many_pending') break;
        }
        if (!running) return;
      }
      outOfBuyers += 1;
    };
    const workers = Array.from({ length: options.workers }, (_, w) => worker(pool.filter((_, i) => i % options.workers === w)));

    const faults: { fault: FaultFigures['fault']; atMs: number; backMs: number }[] = [];
    const recovered = async (atMs: number) => {
      const deadline = Date.now() + 60_000;
      while (!orders.some((o) => o.orderId && o.attempts[0]!.startedMs > atMs)) {
        if (Date.now() > deadline) throw new Error('no order placed within 60 s of the fault');
        await sleep(50);
      }
    };
    await sleep(options.recoverMs);
    // 1. Restart: fast shutdown, down for `downMs`, started again.
    let atMs = clock();
    await cluster.stop();
    await sleep(options.downMs);
    cluster = await start();
    faults.push({ fault: 'restart', atMs, backMs: await reachable(cluster.url, clock) });
    await recovered(atMs);
    await sleep(options.recoverMs);
    // 2. Crash: the postmaster SIGKILLed; the supervisor starts it again.
    const postmaster = Number((await readFile(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    atMs = clock();
    process.kill(postmaster, 'SIGKILL');
    await sleep(100);
    faults.push({ fault: 'crash', atMs, backMs: await reachable(cluster.url, clock) });
    await recovered(atMs);
    await sleep(options.recoverMs);
    running = false;
    await Promise.all(workers);

    const stored = await sql<{ id: string; idempotency_key: string }>(cluster.url, 'select id, idempotency_key from orders where user_id = any($1::uuid[])', [pool.map((b) => b.userId)]);
    const storedIds = new Set(stored.map((o) => o.id));
    const acknowledged = orders.filter((o) => o.orderId);
    const attempts = orders.flatMap((o) => o.attempts);
    const keys = new Map<string, number>();
    for (const o of stored) keys.set(o.idempotency_key, (keys.get(o.idempotency_key) ?? 0) + 1);
    return {
      setup: options,
      faults: faults.map(({ fault, atMs: at, backMs }, i) => {
        const until = faults[i + 1]?.atMs ?? Number.POSITIVE_INFINITY;
        const during = attempts.filter((a) => a.endedMs >= at && a.startedMs < until);
        const first = Math.min(...acknowledged.filter((o) => o.attempts[0]!.startedMs > at).map((o) => finalAttempt(o).endedMs));
        return {
          fault,
          atMs: at,
          unreachableMs: backMs - at,
          answers503: during.filter((a) => a.status === 503).length,
          connectionErrors: during.filter((a) => a.status === 0).length,
          firstSuccessAfterFaultMs: Number.isFinite(first) ? first - at : null,
          firstSuccessAfterBackMs: Number.isFinite(first) ? first - backMs : null,
        };
      }),
      orders: {
        attempted: orders.length,
        acknowledged: acknowledged.length,
        inDatabase: stored.length,
        acknowledgedMissing: acknowledged.filter((o) => !storedIds.has(o.orderId!)).length,
        inDatabaseWithout201: stored.filter((o) => !acknowledged.some((a) => a.orderId === o.id)).length,
        duplicateKeys: [...keys.values()].filter((count) => count > 1).length,
        retriedKeys: orders.filter((o) => o.attempts.length > 1).length,
        workersOutOfBuyers: outOfBuyers,
        otherAnswers: [...new Set(orders.map(finalAttempt).filter((a) => a.status !== 201 && a.error !== 'too_many_pending').map((a) => `${a.status} ${a.error}`))],
      },
    };
  } finally {
    await stopReplicas(replicas);
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }
}
