/** `PATCH /api/admin/qa/issues/:id`: 'Resolver' (resolved) or 'Ignorar' (ignored) (admin.md 4). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qaIssueSchema, type QaIssue } from '@prata/contracts';
import { toast } from '@prata/shared-ui/state';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { QA_ISSUES_KEY } from './get-qa-issues.ts';

export function updateQaIssue({ id, status }: { id: string; status: 'resolved' | 'ignored' }): Promise<QaIssue> {
  return apiRequest(`/api/admin/qa/issues/${id}`, qaIssueSchema, { method: 'PATCH', body: { status } });
}

export function useUpdateQaIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQaIssue,
    onSuccess: (issue) => queryClient.setQueryData<QaIssue[]>(QA_ISSUES_KEY, (list) => (list ?? []).map((item) => (item.id === issue.id ? issue : item))),
    onError: (error) => toast.error('Erro inesperado', { description: errorMessage(error, 'Tente novamente em alguns instantes') }),
  });
}
