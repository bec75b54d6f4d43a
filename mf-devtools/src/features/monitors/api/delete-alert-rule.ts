/** `DELETE /api/developer/alert-rules/:id`: the rule goes (its firings stay); the rules list is refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleDeletionSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALERT_RULES_KEY } from './get-alert-rules.ts';

export async function deleteAlertRule(id: string): Promise<void> {
  await apiRequest(`/api/developer/alert-rules/${encodeURIComponent(id)}`, alertRuleDeletionSchema, { method: 'DELETE' });
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAlertRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_KEY }) });
}
