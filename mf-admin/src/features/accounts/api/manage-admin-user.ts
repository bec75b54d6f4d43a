/**
 * One account in the users tab (admin.md 2 row actions):
 * - `GET /api/admin/users/:id`: profile, roles, created, last sign-in, orders count ('Ver');
 * - `PATCH /api/admin/users/:id` `{ fullName?, isAdmin?, isDeveloper? }` ('Editar': name, admin role within the cap, developer role);
 * - `DELETE /api/admin/users/:id`: a customer's account, with LGPD erasure ('Excluir').
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminUserDetailSchema, messageSchema, type AdminUserDetail, type AdminUserUpdate, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getAdminUser(id: string, signal?: AbortSignal): Promise<AdminUserDetail> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, adminUserDetailSchema, signal ? { signal } : {});
}

export function getAdminUserQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.user(id), queryFn: ({ signal }) => getAdminUser(id, signal) });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...getAdminUserQueryOptions(id ?? ''), enabled: id !== null });
}

export function updateAdminUser({ id, update }: { id: string; update: AdminUserUpdate }): Promise<AdminUserDetail> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, adminUserDetailSchema, { method: 'PATCH', body: update });
}

export function deleteAdminUser(id: string): Promise<MessageResponse> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(id)}`, messageSchema, { method: 'DELETE' });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdminUser, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }) });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users }), queryClient.invalidateQueries({ queryKey: adminKeys.dashboard })]),
  });
}
