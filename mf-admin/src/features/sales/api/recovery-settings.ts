/**
 * The recovery settings: `GET` and `PUT /api/admin/settings/recovery` (contracts
 * `RecoverySettings`: cart reminders on/off and their delays in hours, the new-PIX window and the
 * review request's delay in days).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recoverySettingsSchema, type RecoverySettings } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function useRecoverySettings() {
  return useQuery({ queryKey: adminKeys.recoverySettings, queryFn: ({ signal }) => apiRequest('/api/admin/settings/recovery', recoverySettingsSchema, { signal }) });
}

export function useSaveRecoverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: RecoverySettings) => apiRequest('/api/admin/settings/recovery', recoverySettingsSchema, { method: 'PUT', body: update }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.recoverySettings, saved),
  });
}
