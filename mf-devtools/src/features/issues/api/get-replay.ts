/** `GET /api/developer/errors/events/:eventId/replay`: the rrweb recording kept with an error event. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { errorReplaySchema, type ErrorReplay } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ISSUES_KEY } from './get-issues.ts';

export function getReplay(eventId: string, signal?: AbortSignal): Promise<ErrorReplay> {
  return apiRequest(`/api/developer/errors/events/${encodeURIComponent(eventId)}/replay`, errorReplaySchema, signal ? { signal } : {});
}

export function useReplay(eventId: string) {
  return useQuery(queryOptions({ queryKey: [...ISSUES_KEY, 'replay', eventId], queryFn: ({ signal }) => getReplay(eventId, signal), retry: false, staleTime: Infinity }));
}
