/**
 * `POST /api/security/2fa/disable {currentPassword, code}`: turns 2FA off after re-checking the
 * password and a TOTP or recovery code, forgets the secret and recovery codes and signs out the
 * account's other sessions. 400 `wrong_password` / `invalid_code`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type MessageResponse, type TwoFactorDisableInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSecurityStatusQueryOptions } from './get-security-status.ts';

export function disableTwoFactor(input: TwoFactorDisableInput): Promise<MessageResponse> {
  return apiRequest('/api/security/2fa/disable', messageSchema, { method: 'POST', body: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getSecurityStatusQueryOptions().queryKey }),
  });
}
