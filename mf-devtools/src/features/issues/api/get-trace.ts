/** `GET /api/developer/traces/:traceId`: the spans the service kept of a failed or slow request. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { traceSchema, type TraceDto } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ISSUES_KEY } from './get-issues.ts';

export function getTrace(traceId: string, signal?: AbortSignal): Promise<TraceDto> {
  return apiRequest(`/api/developer/traces/${encodeURIComponent(traceId)}`, traceSchema, signal ? { signal } : {});
}

export function useTrace(traceId: string) {
  return useQuery(queryOptions({ queryKey: [...ISSUES_KEY, 'trace', traceId], queryFn: ({ signal }) => getTrace(traceId, signal), retry: false, staleTime: Infinity }));
}
