/**
 * `GET /api/order-tracking/:token/returns` with a grant (`x-return-grant`): the tracked order's
 * returns as the account's order page shows them (contracts `OrderReturns`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RETURN_GRANT_HEADER, orderReturnsSchema, type OrderReturns } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getGrantedReturns(token: string, grant: string, signal?: AbortSignal): Promise<OrderReturns> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/returns`, orderReturnsSchema, { auth: false, headers: { [RETURN_GRANT_HEADER]: grant }, ...(signal ? { signal } : {}) });
}

export function getGrantedReturnsQueryOptions(token: string, grant: string) {
  return queryOptions({ queryKey: ['order-tracking', token, 'returns'], queryFn: ({ signal }) => getGrantedReturns(token, grant, signal), staleTime: 0, retry: false });
}

export function useGrantedReturns(token: string, grant: string) {
  return useQuery(getGrantedReturnsQueryOptions(token, grant));
}
