/**
 * `GET /api/developer/composition`: the store as it is composed now, the shell and each
 * remote's active and canary builds with the shared singletons their build-info.json records and
 * their mismatches with the shell. Its key sits under `['developer', 'deployments']`, so release
 * activations (realtime channel `releases`, use-live-dashboard.ts) and the Deployments card's
 * changes refresh it; it is also refreshed every minute (canaries ended elsewhere send no event).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { compositionSchema, type Composition } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const COMPOSITION_KEY = ['developer', 'deployments', 'composition'] as const;

/** The composition now. @throws ApiRequestError with the service's pt-BR message. */
export function getComposition(signal?: AbortSignal): Promise<Composition> {
  return apiRequest('/api/developer/composition', compositionSchema, signal ? { signal } : {});
}

export function getCompositionQueryOptions() {
  return queryOptions({ queryKey: COMPOSITION_KEY, queryFn: ({ signal }) => getComposition(signal), refetchInterval: 60_000 });
}

export function useComposition() {
  return useQuery(getCompositionQueryOptions());
}
