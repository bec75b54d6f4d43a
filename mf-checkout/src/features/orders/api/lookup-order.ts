/**
 * `POST /api/order-tracking/lookup` (anonymous, rate-limited): the tracking token of the order
 * whose number and e-mail or CPF match (contracts `OrderTrackingLookup`), or one generic 404.
 */
import { useMutation } from '@tanstack/react-query';
import { orderTrackingTokenResultSchema, type OrderTrackingLookup } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function lookupOrder(body: OrderTrackingLookup): Promise<{ token: string }> {
  return apiRequest('/api/order-tracking/lookup', orderTrackingTokenResultSchema, { method: 'POST', body, auth: false });
}

export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
