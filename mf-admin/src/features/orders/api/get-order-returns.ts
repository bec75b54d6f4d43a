/** `GET /api/admin/returns?orderId=`: one order's return and exchange requests, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminReturnListSchema, type AdminReturn } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

export function getOrderReturns(orderId: string, signal?: AbortSignal): Promise<AdminReturn[]> {
  return apiRequest(`/api/admin/returns?orderId=${encodeURIComponent(orderId)}`, adminReturnListSchema, signal ? { signal } : {});
}

export function getOrderReturnsQueryOptions(orderId: string) {
  return queryOptions({ queryKey: adminKeys.orderReturns(orderId), queryFn: ({ signal }) => getOrderReturns(orderId, signal) });
}

export function useOrderReturns(orderId: string) {
  return useQuery(getOrderReturnsQueryOptions(orderId));
}
