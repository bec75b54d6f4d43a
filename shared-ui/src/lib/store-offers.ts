/**
 * `GET /api/store-offers`: the store's PIX discount (whole percent), the card instalment rules,
 * free shipping (threshold in BRL cents and regions) and the gift wrap. One query (key `['store-offers']`, which the panel's PIX
 * discount form invalidates on save) for the storefront's cards and product page (prefetched with
 * the page for server rendering, so the first HTML already shows the PIX price), the cart and the
 * checkout.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_INSTALLMENT_RULES } from '@prata/contracts/installments';
import { storeOffersSchema, type StoreOffers } from '@prata/contracts/shipping';
import { apiRequest } from '@prata/shared-ui/state';

/** The query key of the store's offers. */
export const STORE_OFFERS_QUERY_KEY = ['store-offers'] as const;

/**
 * Until the offers are known: no PIX discount, no free shipping (nothing is promised that may not
 * hold), the default instalment rules (the service checks the plan chosen against its own), and
 * no gift wrap offered.
 */
export const NO_STORE_OFFERS: StoreOffers = { pixDiscountPercent: 0, freeShippingThresholdCents: null, freeShippingRegions: null, installments: DEFAULT_INSTALLMENT_RULES, giftWrap: { enabled: false, priceCents: 0 } };

/**
 * Fetches the offers. Public and without `Authorization`, like the catalogue's lists (no CORS preflight).
 * @throws ApiRequestError when the call fails.
 */
export function getStoreOffers(signal?: AbortSignal): Promise<StoreOffers> {
  return apiRequest('/api/store-offers', storeOffersSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getStoreOffersQueryOptions() {
  return queryOptions({ queryKey: STORE_OFFERS_QUERY_KEY, queryFn: ({ signal }) => getStoreOffers(signal), staleTime: 5 * 60_000 });
}

/** The store's offers; {@link NO_STORE_OFFERS} while loading or when the call failed. */
export function useStoreOffers(): StoreOffers {
  return useQuery(getStoreOffersQueryOptions()).data ?? NO_STORE_OFFERS;
}
