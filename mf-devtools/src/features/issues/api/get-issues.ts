/** `GET /api/developer/issues`: one page of the issue list, filtered and ordered. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { errorIssuePageSchema, type ErrorIssuePage, type ErrorIssueQuery } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ISSUES_KEY = ['developer', 'issues'] as const;

/** Query-string values of `query` (empty ones left out). */
function toSearch(query: ErrorIssueQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
}

export function getIssues(query: ErrorIssueQuery, signal?: AbortSignal): Promise<ErrorIssuePage> {
  return apiRequest('/api/developer/issues', errorIssuePageSchema, { query: toSearch(query), ...(signal ? { signal } : {}) });
}

export function getIssuesQueryOptions(query: ErrorIssueQuery) {
  return queryOptions({ queryKey: [...ISSUES_KEY, 'list', toSearch(query)], queryFn: ({ signal }) => getIssues(query, signal), placeholderData: keepPreviousData });
}

export function useIssues(query: ErrorIssueQuery) {
  return useQuery(getIssuesQueryOptions(query));
}
