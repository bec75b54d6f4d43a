/** `GET /api/admin/registrations`: admin registrations, newest first (admin only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRegistrationSchemaOut, type AdminRegistration } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

const listSchema = adminRegistrationSchemaOut.array();

export function getAdminRegistrations(signal?: AbortSignal): Promise<AdminRegistration[]> {
  return apiRequest('/api/admin/registrations', listSchema, signal ? { signal } : {});
}

export function getAdminRegistrationsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'registrations'], queryFn: ({ signal }) => getAdminRegistrations(signal) });
}

export function useAdminRegistrations() {
  return useQuery(getAdminRegistrationsQueryOptions());
}
