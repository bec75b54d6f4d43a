/**
 * The catalogue's availability watch: records `ProductAvailabilityChanged` when what shoppers see
 * of a product's stock changes: the product or one of its variants sells out, comes back, or
 * crosses the store's low-stock line. Orders and favourites move stock all the time; most moves
 * change nothing a page shows, and only the ones that do should purge the store's cached pages.
 *
 * A check reads the public list (the same `available` figures the pages show), turns each product
 * into a state signature ({@link availabilitySignature}) and compares it with the last one stored
 * in `product_availability_states`, in one upsert that returns only the rows whose state moved.
 * Every service process checks on the same signals, but the upsert's row locks let exactly one of
 * them see (and record) each change; the events are written in the same transaction (outbox).
 * A product seen for the first time is a change too (it now shows in the lists, also when it was
 * written behind the service's back, in SQL); only a store's very first check records nothing.
 *
 * Checks run, debounced, after each event and NOTIFY that can move stock (the catalogue cache's
 * signals) and when the first of the listed products' holds expires (an expiry raises
 * availability without any event).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_AVAILABILITY_CHANGED, type Product } from '@prata/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';

/** What shoppers see of a number of available units: sold out, low (at or below the line) or in stock. */
export function availabilityLevel(available: number, lowStockThreshold: number): 'out' | 'low' | 'in' {
  if (available <= 0) return 'out';
  return available <= lowStockThreshold ? 'low' : 'in';
}

/** The product's level and each variant's (by id, sorted), e.g. `in|v1:out|v2:low`. */
export function availabilitySignature(product: Pick<Product, 'available' | 'variants'>, lowStockThreshold: number): string {
  const variants = [...(product.variants ?? [])].sort((a, b) => a.id.localeCompare(b.id)).map((variant) => `${variant.id}:${availabilityLevel(variant.available, lowStockThreshold)}`);
  return [availabilityLevel(product.available, lowStockThreshold), ...variants].join('|');
}

const COMPARE_AND_SET_SQL = `insert into product_availability_states (product_id, state)
select product_id, state from jsonb_to_recordset(?::jsonb) as given(product_id uuid, state text)
on conflict (product_id) do update set state = excluded.state
where product_availability_states.state is distinct from excluded.state
returning product_id, state`;

export interface AvailabilityWatchOptions {
  em: () => EntityManager;
  events: Pick<EventBus, 'record' | 'publish'>;
  clock: Clock;
  /** The public list of products with their `available` units (the catalogue service's list). */
  list(em: EntityManager): Promise<Product[]>;
  /** The store's low-stock line, in units. */
  lowStockThreshold(em: EntityManager): Promise<number>;
  /** When the first hold on one of `productIds` expires, or null. */
  nextHoldExpiry(em: EntityManager, productIds: string[], now: Date): Promise<Date | null>;
  /** Checks that follow a signal within this long are one check (ms). */
  debounceMs?: number;
  log?: { error(details: object, message: string): void };
}

export class AvailabilityWatch {
  private readonly options: AvailabilityWatchOptions;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<string[]> | null = null;
  private again = false;
  private closed = false;

  constructor(options: AvailabilityWatchOptions) {
    this.options = options;
  }

  /** Asks for a check soon (several asks within the debounce are one check). */
  poke(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check().catch((error: unknown) => this.options.log?.error({ err: error }, 'availability check failed'));
    }, this.options.debounceMs ?? 100);
    this.timer.unref();
  }

  /**
   * Checks now (a check asked while one runs runs once more after it).
   * @returns the ids of the products whose availability event this process recorded.
   * @throws what the database throws.
   */
  async check(): Promise<string[]> {
    if (this.running) {
      this.again = true;
      return this.running.then(() => this.check());
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    const changed = await this.running;
    if (this.again) {
      this.again = false;
      return [...changed, ...(await this.check())];
    }
    return changed;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.expiryTimer);
  }

  private async run(): Promise<string[]> {
    const em = this.options.em().fork();
    const [products, threshold] = await Promise.all([this.options.list(em), this.options.lowStockThreshold(em)]);
    const ids = products.map((product) => product.id);
    const given = JSON.stringify(products.map((product) => ({ product_id: product.id, state: availabilitySignature(product, threshold) })));
    const records = await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const [seeded] = await connection.execute<{ any: boolean }[]>('select exists (select 1 from product_availability_states) as any', [], 'all', tx.getTransactionContext());
      const rows = await connection.execute<{ product_id: string; state: string }[]>(COMPARE_AND_SET_SQL, [given], 'all', tx.getTransactionContext());
      // The first check of a store has nothing to compare with: it only records what is shown.
      if (!seeded?.any) return [];
      return rows.map((row) => this.options.events.record(tx, { type: PRODUCT_AVAILABILITY_CHANGED, aggregateId: row.product_id, payload: { productId: row.product_id, state: row.state } }));
    });
    await this.options.events.publish(em, records);
    await this.scheduleExpiry(em, ids);
    return records.map((record) => record.aggregateId);
  }

  /** A check when the first hold on a listed product expires. */
  private async scheduleExpiry(em: EntityManager, productIds: string[]): Promise<void> {
    clearTimeout(this.expiryTimer);
    const now = this.options.clock.now();
    const next = await this.options.nextHoldExpiry(em, productIds, now);
    if (!next || this.closed) return;
    // Timers hold at most ~24.8 days; a later expiry is checked when a signal comes first anyway.
    this.expiryTimer = setTimeout(() => this.poke(), Math.min(2 ** 31 - 1, Math.max(0, next.getTime() - now.getTime()) + 50));
    this.expiryTimer.unref();
  }
}
