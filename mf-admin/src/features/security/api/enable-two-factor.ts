/**
 * `POST /api/security/2fa/enable {code}`: confirms the pending setup with a code from the
 * authenticator. 400 `invalid_code` / `setup_expired`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSecurityStatusQueryOptions } from './get-security-status.ts';

export function enableTwoFactor(code: string): Promise<MessageResponse> {
  return apiRequest('/api/security/2fa/enable', messageSchema, { method: 'POST', body: { code } });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecurityStatusQueryOptions().queryKey }),
  });
}
