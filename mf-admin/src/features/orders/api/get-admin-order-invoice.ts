/**
 * `GET /api/admin/orders/:id/invoice`: the order's NF-e with the
 * provider, attempts and last error, or null while the order has none (404). Re-read every 10 s
 * while it is being issued (its links are signed for 15 minutes: re-read every 10 minutes after).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderInvoiceSchema, type AdminOrderInvoice } from '@prata/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** How often an invoice being issued is re-read, ms. */
export const PENDING_INVOICE_POLL_MS = 10_000;

export async function getAdminOrderInvoice(orderId: string, signal?: AbortSignal): Promise<AdminOrderInvoice | null> {
  try {
    return await apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/invoice`, adminOrderInvoiceSchema, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function getAdminOrderInvoiceQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: adminKeys.orderInvoice(orderId),
    queryFn: ({ signal }) => getAdminOrderInvoice(orderId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'requested' || status === 'processing' ? PENDING_INVOICE_POLL_MS : 10 * 60_000;
    },
  });
}

export function useAdminOrderInvoice(orderId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAdminOrderInvoiceQueryOptions(orderId), enabled: options.enabled ?? true });
}
