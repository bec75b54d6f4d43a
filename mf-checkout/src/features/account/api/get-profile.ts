/**
 * `GET /api/me/profile`: the signed-in shopper's profile (name, e-mail, phone as
 * digits or null), validated with the contract's `profileSchema`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getProfile(): Promise<Profile> {
  return apiRequest('/api/me/profile', profileSchema);
}

/** The profile's query options (key `['profile']`). */
export const profileQueryOptions = queryOptions({ queryKey: ['profile'] as const, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions);
}
