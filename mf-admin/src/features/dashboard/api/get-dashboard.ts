/** `GET /api/admin/dashboard`: the overview's figures (admin.md 2, 9), live through lib/live-updates.ts, polled while the socket is down. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest('/api/admin/dashboard', dashboardSchema, signal ? { signal } : {});
}

/** @param live the realtime socket is open (no polling then). */
export function getDashboardQueryOptions(live = false) {
  return queryOptions({ queryKey: adminKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal), refetchInterval: liveRefetchInterval(live) });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions(useLive()));
}
