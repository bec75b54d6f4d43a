/**
 * `POST /api/order-tracking/:token/return-code` (anonymous): e-mails a 6-digit one-time code to the
 * tracked order's contact address (valid 10 minutes; a new one voids the one before). 429 past
 * the order's or the address's limit, with the service's pt-BR message.
 */
import { useMutation } from '@tanstack/react-query';
import { returnCodeSentSchema, type ReturnCodeSent } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function sendReturnCode(token: string): Promise<ReturnCodeSent> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/return-code`, returnCodeSentSchema, { method: 'POST', auth: false });
}

export function useSendReturnCode(token: string) {
  return useMutation({ mutationFn: () => sendReturnCode(token) });
}
