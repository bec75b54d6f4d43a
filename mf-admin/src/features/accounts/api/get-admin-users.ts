/**
 * `GET /api/admin/users?search=&page=`: one page of profiles with their highest role, newest
 * first (admin.md 2 users tab; server-side paging and an accent-insensitive search over
 * name and e-mail). The previous page stays on screen while the next one loads.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_USERS_PAGE_SIZE, adminUserPageSchema, type AdminUserPage } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The users tab's filters: the search text (empty: everyone) and the page, from 1. */
export interface AdminUserFilters {
  search: string;
  page: number;
}

export function getAdminUsers({ search, page }: AdminUserFilters, signal?: AbortSignal): Promise<AdminUserPage> {
  const query = { page: String(page), pageSize: String(ADMIN_USERS_PAGE_SIZE), ...(search ? { search } : {}) };
  return apiRequest('/api/admin/users', adminUserPageSchema, { query, ...(signal ? { signal } : {}) });
}

export function getAdminUsersQueryOptions(filters: AdminUserFilters) {
  return queryOptions({
    queryKey: [...adminKeys.users, 'list', filters.search, filters.page],
    queryFn: ({ signal }) => getAdminUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery(getAdminUsersQueryOptions(filters));
}
