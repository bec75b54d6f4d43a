/**
 * `POST /api/orders/:id/simulate-payment` (sandbox only): 'Simular pagamento'. The sandbox
 * acquirer approves the PIX or boleto and notifies the store through its webhook route, the
 * same path a real payment takes; answers the order as it stands afterwards.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getOrderQueryOptions } from './get-order.ts';

export function simulatePayment(id: string): Promise<Order> {
  return apiRequest(`/api/orders/${encodeURIComponent(id)}/simulate-payment`, orderSchema, { method: 'POST' });
}

export function useSimulatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulatePayment,
    onSuccess: (order) => queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders', 'list'] }),
  });
}
