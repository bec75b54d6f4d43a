/** `GET /api/admin/system-status`: every check, run by the service on each request (admin.md 2). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemStatusSchema, type SystemStatus } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  return apiRequest('/api/admin/system-status', systemStatusSchema, signal ? { signal } : {});
}

export function useSystemStatus() {
  return useQuery(queryOptions({ queryKey: ['admin', 'system-status'], queryFn: ({ signal }) => getSystemStatus(signal), staleTime: 0 }));
}
