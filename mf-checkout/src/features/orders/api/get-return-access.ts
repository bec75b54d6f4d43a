/**
 * `GET /api/order-tracking/:token/return-access` (anonymous): whether the tracked order can be
 * returned or exchanged now, and its contact address masked (`m***@exemplo.com`), where the
 * one-time code would go.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { returnAccessSchema, type ReturnAccess } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getReturnAccess(token: string, signal?: AbortSignal): Promise<ReturnAccess> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/return-access`, returnAccessSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getReturnAccessQueryOptions(token: string) {
  return queryOptions({ queryKey: ['order-tracking', token, 'return-access'], queryFn: ({ signal }) => getReturnAccess(token, signal), staleTime: 0, retry: false });
}

export function useReturnAccess(token: string) {
  return useQuery(getReturnAccessQueryOptions(token));
}
