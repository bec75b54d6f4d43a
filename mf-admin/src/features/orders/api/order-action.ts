/**
 * The staff's order transitions, `POST /api/admin/orders/:id/<action>` (mark-paid, ship,
 * deliver, cancel, late-payment): each answers the order as it stands afterwards, which
 * replaces the cached detail; the list is re-read.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderSchema, type AdminOrder, type CancelOrderInput, type MarkOrderPaidInput, type ResolveLatePaymentInput, type ShipOrderInput } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';
import { getAdminOrderQueryOptions } from './get-admin-order.ts';

export interface OrderActionBodies {
  'mark-paid': MarkOrderPaidInput;
  ship: ShipOrderInput;
  deliver: Record<string, never>;
  cancel: CancelOrderInput;
  'late-payment': ResolveLatePaymentInput;
}
export type OrderAction = keyof OrderActionBodies;

export function postOrderAction<A extends OrderAction>(id: string, action: A, body: OrderActionBodies[A]): Promise<AdminOrder> {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}/${action}`, adminOrderSchema, { method: 'POST', body });
}

export function useOrderAction<A extends OrderAction>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderActionBodies[A]) => postOrderAction(id, action, body),
    onSuccess: (order) => queryClient.setQueryData(getAdminOrderQueryOptions(order.id).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orderLists }),
  });
}
