/** `GET /api/admin/dashboard`: the overview's figures (admin.md 2, 9), polled until live updates (lib/query-keys.ts). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIVE_REFETCH_INTERVAL_MS, adminKeys } from '../../../lib/query-keys.ts';

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest('/api/admin/dashboard', dashboardSchema, signal ? { signal } : {});
}

export function getDashboardQueryOptions() {
  return queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal), refetchInterval: LIVE_REFETCH_INTERVAL_MS });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
