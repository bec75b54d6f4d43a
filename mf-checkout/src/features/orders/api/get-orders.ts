/**
 * `GET /api/orders?limit=&after=` (signed-in): the shopper's orders, newest first, a page of
 * `ORDER_HISTORY_PAGE_SIZE` at a time (keyset paging: the next page starts after the last order
 * read, contracts `orderHistoryCursor`).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ORDER_HISTORY_PAGE_SIZE, orderHistoryCursor, orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** One page of orders after the cursor `after` (from the newest when null). */
export function getOrders(after: string | null, signal?: AbortSignal): Promise<Order[]> {
  const query = new URLSearchParams({ limit: String(ORDER_HISTORY_PAGE_SIZE) });
  if (after) query.set('after', after);
  return apiRequest(`/api/orders?${query.toString()}`, orderSchema.array(), signal ? { signal } : {});
}

export function getOrdersQueryOptions() {
  // Statuses change on the store's side (paid, shipped): opening the history always reads it again.
  return infiniteQueryOptions({
    queryKey: ['orders', 'list'],
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: null as string | null,
    // A short page is the last one.
    getNextPageParam: (last: Order[]) => (last.length < ORDER_HISTORY_PAGE_SIZE ? null : orderHistoryCursor(last.at(-1)!)),
    staleTime: 0,
  });
}

export function useOrders(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getOrdersQueryOptions(), enabled: options.enabled ?? true });
}
