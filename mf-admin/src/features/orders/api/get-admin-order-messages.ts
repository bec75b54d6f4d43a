/**
 * `GET /api/admin/orders/:id/messages`: whether WhatsApp is configured, whether the shopper opted
 * in, and the order's WhatsApp messages with their statuses. Delivery and read receipts arrive by
 * Meta's webhook, which raises no order event: re-read every 30 s while a message is on its way.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderMessagesSchema, type AdminOrderMessages } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** How often messages still queued or only sent are re-read, ms. */
export const PENDING_MESSAGES_POLL_MS = 30_000;

export function getAdminOrderMessages(orderId: string, signal?: AbortSignal): Promise<AdminOrderMessages> {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/messages`, adminOrderMessagesSchema, signal ? { signal } : {});
}

export function getAdminOrderMessagesQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: adminKeys.orderMessages(orderId),
    queryFn: ({ signal }) => getAdminOrderMessages(orderId, signal),
    refetchInterval: (query) => (query.state.data?.messages.some((message) => message.status === 'queued' || message.status === 'sent') ? PENDING_MESSAGES_POLL_MS : false),
  });
}

export function useAdminOrderMessages(orderId: string) {
  return useQuery(getAdminOrderMessagesQueryOptions(orderId));
}
