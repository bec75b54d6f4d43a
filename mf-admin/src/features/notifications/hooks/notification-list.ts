/** Adds a pushed notification to the list: only new ids, newest first, at most 10 (admin.md 2, 9). */
import { NOTIFICATIONS_MAX, type NotificationDto } from '@prata/contracts';

export function addNotification(list: readonly NotificationDto[], incoming: NotificationDto): NotificationDto[] {
  if (list.some((n) => n.id === incoming.id)) return [...list];
  return [incoming, ...list].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, NOTIFICATIONS_MAX);
}
