/**
 * `GET /api/cart` read for the account page: whether the shopper agreed to cart reminders by
 * e-mail (`recoveryConsent`, off by default). The lines themselves travel through the shared cart's sync.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cartSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const cartRemindersQueryOptions = queryOptions({
  queryKey: ['cart', 'reminders'],
  queryFn: async () => (await apiRequest('/api/cart', cartSchema)).recoveryConsent,
});

export function useCartReminders() {
  return useQuery(cartRemindersQueryOptions);
}
