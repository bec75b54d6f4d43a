/** `GET /api/orders` (signed-in): the shopper's orders, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest('/api/orders', orderSchema.array(), signal ? { signal } : {});
}

export function getOrdersQueryOptions() {
  // Statuses change on the store's side (paid, shipped): opening the history always reads it again.
  return queryOptions({ queryKey: ['orders', 'list'], queryFn: ({ signal }) => getOrders(signal), staleTime: 0 });
}

export function useOrders(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrdersQueryOptions(), enabled: options.enabled ?? true });
}
