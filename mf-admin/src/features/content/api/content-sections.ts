/**
 * Content sections (admin.md 3, 4, 7): `GET /api/content` (ordered by key) and
 * `PUT /api/admin/content/:key` `{ title, content }`. Saving refreshes every content query, the
 * storefront pages' included (same root key).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentSectionListSchema, contentSectionSchema, type ContentSection, type ContentSectionUpdate } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getContentSections(signal?: AbortSignal): Promise<ContentSection[]> {
  return apiRequest('/api/content', contentSectionListSchema, signal ? { signal } : {});
}

export function getContentSectionsQueryOptions() {
  return queryOptions({ queryKey: [...adminKeys.content, 'sections'], queryFn: ({ signal }) => getContentSections(signal) });
}

export function useContentSections() {
  return useQuery(getContentSectionsQueryOptions());
}

export function saveContentSection({ key, update }: { key: string; update: ContentSectionUpdate }): Promise<ContentSection> {
  return apiRequest(`/api/admin/content/${encodeURIComponent(key)}`, contentSectionSchema, { method: 'PUT', body: update });
}

export function useSaveContentSection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveContentSection, onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.content }) });
}
