/**
 * `GET /api/admin/search?q=`: up to 5 products, 3 orders and 3 users (admin.md 2). Runs only for
 * terms of at least 2 characters; a failure gives an empty list (admin.md 2), never an error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { GLOBAL_SEARCH_MIN_LENGTH, globalSearchResultSchema, type SearchResult } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export async function globalSearch(term: string, signal?: AbortSignal): Promise<SearchResult[]> {
  try {
    return (await apiRequest('/api/admin/search', globalSearchResultSchema, { query: { q: term }, ...(signal ? { signal } : {}) })).results;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

export function globalSearchQueryOptions(term: string) {
  return queryOptions({
    queryKey: adminKeys.search(term),
    queryFn: ({ signal }) => globalSearch(term, signal),
    enabled: term.length >= GLOBAL_SEARCH_MIN_LENGTH,
    staleTime: 10_000,
  });
}

export function useGlobalSearch(term: string) {
  return useQuery(globalSearchQueryOptions(term));
}
