/** `POST /api/auth/recover`: e-mails a link to /reset-password (same answer for any e-mail). */
import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function recoverPassword(email: string) {
  return apiRequest('/api/auth/recover', messageSchema, { method: 'POST', body: { email }, auth: false });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
