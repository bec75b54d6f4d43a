/**
 * Live admin data (the realtime channels on the panel's lists): while the panel is open, every domain event on
 * the `products` and `orders` realtime channels invalidates the queries `LIVE_INVALIDATION` names
 * for its type, and a resync invalidates every live list (admin.md 4: "dashboard stats are live:
 * inserts, updates and deletes on products and orders are reflected without reload").
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '@prata/contracts';
import { useRealtimeChannel, useRealtimeStatus } from '@prata/shared-ui';
import { LIVE_INVALIDATION, RESYNC_INVALIDATION } from './query-keys.ts';

/** Subscribes the panel to the `products` and `orders` channels (mount once, in the layout). */
export function useLiveAdminData(): void {
  const queryClient = useQueryClient();
  const invalidate = (keys: readonly QueryKey[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const onEvent = (event: RealtimeEvent) => invalidate(LIVE_INVALIDATION[event.event] ?? []);
  const onResync = () => invalidate(RESYNC_INVALIDATION);
  useRealtimeChannel('products', onEvent, onResync);
  useRealtimeChannel('orders', onEvent, onResync);
}

/** True while the realtime socket is open (lists then stop polling). */
export function useLive(): boolean {
  return useRealtimeStatus() === 'open';
}
