/**
 * `POST /api/orders/:id/returns`: the shopper asks to return or exchange units of a
 * delivered order with a reason; approved at once within the 7-day withdrawal right. Refreshes
 * the order and its returns.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnRequestSchema, type CreateReturnInput, type ReturnRequest } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function createReturn(orderId: string, input: CreateReturnInput): Promise<ReturnRequest> {
  return apiRequest(`/api/orders/${encodeURIComponent(orderId)}/returns`, returnRequestSchema, { method: 'POST', body: input });
}

export function useCreateReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReturnInput) => createReturn(orderId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
