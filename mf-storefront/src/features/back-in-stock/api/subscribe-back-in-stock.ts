/**
 * `POST /api/back-in-stock`: asks to be e-mailed when a sold-out product or variant is
 * back. Signed in, the session's token goes along and the account's e-mail is used (active at
 * once); anonymous, the typed e-mail gets a confirmation link. Answers the pt-BR message to show.
 */
import { useMutation } from '@tanstack/react-query';
import { backInStockSubscriptionResultSchema, type BackInStockSubscribeInput } from '@prata/contracts/back-in-stock';
import { apiRequest } from '../../../lib/api-client.ts';

export function subscribeBackInStock(input: BackInStockSubscribeInput) {
  return apiRequest('/api/back-in-stock', backInStockSubscriptionResultSchema, { method: 'POST', body: input });
}

export function useSubscribeBackInStock() {
  return useMutation({ mutationFn: subscribeBackInStock });
}
