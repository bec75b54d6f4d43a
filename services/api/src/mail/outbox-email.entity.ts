/**
 * Mail outbox `outbox_emails`: every e-mail the service sends is recorded here first (in the
 * caller's transaction); the transport then delivers it (SMTP) or leaves it for the log/tests.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const OutboxEmailSchema = defineEntity({
  name: 'OutboxEmail',
  tableName: 'outbox_emails',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    to: p.string().length(255).index(),
    subject: p.string().length(300),
    text: p.text(),
    /** The link the e-mail carries, if any (confirmation, recovery). */
    link: p.text().nullable(),
    /** The one-click unsubscribe URL (RFC 8058) sent as `List-Unsubscribe`, if any; cleared with the body after delivery. */
    unsubscribeUrl: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    /** Delivery attempts so far (retried with backoff on the job queue: mail/mail-retries.ts). */
    attempts: p.integer().default(0),
    /** When the last allowed attempt failed (the failure is then a system error). */
    failedAt: p.datetime().nullable(),
  },
});
export class OutboxEmail extends OutboxEmailSchema.class {}
OutboxEmailSchema.setClass(OutboxEmail);
