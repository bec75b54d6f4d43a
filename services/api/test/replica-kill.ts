/**
 * A replica killed in the middle of checkout load, shared by the suite's replica-kill.test.ts and
 * the chaos bench (bench/chaos.ts): two replicas (replicas.ts) on one database; `buyers` signed-in
 * shoppers, alternately on replica 1 and replica 2, start one PIX order each for a product with
 * `stock` units (fewer than the buyers, so some are refused), one every `staggerMs`, each with an
 * `Idempotency-Key` of its own. Once `killAfterAnswers` buyers have an answer, replica 2 is
 * SIGKILLed: its requests in flight die with it, and its later buyers find no one listening. A
 * buyer whose request fails at the connection level (no HTTP answer) sends the same body with the
 * same key to replica 1, up to `maxAttempts` times in all.
 *
 * The replicas' acquirer waits `acquirerDelayMs` after the order's transaction committed
 * (`PAYMENT_SANDBOX_DELAY_MS`), so the kill catches orders committed but not yet answered: their
 * retry must answer the order already placed, never a second one.
 *
 * {@link runReplicaKill} returns what each buyer saw and the database afterwards;
 * {@link replicaKillFigures} sums it up; {@link replicaKillProblems} names each broken promise.
 */
import { finalAttempt as last, percentile, pixOrder, placeOrder, productWithStock, signedInBuyers, sql, startReplicas, stopReplicas, type PlacedOrder } from './replicas.ts';
import { until } from './processes.ts';

export interface ReplicaKillOptions {
  /** A database the replicas share: empty (they migrate and seed it) or already seeded. */
  databaseUrl: string;
  buyers: number;
  /** Units of the product on sale (one per order). */
  stock: number;
  /** Between two buyers' first requests, ms. */
  staggerMs: number;
  /** Replica 2 is killed once this many buyers have their first answer (or connection error). */
  killAfterAnswers: number;
  /** The sandbox acquirer's wait after commit, ms (`PAYMENT_SANDBOX_DELAY_MS`). */
  acquirerDelayMs: number;
  /** Requests per buyer at most, the first included (default 3). */
  maxAttempts?: number;
}

/** A buyer's order: its key, every request (`origin` is one of the run's `origins`) and the 201's order id. */
export type BuyerRun = PlacedOrder;

/** An order of one of the run's buyers, as the database holds it afterwards. */
export interface StoredOrder {
  id: string;
  userId: string;
  idempotencyKey: string;
  status: string;
  /** Units of the product on the order. */
  units: number;
  /** Whether the acquirer's payment is on the order (PIX code). */
  charged: boolean;
  /** ms since the first buyer started (the service's clock, the same machine's). */
  createdMs: number;
}

export interface ReplicaKillRun {
  setup: Required<Omit<ReplicaKillOptions, 'databaseUrl'>>;
  /** The replicas' origins: replica 1 (the survivor), replica 2 (killed). */
  origins: [string, string];
  /** When replica 2 was SIGKILLed, ms since the first buyer started. */
  killedAtMs: number;
  /** How long the replicas took to be healthy, the buyers to be signed in, and the orders (with the kill) to be over, ms. */
  phasesMs: { replicasUp: number; buyersSignedIn: number; load: number };
  buyers: BuyerRun[];
  database: { orders: StoredOrder[]; stock: number; productOrders: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Starts two replicas on `options.databaseUrl`, runs the buyers, kills replica 2 mid-way, reads
 * the database and stops replica 1.
 * @throws Error when a replica does not become healthy, an account cannot be made, or the buyers
 *   do not all finish within 60 s of the start.
 */
export async function runReplicaKill(options: ReplicaKillOptions): Promise<ReplicaKillRun> {
  const { databaseUrl, ...rest } = options;
  const setup = { ...rest, maxAttempts: options.maxAttempts ?? 3 };
  const began = performance.now();
  const replicas = await startReplicas(databaseUrl, 2, { PAYMENT_SANDBOX_DELAY_MS: String(options.acquirerDelayMs) });
  const replicasUp = performance.now();
  const [survivor, victim] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
  try {
    const productId = await productWithStock(databaseUrl, options.stock);
    const buyers = await signedInBuyers(databaseUrl, [survivor.origin, victim.origin], options.buyers);
    const t0 = performance.now();
    const buyersMs = Math.round(t0 - replicasUp);
    const wall0 = Date.now();
    const now = () => Math.round(performance.now() - t0);
    let answered = 0;
    const runs: BuyerRun[] = [];
    const order = async (index: number) => {
      await new Promise((resolve) => setTimeout(resolve, index * options.staggerMs));
      const buyer = buyers[index]!;
      runs[index] = await placeOrder(buyer, pixOrder(productId, buyer.email), {
        clock: now,
        // No answer: the same body and key again, on the replica that is still up.
        originOf: (attempt) => (attempt === 1 ? buyer.origin : survivor.origin),
        retryWhen: (status) => status === 0,
        retryEveryMs: 50,
        maxAttempts: setup.maxAttempts,
        onAttempt: (_, n) => {
          if (n === 1) answered += 1;
        },
      });
    };
    const ordering = Promise.all(buyers.map((_, index) => order(index)));
    await until(() => answered >= options.killAfterAnswers, `${options.killAfterAnswers} answers before the kill`, 60_000);
    const killedAtMs = now();
    await victim.kill('SIGKILL');
    await Promise.race([ordering, new Promise((_, reject) => setTimeout(() => reject(new Error('the buyers did not finish in 60 s')), 60_000))]);

    const orders = await sql<{ id: string; user_id: string; idempotency_key: string; status: string; units: number; charged: boolean; created_at: Date }>(
      databaseUrl,
      `select o.id, o.user_id, o.idempotency_key, o.status, o.created_at, o.payment_reference is not null as charged,
              coalesce((select sum(i.quantity) from order_items i where i.order_id = o.id and i.product_id = $2), 0)::int as units
         from orders o where o.user_id = any($1::uuid[])`,
      [runs.map((run) => run.userId), productId],
    );
    const [product] = await sql<{ stock: number; orders: number }>(
      databaseUrl,
      'select p.stock, (select count(distinct i.order_id) from order_items i where i.product_id = p.id)::int as orders from products p where p.id = $1',
      [productId],
    );
    return {
      setup,
      origins: [survivor.origin, victim.origin],
      killedAtMs,
      phasesMs: { replicasUp: Math.round(replicasUp - began), buyersSignedIn: buyersMs, load: now() },
      buyers: runs,
      database: {
        orders: orders.map((o) => ({ id: o.id, userId: o.user_id, idempotencyKey: o.idempotency_key, status: o.status, units: o.units, charged: o.charged, createdMs: o.created_at.getTime() - wall0 })),
        stock: product!.stock,
        productOrders: product!.orders,
      },
    };
  } finally {
    await stopReplicas(replicas);
  }
}

/** The stored orders by buyer. */
function ordersByUser(orders: StoredOrder[]): Map<string, StoredOrder[]> {
  const byUser = new Map<string, StoredOrder[]>();
  for (const order of orders) byUser.set(order.userId, [...(byUser.get(order.userId) ?? []), order]);
  return byUser;
}

/**
 * The run in figures: buyers (`attempted`), final answers (`placed` 201, `refused` 409, `failed`
 * anything else), buyers that had to retry and how many of those got an order committed before
 * the kill back by their key (`answeredByKey`), 5xx, orders in the database beyond one per buyer
 * (`duplicates`), placed orders the acquirer never saw (`uncharged`), the stock left and the one
 * expected (initial minus the units of the 201s), and the recovery: from the kill to the first
 * 201 replica 1 gave a retry (`firstRetryPlacedMs`) and to the last buyer's final answer
 * (`allAnsweredMs`), with the p50/p99 of the buyers' whole wait, retries included (ms).
 */
export function replicaKillFigures(run: ReplicaKillRun) {
  const finals = run.buyers.map(last);
  const retried = run.buyers.filter((b) => b.attempts.length > 1);
  const placedIds = new Set(run.buyers.flatMap((b) => (last(b).status === 201 && b.orderId ? [b.orderId] : [])));
  const byUser = ordersByUser(run.database.orders);
  const retriedPlaced = retried.map(last).filter((a) => a.status === 201);
  return {
    attempted: run.buyers.length,
    placed: finals.filter((a) => a.status === 201).length,
    refused: finals.filter((a) => a.status === 409).length,
    failed: finals.filter((a) => a.status !== 201 && a.status !== 409).length,
    retried: retried.length,
    connectionErrors: run.buyers.flatMap((b) => b.attempts).filter((a) => a.status === 0).length,
    answeredByKey: retried.filter((b) => {
      const id = last(b).status === 201 ? b.orderId : null;
      return id !== null && run.database.orders.some((o) => o.id === id && o.createdMs < run.killedAtMs);
    }).length,
    serverErrors: run.buyers.flatMap((b) => b.attempts).filter((a) => a.status >= 500).length,
    ordersInDatabase: run.database.orders.length,
    duplicates: [...byUser.values()].reduce((sum, orders) => sum + Math.max(0, orders.length - 1), 0),
    uncharged: run.database.orders.filter((o) => placedIds.has(o.id) && !o.charged).length,
    stockLeft: run.database.stock,
    stockExpected: run.setup.stock - placedIds.size,
    killedAtMs: run.killedAtMs,
    firstRetryPlacedMs: retriedPlaced.length === 0 ? null : Math.min(...retriedPlaced.map((a) => a.endedMs)) - run.killedAtMs,
    allAnsweredMs: Math.max(...finals.map((a) => a.endedMs)) - run.killedAtMs,
    waitP50Ms: percentile(run.buyers.map((b) => last(b).endedMs - b.attempts[0]!.startedMs), 50),
    waitP99Ms: percentile(run.buyers.map((b) => last(b).endedMs - b.attempts[0]!.startedMs), 99),
  };
}

/**
 * Every promise the run broke, in words (none: an empty list). Each compares what the buyers were
 * told with the database, or with the setup: a final answer other than 201 or 409
 * `insufficient_stock`; a 5xx; a 201 whose order is not in the database under that buyer and key;
 * a buyer with two orders, or a refused buyer with one; orders of the product other than the 201s;
 * a stock other than the initial one minus the units of the 201s, or below zero; units left while
 * buyers were refused; no retry at all (the kill missed the load).
 */
export function replicaKillProblems(run: ReplicaKillRun): string[] {
  const problems: string[] = [];
  const stored = new Map(run.database.orders.map((o) => [o.id, o]));
  const byUser = ordersByUser(run.database.orders);
  for (const buyer of run.buyers) {
    const final = last(buyer);
    const mine = byUser.get(buyer.userId) ?? [];
    if (mine.length > 1) problems.push(`buyer ${buyer.userId} has ${mine.length} orders`);
    for (const a of buyer.attempts) if (a.status >= 500) problems.push(`${a.origin} answered ${a.status} ${a.error}`);
    if (final.status === 201) {
      const order = buyer.orderId && UUID.test(buyer.orderId) ? stored.get(buyer.orderId) : undefined;
      if (!order || order.userId !== buyer.userId || order.idempotencyKey !== buyer.idempotencyKey) problems.push(`the 201 order ${buyer.orderId} of buyer ${buyer.userId} is not in the database under its key`);
    } else if (final.status === 409 && final.error === 'insufficient_stock') {
      if (mine.length > 0) problems.push(`buyer ${buyer.userId} was refused but has an order`);
    } else {
      problems.push(`buyer ${buyer.userId} was left with ${final.status} ${final.error}`);
    }
  }
  const f = replicaKillFigures(run);
  if (f.placed + f.refused !== f.attempted) problems.push(`placed ${f.placed} + refused ${f.refused} != attempted ${f.attempted}`);
  if (run.database.productOrders !== f.placed) problems.push(`${run.database.productOrders} orders of the product in the database, ${f.placed} placed`);
  if (f.stockLeft !== f.stockExpected || f.stockLeft < 0) problems.push(`stock ${f.stockLeft}, expected ${f.stockExpected}`);
  if (f.refused > 0 && f.stockLeft > 0) problems.push(`${f.refused} buyers refused with ${f.stockLeft} units left`);
  if (f.uncharged > 0) problems.push(`${f.uncharged} placed orders have no payment at the acquirer (a retried key must charge them)`);
  if (f.retried === 0) problems.push('no buyer had to retry: the kill did not catch the load');
  return problems;
}
