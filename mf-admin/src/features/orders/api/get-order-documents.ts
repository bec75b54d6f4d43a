/**
 * `GET /api/admin/orders/:id/documents`: signed links (15 minutes) to the order's packing list and,
 * when the shopper asked for one, its gift receipt. Re-read every 10 minutes so a link on the page
 * is never stale.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDocumentsSchema, type OrderDocuments } from '@prata/contracts/gifts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getOrderDocuments(orderId: string, signal?: AbortSignal): Promise<OrderDocuments> {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/documents`, orderDocumentsSchema, signal ? { signal } : {});
}

export function getOrderDocumentsQueryOptions(orderId: string) {
  return queryOptions({ queryKey: adminKeys.orderDocuments(orderId), queryFn: ({ signal }) => getOrderDocuments(orderId, signal), refetchInterval: 10 * 60_000 });
}

export function useOrderDocuments(orderId: string) {
  return useQuery(getOrderDocumentsQueryOptions(orderId));
}
