/** `PUT /api/developer/alert-rules/:id`: a rule changed (the panel mutes and unmutes with it); the rules list is refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRule, type AlertRuleInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALERT_RULES_KEY } from './get-alert-rules.ts';

export function updateAlertRule({ id, rule }: { id: string; rule: AlertRuleInput }): Promise<AlertRule> {
  return apiRequest(`/api/developer/alert-rules/${encodeURIComponent(id)}`, alertRuleSchema, { method: 'PUT', body: rule });
}

export function useUpdateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAlertRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_KEY }) });
}
