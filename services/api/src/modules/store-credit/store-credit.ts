/**
 * The shopper's store credit: a
 * ledger, `store_credit_entries`, of BRL cents per user, positive when given (a return credited, a
 * cancelled order giving back what it spent) and negative when spent on an order; the balance is
 * its sum. The orders module spends it and gives it back (it reaches this ledger through the
 * `StoreCreditLedger` port of orders/order-workflow.ts, lent by the composition, since an entry
 * references its order); the returns module gives it.
 *
 * Every change runs inside the caller's transaction under the buyer's row lock (`users` FOR
 * UPDATE, as orders/place-order.ts `lockBuyer` takes it), so two orders placed at once cannot
 * spend one balance twice, and the balance never goes below zero.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { User } from '../identity/index.ts';
import { Order } from '../orders/index.ts';

export const StoreCreditEntrySchema = defineEntity({
  name: 'StoreCreditEntry',
  tableName: 'store_credit_entries',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('restrict').index(),
    amountCents: p.integer().check('amount_cents <> 0'),
    reason: p.string().length(200),
    /** The return request that gave the credit (returns module; at most one entry per request). */
    returnRequestId: p.uuid().nullable().unique(),
    /** The order the credit paid (a negative entry) or that gave it back (a positive one). */
    order: () => p.manyToOne(Order).nullable().deleteRule('set null').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class StoreCreditEntry extends StoreCreditEntrySchema.class {}
StoreCreditEntrySchema.setClass(StoreCreditEntry);

/** Locks `order`'s buyer (`users` FOR UPDATE, the lock every balance change holds) and returns their id. */
async function lockBuyer(tx: EntityManager, order: Order): Promise<string> {
  const userId = typeof order.user === 'string' ? order.user : order.user.id;
  await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
  return userId;
}

/** The store-credit ledger's operations; each takes the caller's transaction. */
export const storeCreditLedger = {
  /** The balance of `userId`, BRL cents (0 without entries). */
  async balance(tx: EntityManager, userId: string): Promise<number> {
    const rows = (await tx
      .getConnection()
      .execute<{ balance: string | null }[]>('select sum("amount_cents") as balance from "store_credit_entries" where "user_id" = ?', [userId], 'all', tx.getTransactionContext())) as { balance: string | null }[];
    return Number(rows[0]?.balance ?? 0);
  },

  /**
   * Spends `cents` (> 0) of `order`'s buyer's credit on it: a negative entry 'Pedido <number>'.
   * The caller holds the buyer's row lock and has checked the balance (`balance`).
   */
  spend(tx: EntityManager, order: Order, cents: number, at: Date): void {
    tx.create(StoreCreditEntry, { user: order.user, amountCents: -cents, reason: `Pedido ${order.number}`, order, returnRequestId: null, createdAt: at });
  },

  /**
   * Spends again the credit `order` spent and gave back when it was cancelled (a cancelled order
   * reinstated after a late payment). Locks the buyer. Returns false, changing nothing, when the
   * balance no longer holds it (spent on another order meanwhile).
   */
  async spendAgain(tx: EntityManager, order: Order, at: Date): Promise<boolean> {
    if (order.storeCreditCents <= 0) return true;
    const userId = await lockBuyer(tx, order);
    if ((await storeCreditLedger.balance(tx, userId)) < order.storeCreditCents) return false;
    storeCreditLedger.spend(tx, order, order.storeCreditCents, at);
    return true;
  },

  /**
   * Gives back to the buyer the credit `order` spent and has not given back yet (a cancellation, an
   * expiry, a refund), at most `cents` when given: a positive entry `reason`. Locks the buyer.
   * Returns the cents given back (0 when nothing was left).
   */
  async giveBack(tx: EntityManager, order: Order, reason: string, at: Date, cents?: number): Promise<number> {
    if (order.storeCreditCents <= 0) return 0;
    const userId = await lockBuyer(tx, order);
    const rows = (await tx
      .getConnection()
      .execute<{ net: string | null }[]>('select sum("amount_cents") as net from "store_credit_entries" where "order_id" = ?', [order.id], 'all', tx.getTransactionContext())) as { net: string | null }[];
    // What the order spent less what it already gave back.
    const left = -Number(rows[0]?.net ?? 0);
    const back = Math.min(left, cents ?? left);
    if (back <= 0) return 0;
    tx.create(StoreCreditEntry, { user: userId, amountCents: back, reason: reason.slice(0, 200), order, returnRequestId: null, createdAt: at });
    return back;
  },
};
