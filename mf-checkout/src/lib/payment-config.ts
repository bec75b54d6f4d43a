/**
 * Shared by the checkout and the order pages (app-level, not a feature).
 *
 * `GET /api/payments/config` (public): the acquirer the store uses, whether it is in test mode
 * ('Modo de teste'), and where the browser tokenises a card.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentConfigSchema, type PaymentConfig } from '@prata/contracts';
import { apiRequest } from './api-client.ts';

export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest('/api/payments/config', paymentConfigSchema, { auth: false, ...(signal ? { signal } : {}) });
}

export function getPaymentConfigQueryOptions() {
  return queryOptions({ queryKey: ['payments', 'config'], queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: Infinity });
}

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
