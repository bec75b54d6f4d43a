/**
 * `POST /api/admin-registrations` (admin.md 2, 5; create_admin_registration_secure): creates a
 * pending registration and e-mails the confirmation link. 409 `email_in_use` / `admin_limit`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type AdminRegistrationInput, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getAdminRegistrationsQueryOptions } from './get-admin-registrations.ts';

export function createAdminRegistration(input: AdminRegistrationInput): Promise<MessageResponse> {
  return apiRequest('/api/admin-registrations', messageSchema, { method: 'POST', body: input, auth: false });
}

export function useCreateAdminRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminRegistration,
    // The users tab lists pending registrations; the login modal has no such list (no-op there).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminRegistrationsQueryOptions().queryKey }),
  });
}
