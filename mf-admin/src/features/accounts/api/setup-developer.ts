/**
 * `POST /api/admin/developers {email, password, fullName}` (admin.md 2, 7 setup-developer):
 * creates or upgrades the user with the developer and admin roles.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The body `developerSetupSchema` validates. */
export interface DeveloperSetupInput {
  email: string;
  password: string;
  fullName: string;
}

export function setupDeveloper(input: DeveloperSetupInput): Promise<MessageResponse> {
  return apiRequest('/api/admin/developers', messageSchema, { method: 'POST', body: input });
}

export function useSetupDeveloper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupDeveloper,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
