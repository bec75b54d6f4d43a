/**
 * `POST /api/security/2fa/setup` with the current password: a new pending secret, its
 * otpauth URL and 10 recovery codes, shown once; 2FA stays off until `enable` confirms a code.
 */
import { useMutation } from '@tanstack/react-query';
import { twoFactorSetupSchema, type TwoFactorSetup, type TwoFactorSetupRequest } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function setupTwoFactor(input: TwoFactorSetupRequest): Promise<TwoFactorSetup> {
  return apiRequest('/api/security/2fa/setup', twoFactorSetupSchema, { method: 'POST', body: input });
}

/** `gcTime: 0`: the secret and recovery codes leave the mutation cache as soon as the setup ends. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor, gcTime: 0 });
}
