/** `POST /api/auth/sign-up`: creates the account and e-mails the confirmation link. */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type SignUpInput } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function signUp(input: SignUpInput) {
  return apiRequest('/api/auth/sign-up', messageSchema, { method: 'POST', body: input, auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
