/**
 * `POST /api/reservations`: favouriting reserves one unit for 30 minutes. A product with variants
 * needs the variant to hold (`variantId`; the service answers 'Escolha uma opção' without it).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationSchema } from '@prata/contracts/reservations';
import { apiRequest } from '../../../lib/api-client.ts';

export function createReservation({ productId, variantId = null }: { productId: string; variantId?: string | null }) {
  return apiRequest('/api/reservations', reservationSchema, { method: 'POST', body: { productId, variantId } });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reservations'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}
