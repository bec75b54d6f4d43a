/**
 * The store's offers (issue 23): `GET /api/store-offers`, the PIX discount in percent and free
 * shipping's threshold and regions, validated with the contract's `storeOffersSchema`. The cart and
 * checkout show them; the service applies them itself when the order is placed.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeOffersSchema, type StoreOffers } from '@prata/contracts';
import { apiRequest } from './api-client.ts';

export function getStoreOffers(signal?: AbortSignal): Promise<StoreOffers> {
  return apiRequest('/api/store-offers', storeOffersSchema, { auth: false, ...(signal ? { signal } : {}) });
}

/** Same key as the storefront's, so one answer serves both remotes in a page. */
export const storeOffersQuery = queryOptions({ queryKey: ['store-offers'], queryFn: ({ signal }) => getStoreOffers(signal), staleTime: 60_000 });

export function useStoreOffers() {
  return useQuery(storeOffersQuery);
}
