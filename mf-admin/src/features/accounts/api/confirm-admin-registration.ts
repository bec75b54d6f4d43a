/**
 * `POST /api/admin-registrations/confirm {token}`: the confirmation link of an admin
 * registration e-mail (`/admin/login?confirmar=<token>`). Answers the resulting status and a
 * pt-BR message (approved at once for the store owner, else waiting for an admin's approval).
 */
import { useMutation } from '@tanstack/react-query';
import { messageSchema, type MessageResponse } from '@prata/contracts';
import { toast } from '@prata/shared-ui/state';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';

export function confirmAdminRegistration(token: string): Promise<MessageResponse> {
  return apiRequest('/api/admin-registrations/confirm', messageSchema, { method: 'POST', body: { token }, auth: false });
}

export function useConfirmAdminRegistration() {
  return useMutation({
    mutationFn: confirmAdminRegistration,
    // Callbacks on the mutation itself: they run even if the login page has already moved on.
    onSuccess: (answer) => {
      toast.success('Email confirmado', { description: answer.message });
    },
    onError: (error) => {
      toast.error('Erro na confirmação', { description: errorMessage(error, 'Não foi possível confirmar o registro. Tente novamente.') });
    },
  });
}
