/** `PUT /api/cart/recovery-consent`: turns the shopper's cart reminders by e-mail on or off; the answer replaces the cached value. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartRecoveryConsentSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartRemindersQueryOptions } from './get-cart-reminders.ts';

export async function setCartReminders(consent: boolean): Promise<boolean> {
  return (await apiRequest('/api/cart/recovery-consent', cartRecoveryConsentSchema, { method: 'PUT', body: { consent } })).consent;
}

export function useSetCartReminders() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setCartReminders, onSuccess: (consent) => client.setQueryData(cartRemindersQueryOptions.queryKey, consent) });
}
