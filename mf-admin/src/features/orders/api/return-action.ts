/**
 * The owner's actions on a return or exchange request, `POST /api/admin/returns/:id/<action>`:
 * approve, reject (with a note), receive (units back to stock), refund (through the acquirer),
 * credit (store credit), exchange. Each answers the request; the order (refunded amount, history)
 * and its requests are re-read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReturnSchema, type AdminReturn, type RejectReturnInput, type ReturnAction } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function postReturnAction(id: string, action: ReturnAction, body: RejectReturnInput | Record<string, never> = {}): Promise<AdminReturn> {
  return apiRequest(`/api/admin/returns/${encodeURIComponent(id)}/${action}`, adminReturnSchema, { method: 'POST', body });
}

export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: ReturnAction; body?: RejectReturnInput }) => postReturnAction(id, action, body ?? {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
