/** `POST /api/developer/alert-rules`: a new alert rule; the rules list is refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertRuleSchema, type AlertRule, type AlertRuleInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ALERT_RULES_KEY } from './get-alert-rules.ts';

export function createAlertRule(rule: AlertRuleInput): Promise<AlertRule> {
  return apiRequest('/api/developer/alert-rules', alertRuleSchema, { method: 'POST', body: rule });
}

export function useCreateAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAlertRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERT_RULES_KEY }) });
}
