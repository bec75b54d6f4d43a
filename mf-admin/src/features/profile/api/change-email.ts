/**
 * `POST /api/me/email {newEmail, currentPassword, code?}`: e-mails a confirmation link to the new
 * address (the change happens when it is followed). With 2FA on, the authenticator (or a
 * recovery) code is required too. 400 `wrong_password` / `code_required` / `invalid_code`,
 * 409 `email_in_use`.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ChangeEmailInput, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changeEmail(input: ChangeEmailInput): Promise<MessageResponse> {
  return apiRequest('/api/me/email', messageSchema, { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
