/** `GET /api/developer/errors`: the newest 100 system errors (admin.md 7, 9). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemErrorListSchema, type SystemErrorDto } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const SYSTEM_ERRORS_KEY = ['developer', 'errors'] as const;

export function getSystemErrors(signal?: AbortSignal): Promise<SystemErrorDto[]> {
  return apiRequest('/api/developer/errors', systemErrorListSchema, signal ? { signal } : {});
}

export function getSystemErrorsQueryOptions() {
  return queryOptions({ queryKey: SYSTEM_ERRORS_KEY, queryFn: ({ signal }) => getSystemErrors(signal) });
}

export function useSystemErrors() {
  return useQuery(getSystemErrorsQueryOptions());
}
