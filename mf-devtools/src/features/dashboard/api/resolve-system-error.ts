/**
 * `POST /api/developer/errors/:id/resolve` (admin.md 4: resolved = true, resolved_by = the
 * current user, set by the service). A failure is only logged (admin.md 8: "Resolving a system
 * error fails silently").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { systemErrorSchema, type SystemErrorDto } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SYSTEM_ERRORS_KEY } from './get-system-errors.ts';
import { upsertSystemError } from '../hooks/system-error-list.ts';

export function resolveSystemError(id: string): Promise<SystemErrorDto> {
  return apiRequest(`/api/developer/errors/${id}/resolve`, systemErrorSchema, { method: 'POST' });
}

export function useResolveSystemError() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveSystemError,
    onSuccess: (row) => {
      queryClient.setQueryData<SystemErrorDto[]>(SYSTEM_ERRORS_KEY, (list) => upsertSystemError(list ?? [], row));
      void queryClient.invalidateQueries({ queryKey: ['developer', 'stats'] });
    },
    onError: (error) => console.error('[devtools] could not resolve the error', error),
  });
}
