/** `GET /api/admin/orders/:id`: one order with customer, payment data, alert and timeline. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderSchema, type AdminOrder } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getAdminOrder(id: string, signal?: AbortSignal): Promise<AdminOrder> {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}`, adminOrderSchema, signal ? { signal } : {});
}

export function getAdminOrderQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.order(id), queryFn: ({ signal }) => getAdminOrder(id, signal) });
}

export function useAdminOrder(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAdminOrderQueryOptions(id), enabled: options.enabled ?? true });
}
