/** `POST /api/me/password {password, confirmPassword}`: the profile password change (>= 6). */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(input: { password: string; confirmPassword: string }): Promise<MessageResponse> {
  return apiRequest('/api/me/password', messageSchema, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
