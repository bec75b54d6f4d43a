/** `GET /api/social-links`: each platform's links (admin.md 3), for the footer. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { socialLinksListSchema, type SocialLinks } from '@prata/contracts/content';
import { apiRequest } from '@prata/shared-ui/state';

export function getSocialLinks(signal?: AbortSignal): Promise<SocialLinks[]> {
  return apiRequest('/api/social-links', socialLinksListSchema, signal ? { signal } : {});
}

export function getSocialLinksQueryOptions() {
  return queryOptions({
    queryKey: ['social-links'],
    queryFn: ({ signal }) => getSocialLinks(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSocialLinks() {
  return useQuery(getSocialLinksQueryOptions());
}
