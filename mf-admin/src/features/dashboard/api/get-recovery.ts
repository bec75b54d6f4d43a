/**
 * `GET /api/admin/recovery?days=`: what recovery did over the last `days` days (contracts
 * `RecoveryReport`: cart and payment reminders sent per channel, carts and orders recovered, the
 * revenue recovered net of cancellations and refunds, BRL cents). Stale with the dashboard (its
 * key is under the dashboard's).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { recoveryReportSchema, type RecoveryReport } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getRecovery(days: number, signal?: AbortSignal): Promise<RecoveryReport> {
  return apiRequest(`/api/admin/recovery?days=${days}`, recoveryReportSchema, signal ? { signal } : {});
}

/** @param live the realtime socket is open (no polling then). */
export function getRecoveryQueryOptions(days: number, live = false) {
  return queryOptions({ queryKey: [...adminKeys.recovery, days], queryFn: ({ signal }) => getRecovery(days, signal), refetchInterval: liveRefetchInterval(live) });
}

export function useRecovery(days: number) {
  return useQuery(getRecoveryQueryOptions(days, useLive()));
}
