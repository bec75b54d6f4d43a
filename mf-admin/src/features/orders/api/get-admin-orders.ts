/** `GET /api/admin/orders`: one page of orders with the tab's filters (status, method, period, search). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderPageSchema, type AdminOrderListQuery, type AdminOrderPage } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type AdminOrderFilters = Pick<AdminOrderListQuery, 'status' | 'method' | 'from' | 'to' | 'search' | 'alert'> & { page: number };

export function getAdminOrders(filters: AdminOrderFilters, signal?: AbortSignal): Promise<AdminOrderPage> {
  const query: Record<string, string | undefined> = {
    status: filters.status,
    method: filters.method,
    from: filters.from,
    to: filters.to,
    search: filters.search?.trim() || undefined,
    alert: filters.alert,
    page: String(filters.page),
  };
  return apiRequest('/api/admin/orders', adminOrderPageSchema, { query, ...(signal ? { signal } : {}) });
}

export function getAdminOrdersQueryOptions(filters: AdminOrderFilters) {
  return queryOptions({ queryKey: ['admin', 'orders', 'list', filters], queryFn: ({ signal }) => getAdminOrders(filters, signal), placeholderData: keepPreviousData });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(getAdminOrdersQueryOptions(filters));
}
