/** `GET /api/developer/feedback?issueId=`: the shoppers' newest reports, or those of an issue's sessions. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackListSchema, type FeedbackList } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const FEEDBACK_KEY = ['developer', 'feedback'] as const;

export function getFeedback(issueId?: string, signal?: AbortSignal): Promise<FeedbackList> {
  return apiRequest('/api/developer/feedback', feedbackListSchema, { query: { issueId }, ...(signal ? { signal } : {}) });
}

export function getFeedbackQueryOptions(issueId?: string) {
  return queryOptions({ queryKey: [...FEEDBACK_KEY, issueId ?? 'all'], queryFn: ({ signal }) => getFeedback(issueId, signal) });
}

export function useFeedback(issueId?: string) {
  return useQuery(getFeedbackQueryOptions(issueId));
}
