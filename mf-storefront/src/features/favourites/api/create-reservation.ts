/** `POST /api/reservations`: favouriting reserves one unit for 30 minutes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reservationSchema } from '@prata/contracts/reservations';
import { apiRequest } from '../../../lib/api-client.ts';

export function createReservation(productId: string) {
  return apiRequest('/api/reservations', reservationSchema, { method: 'POST', body: { productId } });
}

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reservations'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}
