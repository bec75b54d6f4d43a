/**
 * Notification actions of the current admin (admin.md 2): mark one read
 * (`POST /api/admin/notifications/read { ids }`), mark all read (`{ all: true }`), dismiss
 * (`POST /api/admin/notifications/:id/dismiss`). The cache changes at once; the list reloads after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, type NotificationDto } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-notifications.ts';

type Action = { kind: 'read'; id: string } | { kind: 'read-all' } | { kind: 'dismiss'; id: string };

function send(action: Action) {
  if (action.kind === 'dismiss') return apiRequest(`/api/admin/notifications/${action.id}/dismiss`, messageSchema, { method: 'POST' });
  return apiRequest('/api/admin/notifications/read', messageSchema, { method: 'POST', body: action.kind === 'read' ? { ids: [action.id] } : { all: true } });
}

function apply(list: NotificationDto[], action: Action): NotificationDto[] {
  if (action.kind === 'dismiss') return list.filter((n) => n.id !== action.id);
  return list.map((n) => (action.kind === 'read-all' || n.id === action.id ? { ...n, read: true } : n));
}

export function useNotificationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: (action) => {
      queryClient.setQueryData<NotificationDto[]>(NOTIFICATIONS_KEY, (list) => apply(list ?? [], action));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
