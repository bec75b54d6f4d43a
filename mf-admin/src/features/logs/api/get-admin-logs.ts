/**
 * `GET /api/admin/logs?period&action&search`: at most 100 activity rows, newest first, and the
 * summary of every row matching the filters (admin.md 3, 9).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminLogPageSchema, type AdminLogPage, type LogActionFilter, type LogPeriod } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export interface LogFilters {
  period: LogPeriod;
  action: LogActionFilter;
  search: string;
}

export function getAdminLogs(filters: LogFilters, signal?: AbortSignal): Promise<AdminLogPage> {
  return apiRequest('/api/admin/logs', adminLogPageSchema, {
    query: { period: filters.period, action: filters.action, search: filters.search || undefined },
    ...(signal ? { signal } : {}),
  });
}

export function getAdminLogsQueryOptions(filters: LogFilters) {
  return queryOptions({
    queryKey: adminKeys.logs(filters.period, filters.action, filters.search),
    queryFn: ({ signal }) => getAdminLogs(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLogs(filters: LogFilters) {
  return useQuery(getAdminLogsQueryOptions(filters));
}
