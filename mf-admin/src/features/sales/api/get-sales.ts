/** `GET /api/admin/sales?period=`: the sales report (admin.md 2, 9) from paid, shipped and delivered orders. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { salesReportSchema, type SalesPeriod, type SalesReport } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFETCH_INTERVAL_MS, adminKeys } from '../../../lib/query-keys.ts';

export function getSales(period: SalesPeriod, signal?: AbortSignal): Promise<SalesReport> {
  return apiRequest('/api/admin/sales', salesReportSchema, { query: { period }, ...(signal ? { signal } : {}) });
}

export function getSalesQueryOptions(period: SalesPeriod) {
  return queryOptions({
    queryKey: adminKeys.sales(period),
    queryFn: ({ signal }) => getSales(period, signal),
    refetchInterval: LIVE_REFETCH_INTERVAL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useSales(period: SalesPeriod) {
  return useQuery(getSalesQueryOptions(period));
}
