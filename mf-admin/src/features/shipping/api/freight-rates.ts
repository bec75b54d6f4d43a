/**
 * The store's freight table by region: `GET` and `PUT /api/admin/shipping/freight-rates`,
 * one row per region and service (prices in BRL cents, times in business days).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { freightTableSchema, type FreightRateRow } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getFreightRates(signal?: AbortSignal): Promise<FreightRateRow[]> {
  return apiRequest('/api/admin/shipping/freight-rates', freightTableSchema, signal ? { signal } : {});
}

export function useFreightRates() {
  return useQuery({ queryKey: adminKeys.freightRates, queryFn: ({ signal }) => getFreightRates(signal) });
}

export function useSaveFreightRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (table: FreightRateRow[]) => apiRequest('/api/admin/shipping/freight-rates', freightTableSchema, { method: 'PUT', body: table }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.freightRates, saved),
  });
}
