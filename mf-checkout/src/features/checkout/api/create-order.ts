/**
 * `POST /api/orders` (signed-in customer): places the order with an `Idempotency-Key` header;
 * prices are read by the service, never sent. Answers the order (paid card, or pending PIX /
 * boleto with their instructions). Errors: 400 'Dados inválidos' (issues), 402
 * payment_declined, 404 product_not_found, 409 insufficient_stock.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type CreateOrderInput, type Order } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface CreateOrderVariables {
  input: CreateOrderInput;
  idempotencyKey: string;
}

export function createOrder({ input, idempotencyKey }: CreateOrderVariables): Promise<Order> {
  return apiRequest('/api/orders', orderSchema, { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Stock and the shopper's orders changed.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['orders'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}
