/** `GET /api/developer/alert-rules`: the alert rules, oldest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertRuleListSchema, type AlertRule } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ALERT_RULES_KEY = ['developer', 'alert-rules'] as const;

export function getAlertRules(signal?: AbortSignal): Promise<AlertRule[]> {
  return apiRequest('/api/developer/alert-rules', alertRuleListSchema, signal ? { signal } : {});
}

export function getAlertRulesQueryOptions() {
  return queryOptions({ queryKey: ALERT_RULES_KEY, queryFn: ({ signal }) => getAlertRules(signal), refetchInterval: 60_000 });
}

export function useAlertRules() {
  return useQuery(getAlertRulesQueryOptions());
}
