/**
 * `POST /api/admin/qa/runs`: 'Executar QA' (admin.md 2). The service runs the checks and stores
 * the findings; toast 'Verificação QA concluída' with the number of issues found (admin.md 8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { qaRunResultSchema, type QaRunResult } from '@prata/contracts';
import { toast } from '@prata/shared-ui/state';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { QA_ISSUES_KEY } from './get-qa-issues.ts';

export function runQa(): Promise<QaRunResult> {
  return apiRequest('/api/admin/qa/runs', qaRunResultSchema, { method: 'POST' });
}

export function useRunQa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runQa,
    onSuccess: (result) => {
      queryClient.setQueryData(QA_ISSUES_KEY, result.issues);
      toast.success('Verificação QA concluída', { description: `${result.found} ${result.found === 1 ? 'problema encontrado' : 'problemas encontrados'} em ${result.checked} verificações.` });
    },
    onError: (error) => toast.error('Erro inesperado', { description: errorMessage(error, 'Tente novamente em alguns instantes') }),
  });
}
