/**
 * The notifications module's public face: other modules and the composition import these from
 * here, never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as notificationsPlugin } from './notifications.plugin.ts';
export { Notification, NotificationSchema, NotificationStateSchema } from './notification.entities.ts';
export { orderAction } from './notifications.service.ts';
