/** `GET /api/security/status` (get_security_status): 2FA flag, last sign-in, failed sign-ins. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityStatusSchema, type SecurityStatus } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getSecurityStatus(signal?: AbortSignal): Promise<SecurityStatus> {
  return apiRequest('/api/security/status', securityStatusSchema, signal ? { signal } : {});
}

export function getSecurityStatusQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'security', 'status'], queryFn: ({ signal }) => getSecurityStatus(signal) });
}

export function useSecurityStatus() {
  return useQuery(getSecurityStatusQueryOptions());
}
