/**
 * A replica SIGKILLed in the middle of checkout load (replica-kill.ts; the chaos bench runs it
 * longer): two service processes on one fresh database (a copy of the suite's template); 40
 * signed-in shoppers, alternately on each, start one PIX order each, 40 ms apart, for a product
 * with 24 units, each with an Idempotency-Key of its own. The acquirer answers 600 ms after the
 * order committed, so when replica 2 is killed (after 10 answers) some of its orders are committed
 * but unanswered, others half-way through their transaction, and its later buyers find nothing
 * listening. A buyer left without an answer sends the same order with the same key to replica 1.
 *
 * Checked against the database, each with a value it does not derive from: every buyer ends with
 * a 201 or a 409 `insufficient_stock`, and nobody gets a 5xx; the 201s are exactly the 24 units
 * (more buyers than units); each 201's order is in the database once, under that buyer and key,
 * and it is the buyer's only order; refused buyers have none; the product's orders are the 201s
 * and its stock is 24 minus their units. A retry that placed a second order, or lost the first,
 * breaks at least three of these.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from './helpers.ts';
import { replicaKillFigures, replicaKillProblems, runReplicaKill } from './replica-kill.ts';

const BUYERS = 40;
const STOCK = 24;

let database: Awaited<ReturnType<typeof createDatabase>>;

beforeAll(async () => {
  database = await createDatabase({ fromTemplate: true });
});
afterAll(async () => database?.drop());

it('loses and duplicates no order when a replica is SIGKILLed mid-checkout, the buyers retrying their key on the survivor', async () => {
  const run = await runReplicaKill({ databaseUrl: database.url, buyers: BUYERS, stock: STOCK, staggerMs: 40, killAfterAnswers: 10, acquirerDelayMs: 600 });
  const figures = replicaKillFigures(run);
  const finals = run.buyers.map((buyer) => buyer.attempts.at(-1)!);

  // The kill caught the load: requests died with replica 2 and went again, to replica 1 only.
  expect(figures.retried).toBeGreaterThan(0);
  expect(run.buyers.flatMap((buyer) => buyer.attempts.slice(1)).every((attempt) => attempt.origin === run.origins[0])).toBe(true);
  // Every buyer was answered: an order or a clean refusal, and no 5xx from either replica.
  expect(run.buyers.flatMap((buyer) => buyer.attempts).filter((attempt) => attempt.status >= 500)).toEqual([]);
  expect(finals.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.error}`)).toEqual(Array(figures.refused).fill('409 insufficient_stock'));
  expect(figures.placed + figures.refused).toBe(BUYERS);
  // More buyers than units: every unit was sold, once.
  expect(figures.placed).toBe(STOCK);
  // A retried key whose order the killed replica committed before charging it is charged on the retry: every placed order has its payment.
  expect(figures.uncharged).toBe(0);

  for (const [index, buyer] of run.buyers.entries()) {
    const mine = run.database.orders.filter((order) => order.userId === buyer.userId);
    if (finals[index]!.status === 201) {
      expect(mine, `buyer ${index}`).toEqual([expect.objectContaining({ id: buyer.orderId, idempotencyKey: buyer.idempotencyKey, units: 1 })]);
    } else {
      expect(mine, `buyer ${index}`).toEqual([]);
    }
  }
  expect(run.database.productOrders).toBe(figures.placed);
  expect(run.database.stock).toBe(STOCK - figures.placed);
  expect(run.database.stock).toBeGreaterThanOrEqual(0);
  expect(replicaKillProblems(run)).toEqual([]);
}, 120_000);
