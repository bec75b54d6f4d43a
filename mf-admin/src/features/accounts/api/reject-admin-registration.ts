/** `POST /api/admin/registrations/:id/reject`: refuses a registration that is not approved. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getAdminRegistrationsQueryOptions } from './get-admin-registrations.ts';

export function rejectAdminRegistration(id: string): Promise<MessageResponse> {
  return apiRequest(`/api/admin/registrations/${encodeURIComponent(id)}/reject`, messageSchema, { method: 'POST' });
}

export function useRejectAdminRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectAdminRegistration,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getAdminRegistrationsQueryOptions().queryKey }),
  });
}
