/** `POST /api/security/2fa/disable`: turns 2FA off and forgets the secret and recovery codes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSecurityStatusQueryOptions } from './get-security-status.ts';

export function disableTwoFactor(): Promise<MessageResponse> {
  return apiRequest('/api/security/2fa/disable', messageSchema, { method: 'POST' });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecurityStatusQueryOptions().queryKey }),
  });
}
