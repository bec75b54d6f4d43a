/**
 * `POST /api/admin/registrations/:id/approve`: grants the admin role to a confirmed registration.
 * 409 `admin_limit` when 3 admins exist.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getAdminRegistrationsQueryOptions } from './get-admin-registrations.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function approveAdminRegistration(id: string): Promise<MessageResponse> {
  return apiRequest(`/api/admin/registrations/${encodeURIComponent(id)}/approve`, messageSchema, { method: 'POST' });
}

export function useApproveAdminRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveAdminRegistration,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getAdminRegistrationsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
      ]),
  });
}
