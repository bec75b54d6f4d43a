/**
 * `POST /api/me/password {currentPassword, password, confirmPassword}`: the profile password
 * change (the current password is checked; staff accounts need the panel strength
 * rule; the account's other sessions are signed out). 400 `wrong_password` / `weak_password`.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ChangePasswordInput, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest('/api/me/password', messageSchema, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
