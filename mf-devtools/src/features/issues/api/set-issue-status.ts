/**
 * `POST /api/developer/issues/:id/status`: resolve, ignore or reopen an issue. The
 * issue list, the issue page and the dashboard refresh; a failure shows the service's message.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { systemErrorSchema, type ErrorIssueStatus, type SystemErrorDto } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { apiRequest } from '../../../lib/api-client.ts';

export function setIssueStatus(id: string, status: ErrorIssueStatus): Promise<SystemErrorDto> {
  return apiRequest(`/api/developer/issues/${encodeURIComponent(id)}/status`, systemErrorSchema, { method: 'POST', body: { status } });
}

export function useSetIssueStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ErrorIssueStatus }) => setIssueStatus(id, status),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['developer'] }),
    onError: (error) => toast.error('Erro', { description: error instanceof Error ? error.message : 'Não foi possível alterar o status.' }),
  });
}
