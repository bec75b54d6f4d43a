/**
 * Guards for the two public routes that call services on the store's own account (security
 * review 2026-11-29 #18): `GET /api/cep/:cep` (ViaCEP) and `POST /api/shipping/quotes` (Melhor
 * Envio's quotes, whose token also buys the labels). Each route already limits every client; from
 * many addresses, though, they could still spend the account's quota, get the token throttled and
 * leave the owner without labels. So:
 * - answers are cached in memory (lru-cache; a load in flight is shared): an address for
 *   {@link CEP_CACHE_TTL_MS} (a CEP that does not exist for {@link CEP_NOT_FOUND_TTL_MS}), a
 *   carrier quote for {@link QUOTE_CACHE_TTL_MS}, keyed by the whole package sent;
 * - a call that misses the cache first spends one unit of a budget per minute shared by every
 *   replica (`CEP_LOOKUP_UPSTREAM_PER_MINUTE`, `CARRIER_QUOTES_UPSTREAM_PER_MINUTE`, counted in
 *   PostgreSQL like the rate limits); past it the provider's "unavailable" error is thrown without a
 *   call, as when the provider is down: the CEP form stays fillable by hand, the freight comes from
 *   the store's table with its notice. Failures are never cached.
 */
import { LRUCache } from 'lru-cache';
import type { CepAddress } from '@prata/contracts';
import { CarrierUnavailableError, type CarrierGateway, type CarrierQuote, type Shipment } from './carrier-gateway.ts';
import { CepLookupUnavailableError, type CepLookup } from './cep-lookup.ts';

/** How long a found address is kept, ms (CEPs do not move). */
export const CEP_CACHE_TTL_MS = 24 * 3_600_000;
/** How long "this CEP does not exist" is kept, ms. */
export const CEP_NOT_FOUND_TTL_MS = 3_600_000;
/** How long a carrier quote is kept for the same package and route, ms. */
export const QUOTE_CACHE_TTL_MS = 10 * 60_000;
/** Most entries of each cache. */
const CACHE_ENTRIES = 10_000;

/** Takes one unit of an upstream budget; resolves false when the budget of this minute is spent. */
export type UpstreamBudget = () => Promise<boolean>;

/** {@link CepLookup} with a cache in front of `inner` and a budget for its calls (see the module comment). */
export class GuardedCepLookup implements CepLookup {
  private readonly cache: LRUCache<string, { address: CepAddress | null }>;

  constructor(inner: CepLookup, budget: UpstreamBudget) {
    this.cache = new LRUCache({
      max: CACHE_ENTRIES,
      ttl: CEP_CACHE_TTL_MS,
      fetchMethod: async (cep, _stale, { options }) => {
        if (!(await budget())) throw new CepLookupUnavailableError('upstream budget of this minute spent');
        const address = await inner.lookup(cep);
        if (!address) options.ttl = CEP_NOT_FOUND_TTL_MS;
        return { address };
      },
    });
  }

  async lookup(cep: string): Promise<CepAddress | null> {
    return (await this.cache.fetch(cep))!.address;
  }
}

/** {@link CarrierGateway} with a cache in front of `inner` and a budget for its calls (see the module comment). */
export class GuardedCarrierGateway implements CarrierGateway {
  private readonly cache: LRUCache<string, { quotes: CarrierQuote[] }>;

  constructor(inner: CarrierGateway, budget: UpstreamBudget) {
    this.cache = new LRUCache({
      max: CACHE_ENTRIES,
      ttl: QUOTE_CACHE_TTL_MS,
      fetchMethod: async (key) => {
        if (!(await budget())) throw new CarrierUnavailableError('upstream budget of this minute spent');
        return { quotes: await inner.quote(JSON.parse(key) as Shipment) };
      },
    });
  }

  async quote(shipment: Shipment): Promise<CarrierQuote[]> {
    const { fromCep, toCep, weightGrams, lengthCm, widthCm, heightCm, insuranceCents } = shipment;
    return (await this.cache.fetch(JSON.stringify({ fromCep, toCep, weightGrams, lengthCm, widthCm, heightCm, insuranceCents })))!.quotes;
  }
}
