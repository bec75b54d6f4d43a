/**
 * In-memory cache of the public catalogue lists (a public, rarely changing list must
 * not cost a query, a zod pass and a serialisation per request).
 *
 * Each entry is the list's serialised JSON and its ETag. Entries are dropped:
 * - on any domain event that can change a listed product or its availability (product created,
 *   updated, deleted; order events, which move stock; reservations), in every service process:
 *   the event bus's each-instance delivery (outbox + LISTEN/NOTIFY), and at once in the process
 *   that published the event (`invalidate()` from {@link attachCatalogueCache});
 * - on `NOTIFY prata_catalogue`, sent by triggers on `products`, `product_images`,
 *   `product_variants` and `product_reservations` for
 *   any change, including writes behind the service's back (SQL, scripts): heard by every process
 *   a moment after the writer's commit;
 * - when the earliest active reservation that counts in `available` expires (`validUntil` of the
 *   loader), since an expiry raises availability without an event;
 * - after at most {@link CATALOGUE_CACHE_MAX_AGE_MS}, a bound on anything this list missed.
 * A load that started before an invalidation is not kept after it (the entry is gone from the
 * map), and concurrent misses of one key share one load.
 */
import { createHash } from 'node:crypto';
import type { DomainEventName } from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { EventBus } from '../../events/event-bus.ts';

/** The longest an entry is served without an event having confirmed it (ms). */
export const CATALOGUE_CACHE_MAX_AGE_MS = 60_000;
/** Distinct lists kept (searches vary); the oldest is dropped beyond it. */
export const CATALOGUE_CACHE_MAX_ENTRIES = 200;

/**
 * One cached list: its JSON, UTF-8 encoded once (a string body would be encoded again for every
 * response: the largest per-request cost of a 16 KiB list), and its strong ETag (`"<sha1 base64>"`).
 */
export interface CachedList {
  body: Buffer;
  etag: string;
}

/** What a loader returns: the value to serialise and when it stops being true by itself. */
export interface CatalogueLoad {
  value: unknown;
  /** When the value changes without an event (a reservation expiring), or null. */
  validUntil: Date | null;
}

interface Entry {
  list: Promise<CachedList>;
  expiresAt: number;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The cached list under `key`, loading it with `load` on a miss. @throws what `load` throws (nothing is cached then). */
  get(key: string, load: () => Promise<CatalogueLoad>): Promise<CachedList> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.list;
    const entry: Entry = { list: Promise.resolve({ body: Buffer.alloc(0), etag: '' }), expiresAt: now + CATALOGUE_CACHE_MAX_AGE_MS };
    entry.list = load().then(
      ({ value, validUntil }) => {
        const body = Buffer.from(JSON.stringify(value));
        if (validUntil) entry.expiresAt = Math.min(entry.expiresAt, validUntil.getTime());
        return { body, etag: `"${createHash('sha1').update(body).digest('base64')}"` };
      },
      (error: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > CATALOGUE_CACHE_MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry.list;
  }

  /** Drops every entry (a load in flight still answers its own requests, and is not kept). */
  invalidate(): void {
    this.entries.clear();
  }
}

/** NOTIFY channel of the `products` and `product_reservations` triggers (entities). */
export const CATALOGUE_CHANNEL = 'prata_catalogue';

/**
 * Drops `cache` on every event of `types` (in this process as soon as it publishes one, and in
 * every process when the bus delivers it) and on every {@link CATALOGUE_CHANNEL} notification.
 * Returns the unsubscribe function.
 */
export function attachCatalogueCache(cache: Pick<CatalogueCache, 'invalidate'>, bus: EventBus, types: readonly DomainEventName[]): () => void {
  const wanted = new Set<string>(types);
  const onEvent = (event: { type: string }) => {
    if (wanted.has(event.type)) cache.invalidate();
  };
  const unsubscribe = [bus.subscribeEachInstance('*', onEvent), bus.onPublished(onEvent), bus.listen(CATALOGUE_CHANNEL, () => cache.invalidate())];
  return () => unsubscribe.forEach((off) => off());
}
