/**
 * `POST /api/order-tracking/:token/renew-payment` (anonymous; the signed link is the
 * authorisation): 'Gerar novo PIX' / 'Gerar novo boleto' from the tracking page. Answers the
 * tracking view, whose new code is withheld under the same rule as the page's
 * (`paymentCodeInAccount`); 409 (pt-BR) names the pieces no longer available.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderTrackingViewSchema, type OrderTrackingView } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getOrderTrackingQueryOptions } from './get-order-tracking.ts';

export function renewTrackedPayment(token: string): Promise<OrderTrackingView> {
  return apiRequest(`/api/order-tracking/${encodeURIComponent(token)}/renew-payment`, orderTrackingViewSchema, { method: 'POST', auth: false });
}

export function useRenewTrackedPayment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => renewTrackedPayment(token),
    onSuccess: (order) => queryClient.setQueryData(getOrderTrackingQueryOptions(token).queryKey, order),
  });
}
