/** `GET /api/content/:key`: one editable content section (admin.md 3; storefront.md 2 policy pages). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentSectionSchema, type ContentSection, type ContentSectionKey } from '@prata/contracts/content';
import { apiRequest } from '../../../lib/api-client.ts';

export function getContentSection(key: ContentSectionKey, signal?: AbortSignal): Promise<ContentSection> {
  return apiRequest(`/api/content/${encodeURIComponent(key)}`, contentSectionSchema, signal ? { signal } : {});
}

export function getContentSectionQueryOptions(key: ContentSectionKey) {
  return queryOptions({
    queryKey: ['content', 'section', key],
    queryFn: ({ signal }) => getContentSection(key, signal),
  });
}

export function useContentSection(key: ContentSectionKey) {
  return useQuery(getContentSectionQueryOptions(key));
}
