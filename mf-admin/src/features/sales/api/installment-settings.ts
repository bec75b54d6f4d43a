/**
 * The card instalment rules: `GET` and `PUT /api/admin/settings/installments` (contracts
 * `InstallmentSettings`: most instalments, the smallest instalment in BRL cents, interest-free up
 * to, the monthly rate above). Saving also refreshes the storefront's offers (`['store-offers']`:
 * the product page, the cart and the checkout read the rules from them).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { installmentSettingsSchema, type InstallmentSettings } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function useInstallmentSettings() {
  return useQuery({ queryKey: adminKeys.installmentSettings, queryFn: ({ signal }) => apiRequest('/api/admin/settings/installments', installmentSettingsSchema, { signal }) });
}

export function useSaveInstallmentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: InstallmentSettings) => apiRequest('/api/admin/settings/installments', installmentSettingsSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.installmentSettings, saved);
      return queryClient.invalidateQueries({ queryKey: ['store-offers'] });
    },
  });
}
