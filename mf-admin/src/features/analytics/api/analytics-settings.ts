/**
 * The analytics settings: `GET` and `PUT /api/admin/settings/analytics` (contracts
 * `AnalyticsSettings`: the GA4 measurement id and Meta Pixel id, and whether the server-only GA4
 * API secret and Meta access token are set; the secrets are sent, never read back).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { analyticsSettingsSchema, type AnalyticsSettingsUpdate } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function useAnalyticsSettings() {
  return useQuery({ queryKey: adminKeys.analyticsSettings, queryFn: ({ signal }) => apiRequest('/api/admin/settings/analytics', analyticsSettingsSchema, { signal }) });
}

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AnalyticsSettingsUpdate) => apiRequest('/api/admin/settings/analytics', analyticsSettingsSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.analyticsSettings, saved),
  });
}
