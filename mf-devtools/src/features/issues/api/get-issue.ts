/** `GET /api/developer/issues/:id`: one issue with its newest events. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { errorIssueDetailSchema, type ErrorIssueDetail } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ISSUES_KEY } from './get-issues.ts';

export function getIssue(id: string, signal?: AbortSignal): Promise<ErrorIssueDetail> {
  return apiRequest(`/api/developer/issues/${encodeURIComponent(id)}`, errorIssueDetailSchema, signal ? { signal } : {});
}

export function getIssueQueryOptions(id: string) {
  return queryOptions({ queryKey: [...ISSUES_KEY, 'detail', id], queryFn: ({ signal }) => getIssue(id, signal) });
}

export function useIssue(id: string) {
  return useQuery(getIssueQueryOptions(id));
}
