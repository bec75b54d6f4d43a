/**
 * Shipping labels of one order:
 * `GET /api/admin/orders/:id/shipment` (whether labels are sold here, and the order's label),
 * `GET /api/admin/orders/:id/label-options` (a fresh quote, the paid service preselected) and
 * `POST /api/admin/orders/:id/label` ('Comprar etiqueta'), which ships the order: the order's
 * page, its label and the lists are read again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labelOptionsSchema, orderShipmentSchema, orderShipmentStateSchema, type LabelOptions, type OrderShipment, type OrderShipmentState } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

const path = (id: string, rest: string) => `/api/admin/orders/${encodeURIComponent(id)}/${rest}`;

export function getOrderShipment(id: string, signal?: AbortSignal): Promise<OrderShipmentState> {
  return apiRequest(path(id, 'shipment'), orderShipmentStateSchema, signal ? { signal } : {});
}

export function getOrderShipmentQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.orderShipment(id), queryFn: ({ signal }) => getOrderShipment(id, signal) });
}

export function useOrderShipment(id: string) {
  return useQuery(getOrderShipmentQueryOptions(id));
}

export function getLabelOptions(id: string, signal?: AbortSignal): Promise<LabelOptions> {
  return apiRequest(path(id, 'label-options'), labelOptionsSchema, signal ? { signal } : {});
}

/** A fresh quote each time the dialog opens (`staleTime: 0`); only while `enabled`. */
export function useLabelOptions(id: string, enabled: boolean) {
  return useQuery({ queryKey: adminKeys.labelOptions(id), queryFn: ({ signal }) => getLabelOptions(id, signal), enabled, staleTime: 0 });
}

export function postBuyLabel(id: string, serviceId: string): Promise<OrderShipment> {
  return apiRequest(path(id, 'label'), orderShipmentSchema, { method: 'POST', body: { serviceId } });
}

export function useBuyLabel(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (serviceId: string) => postBuyLabel(id, serviceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  });
}
