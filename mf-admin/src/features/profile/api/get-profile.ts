/** `GET /api/me/profile`: the signed-in user's profile (admin.md 2 profile tab). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/api/me/profile', profileSchema, signal ? { signal } : {});
}

export function getProfileQueryOptions() {
  return queryOptions({ queryKey: ['me', 'profile'], queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
