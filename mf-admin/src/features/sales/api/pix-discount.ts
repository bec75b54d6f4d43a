/**
 * The PIX discount: `GET` and `PUT /api/admin/settings/pix-discount` `{ percent }`.
 * Saving also refreshes the storefront's offers (`['store-offers']`: cards and product pages show
 * the PIX price).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pixDiscountSettingSchema, type PixDiscountSetting } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function usePixDiscount() {
  return useQuery({ queryKey: adminKeys.pixDiscount, queryFn: ({ signal }) => apiRequest('/api/admin/settings/pix-discount', pixDiscountSettingSchema, { signal }) });
}

export function useSavePixDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PixDiscountSetting) => apiRequest('/api/admin/settings/pix-discount', pixDiscountSettingSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.pixDiscount, saved);
      return queryClient.invalidateQueries({ queryKey: ['store-offers'] });
    },
  });
}
