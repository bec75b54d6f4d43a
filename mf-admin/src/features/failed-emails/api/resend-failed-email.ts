/** `POST /api/admin/failed-emails/:id/resend`: sends a failed e-mail again (audited by the service). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function resendFailedEmail(id: string) {
  return apiRequest(`/api/admin/failed-emails/${encodeURIComponent(id)}/resend`, messageSchema, { method: 'POST' });
}

export function useResendFailedEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendFailedEmail,
    onSuccess: () => toast.success('E-mail reenviado', { description: 'Se a entrega falhar de novo, ele volta para esta lista após as novas tentativas.' }),
    onError: (error) => toast.error('Erro ao reenviar', { description: errorMessage(error, 'Tente novamente em alguns instantes') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.failedEmails }),
  });
}
