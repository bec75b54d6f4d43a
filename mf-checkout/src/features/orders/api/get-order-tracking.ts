/**
 * `GET /api/order-tracking/:token` (anonymous): the order a tracking link names, as whoever holds
 * the link may see it (contracts `OrderTrackingView`: BRL cents, ISO instants; city and UF only).
 * Re-read every 5 s while unpaid, as the account's order page is. 404 (a link the store did not
 * sign) and 410 (expired) are not retried.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderTrackingViewSchema, type OrderTrackingView } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PENDING_ORDER_POLL_MS } from './get-order.ts';

export function getOrderTracking(token: string, signal?: AbortSignal): Promise<OrderTrackingView> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}`, orderTrackingViewSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getOrderTrackingQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['order-tracking', token],
    queryFn: ({ signal }) => getOrderTracking(token, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_ORDER_POLL_MS : false),
    staleTime: 0,
    retry: false,
  });
}

export function useOrderTracking(token: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrderTrackingQueryOptions(token), enabled: options.enabled ?? true });
}
