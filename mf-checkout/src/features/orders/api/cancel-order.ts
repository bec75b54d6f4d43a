/**
 * `POST /api/orders/:id/cancel` (the shopper, unpaid orders only): cancels it and frees its units;
 * store credit the order spent goes back to the shopper, so the balance is fetched again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderActionUpdates } from './get-order.ts';

export function cancelOrder(id: string): Promise<Order> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/cancel`, orderSchema, { method: 'POST' });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    ...orderActionUpdates(queryClient),
  });
}
