/**
 * `GET /api/me/store-credit`: the signed-in shopper's
 * store-credit balance (returns the store credited, less what orders spent) and its movements.
 * Used by the account page (the balance) and by the checkout (spending it: 'Usar meu crédito na
 * loja'). Placing or cancelling an order changes it: their mutations invalidate
 * `storeCreditQueryOptions.queryKey`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeCreditSchema, type StoreCredit } from '@prata/contracts';
import { apiRequest } from './api-client.ts';

/** Fetches the signed-in shopper's balance and entries. */
export function getStoreCredit(): Promise<StoreCredit> {
  return apiRequest('/api/me/store-credit', storeCreditSchema);
}

/** The balance's query options (key `['store-credit']`). */
export const storeCreditQueryOptions = queryOptions({ queryKey: ['store-credit'] as const, queryFn: getStoreCredit });

/** The shopper's store credit; `enabled` false for a signed-out visitor (nothing is fetched). */
export function useStoreCredit(enabled = true) {
  return useQuery({ ...storeCreditQueryOptions, enabled });
}
