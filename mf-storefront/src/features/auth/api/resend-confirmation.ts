/**
 * `POST /api/auth/resend-confirmation`: asks for the sign-up confirmation e-mail again.
 * The service answers the same neutral message for any address; 429 after too many requests.
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function resendConfirmation(email: string) {
  return apiRequest('/api/auth/resend-confirmation', messageSchema, { method: 'POST', body: { email }, auth: false });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
