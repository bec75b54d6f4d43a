/** `GET /api/admin/qa/issues`: every stored QA issue, newest first (admin.md 3 "QA issue"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { qaIssueListSchema, type QaIssue } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const QA_ISSUES_KEY = ['admin', 'qa-issues'] as const;

export function getQaIssues(signal?: AbortSignal): Promise<QaIssue[]> {
  return apiRequest('/api/admin/qa/issues', qaIssueListSchema, signal ? { signal } : {});
}

export function useQaIssues() {
  return useQuery(queryOptions({ queryKey: QA_ISSUES_KEY, queryFn: ({ signal }) => getQaIssues(signal) }));
}
