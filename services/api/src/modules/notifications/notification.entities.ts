/**
 * Admin notifications (admin.md 2 "Notifications": id, type, title, description, timestamp,
 * read, optional action with label). A notification is produced once for every admin by the
 * service from real events (notifications.service.ts); each admin's read and dismissed state is
 * stored per admin in `notification_states`.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { NOTIFICATION_TYPES } from '@prata/contracts';
import { User } from '../identity/index.ts';

export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    type: p.enum(NOTIFICATION_TYPES),
    title: p.string().length(120),
    description: p.text(),
    actionLabel: p.string().length(60).nullable(),
    actionUrl: p.string().length(300).nullable(),
    /** What produced it, e.g. `order:<id>:placed` or `low-stock:<productId>:<day>`: a key makes it once-only. */
    dedupeKey: p.string().length(200).unique(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
  },
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

export const NotificationStateSchema = defineEntity({
  name: 'NotificationState',
  tableName: 'notification_states',
  properties: {
    notification: () => p.manyToOne(Notification).primary().deleteRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    readAt: p.datetime().nullable(),
    dismissedAt: p.datetime().nullable(),
  },
});
export class NotificationState extends NotificationStateSchema.class {}
NotificationStateSchema.setClass(NotificationState);
