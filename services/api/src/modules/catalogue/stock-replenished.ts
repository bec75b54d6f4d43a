/**
 * `StockReplenished` (back-in-stock alerts): recorded in the outbox, in the transaction
 * that changes the stock, whenever a product's (or a variant's) stock goes from 0 to above 0: an
 * admin's edit, units returned by a cancelled or expired order, and (once variants land) a
 * variant's stock edit. The back-in-stock module hears it after commit and e-mails the waiting
 * subscribers through the job queue.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { STOCK_REPLENISHED } from '@prata/contracts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus } from '../../events/event-bus.ts';

/** A stock change: units before and after it (whole units, >= 0). */
export interface StockChange {
  productId: string;
  /** The variant whose stock changed; null for the product's own stock (a product without variants). */
  variantId: string | null;
  before: number;
  after: number;
}

/**
 * Records `StockReplenished` in `tx` when the change took the stock from 0 (or less) to above 0;
 * the caller publishes the returned record with its others after commit (`events.publish`).
 * @returns the outbox record, or null when the change is no replenishment.
 */
export function publishIfReplenished(events: EventBus, tx: EntityManager, change: StockChange): DomainEventRecord | null {
  if (!(change.before <= 0 && change.after > 0)) return null;
  return events.record(tx, { type: STOCK_REPLENISHED, aggregateId: change.productId, payload: { productId: change.productId, variantId: change.variantId } });
}

/**
 * Puts `quantity` units of a product back in stock (one atomic `stock = stock + n`, so concurrent
 * returns never lose units) and records `StockReplenished` when that took it from 0 to above 0.
 * @returns the outbox record, or null (no replenishment, or the product is gone).
 */
export async function returnToStock(events: EventBus, tx: EntityManager, productId: string, quantity: number): Promise<DomainEventRecord | null> {
  const rows = await tx
    .getConnection()
    .execute<{ stock: number }[]>('update "products" set "stock" = "stock" + ? where "id" = ? returning "stock"', [quantity, productId], 'all', tx.getTransactionContext());
  const after = rows[0]?.stock;
  if (after === undefined) return null;
  return publishIfReplenished(events, tx, { productId, variantId: null, before: after - quantity, after });
}
