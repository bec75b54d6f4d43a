/**
 * `GET /api/orders/:id/reviews` (signed-in, own orders only): each line of the order, whether it
 * may be reviewed now and its review (status, the owner's reason when refused, the store's reply).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderReviewsSchema, type OrderReviews } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getOrderReviews(id: string, signal?: AbortSignal): Promise<OrderReviews> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/reviews`, orderReviewsSchema, signal ? { signal } : {});
}

export function getOrderReviewsQueryOptions(id: string) {
  return queryOptions({ queryKey: ['orders', 'reviews', id], queryFn: ({ signal }) => getOrderReviews(id, signal), staleTime: 0 });
}

export function useOrderReviews(id: string) {
  return useQuery(getOrderReviewsQueryOptions(id));
}
