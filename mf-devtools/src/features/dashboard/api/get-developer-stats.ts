/** `GET /api/developer/stats`: the stat cards, record counts and errors per remote version. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerStatsSchema, type DeveloperStats } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const DEVELOPER_STATS_KEY = ['developer', 'stats'] as const;

export function getDeveloperStats(signal?: AbortSignal): Promise<DeveloperStats> {
  return apiRequest('/api/developer/stats', developerStatsSchema, signal ? { signal } : {});
}

export function useDeveloperStats() {
  return useQuery(queryOptions({ queryKey: DEVELOPER_STATS_KEY, queryFn: ({ signal }) => getDeveloperStats(signal) }));
}
