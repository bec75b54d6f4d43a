/**
 * `POST /api/me/password` (shown on the account page): the current
 * password, then the new one twice; the service signs out every other session. Errors: 400
 * wrong current password, 429 while locked.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ChangePasswordInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest('/api/me/password', messageSchema, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
