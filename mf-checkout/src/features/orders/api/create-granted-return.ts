/**
 * `POST /api/order-tracking/:token/returns` with a grant (`x-return-grant`): the return or exchange
 * request the account's order page would make, for the tracked order. Refreshes what the tracking
 * page shows of the order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RETURN_GRANT_HEADER, returnRequestSchema, type CreateReturnInput, type ReturnRequest } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function createGrantedReturn(token: string, grant: string, input: CreateReturnInput): Promise<ReturnRequest> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/returns`, returnRequestSchema, { method: 'POST', auth: false, headers: { [RETURN_GRANT_HEADER]: grant }, body: input });
}

export function useCreateGrantedReturn(token: string, grant: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReturnInput) => createGrantedReturn(token, grant, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['order-tracking', token] }),
  });
}
