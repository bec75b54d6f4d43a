/** `GET /api/developer/uptime`: each checked target's uptime and p95 latency over 24 h, with its newest failures. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { uptimeSchema, type Uptime } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const UPTIME_KEY = ['developer', 'uptime'] as const;

export function getUptime(signal?: AbortSignal): Promise<Uptime> {
  return apiRequest('/api/developer/uptime', uptimeSchema, signal ? { signal } : {});
}

export function getUptimeQueryOptions() {
  return queryOptions({ queryKey: UPTIME_KEY, queryFn: ({ signal }) => getUptime(signal), refetchInterval: 60_000 });
}

export function useUptime() {
  return useQuery(getUptimeQueryOptions());
}
