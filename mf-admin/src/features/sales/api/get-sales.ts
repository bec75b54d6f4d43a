/** `GET /api/admin/sales?period=`: the sales report (admin.md 2, 9) from paid, shipped and delivered orders. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesReportSchema, type SalesPeriod, type SalesReport } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getSales(period: SalesPeriod, signal?: AbortSignal): Promise<SalesReport> {
  return apiRequest('/api/admin/sales', salesReportSchema, { query: { period }, ...(signal ? { signal } : {}) });
}

/** @param live the realtime socket is open (no polling then). */
export function getSalesQueryOptions(period: SalesPeriod, live = false) {
  return queryOptions({
    queryKey: adminKeys.sales(period),
    queryFn: ({ signal }) => getSales(period, signal),
    refetchInterval: liveRefetchInterval(live),
    placeholderData: keepPreviousData,
  });
}

export function useSales(period: SalesPeriod) {
  return useQuery(getSalesQueryOptions(period, useLive()));
}
