/**
 * `GET /api/me/store-credit` (issue 23 "Returns and exchanges"): the shopper's store-credit
 * balance (returns the store credited) and its movements. Spending it at checkout is not built yet.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeCreditSchema, type StoreCredit } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getStoreCredit(): Promise<StoreCredit> {
  return apiRequest('/api/me/store-credit', storeCreditSchema);
}

export const storeCreditQueryOptions = queryOptions({ queryKey: ['store-credit'] as const, queryFn: getStoreCredit });

export function useStoreCredit() {
  return useQuery(storeCreditQueryOptions);
}
