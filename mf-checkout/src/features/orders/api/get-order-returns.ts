/**
 * `GET /api/orders/:id/returns` (signed-in, own orders only):
 * the withdrawal right's end, the units still returnable per line and the order's return and
 * exchange requests.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderReturnsSchema, type OrderReturns } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getOrderReturns(id: string, signal?: AbortSignal): Promise<OrderReturns> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/returns`, orderReturnsSchema, signal ? { signal } : {});
}

export function getOrderReturnsQueryOptions(id: string) {
  return queryOptions({ queryKey: ['orders', 'returns', id], queryFn: ({ signal }) => getOrderReturns(id, signal), staleTime: 0 });
}

export function useOrderReturns(id: string) {
  return useQuery(getOrderReturnsQueryOptions(id));
}
