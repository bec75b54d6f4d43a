/**
 * The gift wrap: `GET` and `PUT /api/admin/settings/gift-wrap` `{ enabled, priceCents }`.
 * Saving also refreshes the storefront's offers (`['store-offers']`: the checkout offers the wrap).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { giftWrapSettingSchema, type GiftWrapSetting } from '@prata/contracts/gifts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function useGiftWrap() {
  return useQuery({ queryKey: adminKeys.giftWrap, queryFn: ({ signal }) => apiRequest('/api/admin/settings/gift-wrap', giftWrapSettingSchema, { signal }) });
}

export function useSaveGiftWrap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: GiftWrapSetting) => apiRequest('/api/admin/settings/gift-wrap', giftWrapSettingSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.giftWrap, saved);
      return queryClient.invalidateQueries({ queryKey: ['store-offers'] });
    },
  });
}
