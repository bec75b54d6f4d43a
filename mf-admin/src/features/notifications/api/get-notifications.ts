/**
 * `GET /api/admin/notifications`: the admin's newest 10 notifications with read state (admin.md 2).
 * Refreshed every 30 s only while the realtime socket is down (it pushes new ones otherwise).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_REFRESH_MS, notificationListSchema, type NotificationDto } from '@prata/contracts';
import { useRealtimeStatus } from '@prata/shared-ui/state';
import { apiRequest } from '../../../lib/api-client.ts';

export const NOTIFICATIONS_KEY = ['admin', 'notifications'] as const;

export function getNotifications(signal?: AbortSignal): Promise<NotificationDto[]> {
  return apiRequest('/api/admin/notifications', notificationListSchema, signal ? { signal } : {});
}

export function useNotifications() {
  const live = useRealtimeStatus() === 'open';
  return useQuery(
    queryOptions({
      queryKey: NOTIFICATIONS_KEY,
      queryFn: ({ signal }) => getNotifications(signal),
      refetchInterval: live ? false : NOTIFICATIONS_REFRESH_MS,
    }),
  );
}
