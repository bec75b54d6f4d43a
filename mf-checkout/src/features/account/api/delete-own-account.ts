/**
 * `DELETE /api/me` (LGPD art. 18, VI): the signed-in shopper deletes their own account,
 * confirmed with the current password. The service erases the personal data and keeps the orders
 * anonymised; staff accounts are refused (409).
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteOwnAccount(currentPassword: string): Promise<{ message: string }> {
  return apiRequest('/api/me', messageSchema, { method: 'DELETE', body: { currentPassword } });
}

export function useDeleteOwnAccount() {
  return useMutation({ mutationFn: deleteOwnAccount });
}
