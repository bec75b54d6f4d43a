/** `GET /api/orders/:id` (signed-in, own orders only): one order with its payment instructions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}`, orderSchema, signal ? { signal } : {});
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

export function useOrder(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrderQueryOptions(id), enabled: options.enabled ?? true });
}
