/**
 * The low-stock threshold: `GET` and `PUT /api/admin/settings/low-stock` `{ threshold }`
 * (units). Saving refreshes the sales report and the dashboard, whose stock alerts use it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lowStockSettingSchema, type LowStockSetting } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function saveLowStockSetting(update: LowStockSetting): Promise<LowStockSetting> {
  return apiRequest('/api/admin/settings/low-stock', lowStockSettingSchema, { method: 'PUT', body: update });
}

export function useSaveLowStockSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLowStockSetting,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.salesAll }), queryClient.invalidateQueries({ queryKey: adminKeys.dashboard })]),
  });
}
