/** Adds a pushed notification to the list: only new ids, newest first, at most 10 (admin.md 2, 9). */
import { NOTIFICATIONS_MAX, unreadBadge, type NotificationDto } from '@prata/contracts';

export function addNotification(list: readonly NotificationDto[], incoming: NotificationDto): NotificationDto[] {
  if (list.some((n) => n.id === incoming.id)) return [...list];
  return [incoming, ...list].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, NOTIFICATIONS_MAX);
}

/**
 * The bell's accessible name for `unread` notifications: it holds the badge's visible text ('9+'
 * past nine), so that what a voice-control user reads on the button is its name (WCAG 2.5.3 Label
 * in Name; axe 'label-content-name-mismatch' found 'Notificações: 10 não lidas' under a '9+' badge).
 */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notificações: ${unreadBadge(unread)} não lidas` : 'Notificações';
}
