/**
 * `POST /api/back-in-stock/confirm` (security review 2026-11-29 #5): confirms the anonymous alert
 * whose e-mailed link opened the confirmation page, with the link's `token`. Sent without the
 * session (the token is the proof). Answers `{ outcome: 'confirmed' | 'expired' | 'invalid',
 * productName?, productSlug? }`; a malformed token is a 400 (ApiRequestError).
 */
import { useMutation } from '@tanstack/react-query';
import { backInStockConfirmResultSchema } from '@prata/contracts/back-in-stock';
import { apiRequest } from '../../../lib/api-client.ts';

export function confirmBackInStock(token: string) {
  return apiRequest('/api/back-in-stock/confirm', backInStockConfirmResultSchema, { method: 'POST', body: { token }, auth: false });
}

export function useConfirmBackInStock() {
  return useMutation({ mutationFn: confirmBackInStock });
}
