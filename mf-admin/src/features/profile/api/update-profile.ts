/** `PATCH /api/me/profile {fullName}`: basic profile information. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@prata/contracts';
import { useSessionStore } from '@prata/shared-ui/state';
import { apiRequest } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from './get-profile.ts';

export function updateProfile(input: { fullName: string }): Promise<Profile> {
  return apiRequest('/api/me/profile', profileSchema, { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
      // The session's copy of the name (shown in the chrome) follows.
      useSessionStore.setState((state) => (state.user ? { user: { ...state.user, fullName: profile.fullName } } : {}));
    },
  });
}
