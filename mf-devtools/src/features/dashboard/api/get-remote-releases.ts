/**
 * `GET /api/developer/remotes/:remote/releases`: a remote's published versions (newest
 * first, the active one marked), its activation history and the registry entry served now.
 * Kept live by the realtime channel `releases` (use-live-dashboard.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { remoteReleaseListSchema, type RemoteName, type RemoteReleaseList } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Root key of every remote's release list (invalidated together). */
export const REMOTE_RELEASES_KEY = ['developer', 'remote-releases'] as const;

export function getRemoteReleases(remote: RemoteName, signal?: AbortSignal): Promise<RemoteReleaseList> {
  return apiRequest(`/api/developer/remotes/${remote}/releases`, remoteReleaseListSchema, signal ? { signal } : {});
}

export function remoteReleasesQueryOptions(remote: RemoteName) {
  return queryOptions({ queryKey: [...REMOTE_RELEASES_KEY, remote], queryFn: ({ signal }) => getRemoteReleases(remote, signal) });
}

export function useRemoteReleases(remote: RemoteName) {
  return useQuery(remoteReleasesQueryOptions(remote));
}
