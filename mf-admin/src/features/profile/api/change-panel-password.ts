/**
 * `POST /api/security/password {currentPassword, newPassword, confirmPassword}`: the panel
 * password change (>= 12, strength checked on the service: 400 `weak_password` with the feedback
 * as `issues`, 400 `wrong_password`).
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PanelPasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function changePanelPassword(input: PanelPasswordInput): Promise<MessageResponse> {
  return apiRequest('/api/security/password', messageSchema, { method: 'POST', body: input });
}

export function useChangePanelPassword() {
  return useMutation({ mutationFn: changePanelPassword });
}
