/**
 * Pushes notifications into the bell's list as the service produces them (channel
 * `notifications`); read/dismiss changes made in another tab reload the list.
 */
import { useQueryClient } from '@tanstack/react-query';
import { notificationSchema, type NotificationDto } from '@prata/contracts';
import { useRealtimeChannel } from '@prata/shared-ui/state';
import { NOTIFICATIONS_KEY } from '../api/get-notifications.ts';
import { addNotification } from './notification-list.ts';

export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  useRealtimeChannel(
    'notifications',
    (event) => {
      const created = event.event === 'NotificationCreated' ? notificationSchema.safeParse(event.payload) : null;
      if (created?.success) queryClient.setQueryData<NotificationDto[]>(NOTIFICATIONS_KEY, (list) => addNotification(list ?? [], created.data));
      else reload();
    },
    reload,
  );
}
