/** `DELETE /api/reservations/:productId`: unfavouriting releases the unit. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@prata/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteReservation(productId: string) {
  return apiRequest(`/api/reservations/${encodeURIComponent(productId)}`, messageSchema, { method: 'DELETE' });
}

export function useDeleteReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReservation,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reservations'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}
