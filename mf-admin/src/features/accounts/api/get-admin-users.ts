/** `GET /api/admin/users`: profiles with their highest role, newest first (admin.md 2 users tab). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

const listSchema = adminUserSchema.array();

export function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return apiRequest('/api/admin/users', listSchema, signal ? { signal } : {});
}

export function getAdminUsersQueryOptions() {
  return queryOptions({ queryKey: adminKeys.users, queryFn: ({ signal }) => getAdminUsers(signal) });
}

export function useAdminUsers() {
  return useQuery(getAdminUsersQueryOptions());
}
