/**
 * `POST /api/me/email` (shown on the account page): asks for an e-mail
 * change with the current password; the service e-mails a confirmation link to the new address
 * and the change applies when it is opened. Errors: 400 wrong password, 409 e-mail in use, 429.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ChangeEmailInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function changeEmail(input: ChangeEmailInput): Promise<{ message: string }> {
  return apiRequest('/api/me/email', messageSchema, { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
