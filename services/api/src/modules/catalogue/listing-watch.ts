/**
 * The catalogue's listing watch (a ShownStateWatch, src/events/shown-state-watch.ts): records
 * `ProductListingChanged` when what the store shows of a product changes, whoever changed it:
 * its public fields (name, price, pictures, description, variants...), its availability crossing
 * zero or the store's low-stock line, or its entering or leaving the public catalogue. Orders and
 * favourites move stock all the time; a move within a level ('in', 'low', 'out') changes nothing a
 * page shows, so it is no event. Checked after every event and NOTIFY that can change a list (the
 * catalogue cache's signals) and when the first hold on a listed product expires (an expiry raises
 * availability without any event).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_LISTING_CHANGED, type Product } from '@prata/contracts';
import type { EventBus } from '../../events/event-bus.ts';
import { ShownStateWatch, shownSignature } from '../../events/shown-state-watch.ts';
import type { Clock } from '../../lib/clock.ts';

/** What shoppers see of a number of available units: sold out, low (at or below the line) or in stock. */
export function availabilityLevel(available: number, lowStockThreshold: number): 'out' | 'low' | 'in' {
  if (available <= 0) return 'out';
  return available <= lowStockThreshold ? 'low' : 'in';
}

/**
 * The signature of what the store shows of `product`: its public fields, with its and its
 * variants' unit counts replaced by their levels (SHA-1, base64url).
 */
export function listingSignature(product: Product, lowStockThreshold: number): string {
  const level = (units: number) => availabilityLevel(units, lowStockThreshold);
  const shown = {
    ...product,
    stock: level(product.stock),
    available: level(product.available),
    variants: product.variants.map((variant) => ({ ...variant, stock: level(variant.stock), available: level(variant.available) })),
  };
  return shownSignature(shown);
}

export interface ListingWatchOptions {
  em: () => EntityManager;
  events: Pick<EventBus, 'record' | 'publish'>;
  clock: Clock;
  /** The public list of products (the catalogue service's list). */
  list(em: EntityManager): Promise<Product[]>;
  /** The store's low-stock line, in units. */
  lowStockThreshold(em: EntityManager): Promise<number>;
  /** When the first hold on one of `productIds` expires, or null. */
  nextHoldExpiry(em: EntityManager, productIds: string[], now: Date): Promise<Date | null>;
  log?: { error(details: object, message: string): void };
}

const PREFIX = 'product:';

/** The catalogue's listing watch (see the module doc). */
export function listingWatch(options: ListingWatchOptions): ShownStateWatch {
  return new ShownStateWatch({
    namespace: 'product',
    em: options.em,
    events: options.events,
    ...(options.log ? { log: options.log } : {}),
    read: async (em) => {
      const [products, threshold] = await Promise.all([options.list(em), options.lowStockThreshold(em)]);
      return new Map(products.map((product) => [`${PREFIX}${product.id}`, listingSignature(product, threshold)]));
    },
    record: (tx, changes) =>
      changes.map(({ key, state }) => {
        const productId = key.slice(PREFIX.length);
        return options.events.record(tx, { type: PRODUCT_LISTING_CHANGED, aggregateId: productId, payload: { productId, listed: state !== null } });
      }),
    schedule: async (em, keys) => {
      const next = await options.nextHoldExpiry(em, keys.map((key) => key.slice(PREFIX.length)), options.clock.now());
      return next?.getTime() ?? null;
    },
  });
}
