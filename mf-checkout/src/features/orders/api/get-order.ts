/**
 * `GET /api/orders/:id` (signed-in, own orders only): one order with its payment instructions.
 * While the order awaits payment it is re-read every 5 s, so a confirmation (webhook, 'Simular
 * pagamento', the staff) shows without reloading.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { storeCreditQueryOptions } from '../../../lib/store-credit.ts';

/** How often an unpaid order is re-read, ms. */
export const PENDING_ORDER_POLL_MS = 5000;

export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}`, orderSchema, signal ? { signal } : {});
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
    // The store changes an order behind the shopper's back (paid, shipped): opening it always reads it again.
    staleTime: 0,
  });
}

export function useOrder(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrderQueryOptions(id), enabled: options.enabled ?? true });
}

/**
 * The cache updates of a shopper's action that answers the changed order and takes or frees its
 * units and store credit (cancel, a new PIX or boleto): the order as answered, then the orders,
 * the products and the balance read again. Spread into the action's `useMutation` options.
 */
export function orderActionUpdates(queryClient: QueryClient) {
  return {
    onSuccess: (order: Order) => queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: storeCreditQueryOptions.queryKey }),
      ]),
  };
}
