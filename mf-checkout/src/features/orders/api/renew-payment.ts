/**
 * `POST /api/orders/:id/renew-payment` (the shopper's own order): 'Gerar novo PIX' / 'Gerar novo
 * boleto'. A new code for the same order at its own price, allowed when the current one is about to
 * expire or expired (the order's `paymentRenewal` window); 409 (pt-BR) names the pieces no longer
 * available. Answers the order with its new code; the units and the store credit it takes again
 * make the products and the balance stale.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderActionUpdates } from './get-order.ts';

export function renewPayment(id: string): Promise<Order> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/renew-payment`, orderSchema, { method: 'POST' });
}

export function useRenewPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewPayment,
    ...orderActionUpdates(queryClient),
  });
}
