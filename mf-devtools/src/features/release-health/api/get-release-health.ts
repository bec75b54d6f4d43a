/** `GET /api/developer/release-health?remote=`: the remote's active, canary and previous versions from real users. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { releaseHealthSchema, type ReleaseHealth, type RemoteName } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const RELEASE_HEALTH_KEY = ['developer', 'release-health'] as const;

export function getReleaseHealth(remote: RemoteName, signal?: AbortSignal): Promise<ReleaseHealth> {
  return apiRequest('/api/developer/release-health', releaseHealthSchema, { query: { remote }, ...(signal ? { signal } : {}) });
}

export function getReleaseHealthQueryOptions(remote: RemoteName) {
  return queryOptions({ queryKey: [...RELEASE_HEALTH_KEY, remote], queryFn: ({ signal }) => getReleaseHealth(remote, signal), refetchInterval: 60_000 });
}

export function useReleaseHealth(remote: RemoteName) {
  return useQuery(getReleaseHealthQueryOptions(remote));
}
