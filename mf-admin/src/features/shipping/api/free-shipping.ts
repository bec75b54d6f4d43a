/**
 * Free shipping: `GET` and `PUT /api/admin/settings/free-shipping`
 * `{ thresholdCents, regions }` (BRL cents; null regions: all of Brazil).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { freeShippingSettingSchema, type FreeShippingSetting } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getFreeShipping(signal?: AbortSignal): Promise<FreeShippingSetting> {
  return apiRequest('/api/admin/settings/free-shipping', freeShippingSettingSchema, signal ? { signal } : {});
}

export function useFreeShipping() {
  return useQuery({ queryKey: adminKeys.freeShipping, queryFn: ({ signal }) => getFreeShipping(signal) });
}

export function useSaveFreeShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: FreeShippingSetting) => apiRequest('/api/admin/settings/free-shipping', freeShippingSettingSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.freeShipping, saved),
  });
}
