/** `POST /api/auth/reset-password`: sets the new password with the single-use link token. */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ResetPasswordInput } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('/api/auth/reset-password', messageSchema, { method: 'POST', body: input, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
