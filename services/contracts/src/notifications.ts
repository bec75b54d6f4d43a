/**
 * Admin notification contracts (admin.md 2 "Notifications", 9: refreshed every 30 s, at most 10
 * kept, badge capped at 9+). Produced by the service from real events; read and dismissed state
 * is stored per admin.
 */
import { z } from 'zod';

export const NOTIFICATION_TYPES = ['warning', 'success', 'error', 'info'] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Notifications kept and shown (admin.md 9). */
export const NOTIFICATIONS_MAX = 10;
/** Fallback refresh while the realtime socket is down, ms (admin.md 9). */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  description: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  read: z.boolean(),
  action: z.object({ label: z.string(), url: z.string() }).nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** The unread badge text: the count, capped at '9+' (admin.md 2); empty for none. */
export function unreadBadge(unread: number): string {
  if (unread <= 0) return '';
  return unread > 9 ? '9+' : String(unread);
}
