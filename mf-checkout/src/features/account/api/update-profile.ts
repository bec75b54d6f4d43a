/**
 * `PATCH /api/me/profile`: the name and the phone (an empty phone clears it); the
 * answer replaces the cached profile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfileInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return apiRequest('/api/me/profile', profileSchema, { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => client.setQueryData(profileQueryOptions.queryKey, profile) });
}
