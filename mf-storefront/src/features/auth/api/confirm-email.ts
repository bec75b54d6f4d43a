/** `POST /api/auth/confirm-email` and `/api/auth/confirm-email-change`: links from e-mails. */
import { messageSchema } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function confirmEmail(token: string) {
  return apiRequest('/api/auth/confirm-email', messageSchema, { method: 'POST', body: { token }, auth: false });
}

export function confirmEmailChange(token: string) {
  return apiRequest('/api/auth/confirm-email-change', messageSchema, { method: 'POST', body: { token }, auth: false });
}
