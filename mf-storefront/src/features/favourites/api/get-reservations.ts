/** `GET /api/reservations`: the signed-in shopper's active reservations (resynced every 60 s). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RESERVATION_SYNC_INTERVAL_MS, reservationListSchema, type Reservation } from '@prata/contracts/reservations';
import { apiRequest } from '../../../lib/api-client.ts';

export function getReservations(signal?: AbortSignal): Promise<Reservation[]> {
  return apiRequest('/api/reservations', reservationListSchema, signal ? { signal } : {});
}

export function getReservationsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['reservations', userId],
    queryFn: ({ signal }) => getReservations(signal),
    enabled: userId !== null,
    refetchInterval: RESERVATION_SYNC_INTERVAL_MS,
    staleTime: 0,
  });
}

export function useReservations(userId: string | null) {
  return useQuery(getReservationsQueryOptions(userId));
}
