/**
 * `GET /api/admin/back-in-stock`: how many shoppers wait for each sold-out product (and
 * variant) to be back. Summed per product for the products table ('3 aguardando').
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { backInStockWaitingListSchema, type BackInStockWaiting } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLive } from '../../../lib/live-updates.ts';
import { adminKeys, liveRefetchInterval } from '../../../lib/query-keys.ts';

export function getBackInStockWaiting(signal?: AbortSignal): Promise<BackInStockWaiting[]> {
  return apiRequest('/api/admin/back-in-stock', backInStockWaitingListSchema, signal ? { signal } : {});
}

/** Waiting subscribers per product id (variants summed). */
export function waitingByProduct(rows: readonly BackInStockWaiting[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.productId, (totals.get(row.productId) ?? 0) + row.waiting);
  return totals;
}

export function useBackInStockWaiting() {
  const live = useLive();
  return useQuery(
    queryOptions({
      queryKey: adminKeys.backInStock,
      queryFn: ({ signal }) => getBackInStockWaiting(signal),
      refetchInterval: liveRefetchInterval(live),
      select: waitingByProduct,
    }),
  );
}
