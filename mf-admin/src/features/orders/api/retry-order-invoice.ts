/**
 * `POST /api/admin/orders/:id/invoice/retry`: sends a failed or rejected invoice to the
 * provider again (audited); the answer replaces the cached invoice, which then polls until issued.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderInvoiceSchema, type AdminOrderInvoice } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function retryOrderInvoice(orderId: string): Promise<AdminOrderInvoice> {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/invoice/retry`, adminOrderInvoiceSchema, { method: 'POST' });
}

export function useRetryOrderInvoice(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryOrderInvoice(orderId),
    onSuccess: (invoice) => queryClient.setQueryData(adminKeys.orderInvoice(orderId), invoice),
  });
}
