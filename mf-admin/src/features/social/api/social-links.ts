/**
 * Social links (admin.md 3, 7): `GET /api/social-links` and `PUT /api/admin/social-links` (the
 * four platforms, four links each). Saving refreshes the footer's links (same key).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socialLinksListSchema, type SocialLinks, type SocialLinksUpdate } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getSocialLinks(signal?: AbortSignal): Promise<SocialLinks[]> {
  return apiRequest('/api/social-links', socialLinksListSchema, signal ? { signal } : {});
}

export function getSocialLinksQueryOptions() {
  return queryOptions({ queryKey: adminKeys.socialLinks, queryFn: ({ signal }) => getSocialLinks(signal) });
}

export function useSocialLinks() {
  return useQuery(getSocialLinksQueryOptions());
}

export function saveSocialLinks(update: SocialLinksUpdate): Promise<SocialLinks[]> {
  return apiRequest('/api/admin/social-links', socialLinksListSchema, { method: 'PUT', body: update });
}

export function useSaveSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSocialLinks, onSuccess: (saved) => queryClient.setQueryData(adminKeys.socialLinks, saved) });
}
