/**
 * `POST /api/me/email {newEmail, currentPassword}`: e-mails a confirmation link to the new
 * address (the change happens when it is followed). 400 `wrong_password`, 409 `email_in_use`.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changeEmail(input: { newEmail: string; currentPassword: string }): Promise<MessageResponse> {
  return apiRequest('/api/me/email', messageSchema, { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
