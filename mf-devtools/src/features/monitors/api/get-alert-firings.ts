/** `GET /api/developer/alert-firings`: the newest 100 firings of the alert rules. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertFiringListSchema, type AlertFiring } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ALERT_FIRINGS_KEY = ['developer', 'alert-firings'] as const;

export function getAlertFirings(signal?: AbortSignal): Promise<AlertFiring[]> {
  return apiRequest('/api/developer/alert-firings', alertFiringListSchema, signal ? { signal } : {});
}

export function getAlertFiringsQueryOptions() {
  return queryOptions({ queryKey: ALERT_FIRINGS_KEY, queryFn: ({ signal }) => getAlertFirings(signal), refetchInterval: 60_000 });
}

export function useAlertFirings() {
  return useQuery(getAlertFiringsQueryOptions());
}
