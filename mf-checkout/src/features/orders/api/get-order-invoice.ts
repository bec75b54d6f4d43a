/**
 * `GET /api/orders/:id/invoice` (signed-in, own orders only): the
 * order's NF-e, or null while the order has none (404: unpaid, or invoicing off). Re-read every
 * 10 s while it is being issued, and every 10 minutes once issued (its DANFE/XML links are signed
 * for 15 minutes).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderInvoiceSchema, type OrderInvoice } from '@prata/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** How often an invoice being issued is re-read, ms. */
export const PENDING_INVOICE_POLL_MS = 10_000;
/** How often an issued invoice is re-read (fresh signed links), ms. */
export const INVOICE_LINKS_REFRESH_MS = 10 * 60_000;

export async function getOrderInvoice(orderId: string, signal?: AbortSignal): Promise<OrderInvoice | null> {
  try {
    return await apiRequest(`/api/orders/${encodeURIComponent(orderId)}/invoice`, orderInvoiceSchema, signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function getOrderInvoiceQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['orders', 'invoice', orderId],
    queryFn: ({ signal }) => getOrderInvoice(orderId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'requested' || status === 'processing' ? PENDING_INVOICE_POLL_MS : INVOICE_LINKS_REFRESH_MS;
    },
    staleTime: 0,
  });
}

export function useOrderInvoice(orderId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getOrderInvoiceQueryOptions(orderId), enabled: options.enabled ?? true });
}
