/**
 * `POST /api/cart/recover` (anonymous, rate-limited): the lines of the cart a reminder's link
 * names, priced now by the catalogue (404 a link the store did not sign, 409 an expired one).
 */
import { useMutation } from '@tanstack/react-query';
import { cartRecoveredSchema, type CartRecovered } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function recoverCart(token: string): Promise<CartRecovered> {
  return apiRequest('/api/cart/recover', cartRecoveredSchema, { method: 'POST', body: { token }, auth: false });
}

export function useRecoverCart() {
  return useMutation({ mutationFn: recoverCart });
}
