/** `GET /api/admin/orders`: one page of orders with the tab's filters (status, method, period, search). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderPageSchema, type AdminOrderListQuery, type AdminOrderPage } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

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

/** @param live the realtime socket is open: new and changed orders arrive by events (lib/live-updates.ts), no polling. */
export function getAdminOrdersQueryOptions(filters: AdminOrderFilters, live = false) {
  return queryOptions({
    queryKey: [...adminKeys.orderLists, filters],
    queryFn: ({ signal }) => getAdminOrders(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: liveRefetchInterval(live),
  });
}

export function useAdminOrders(filters: AdminOrderFilters) {
  return useQuery(getAdminOrdersQueryOptions(filters, useLive()));
}
