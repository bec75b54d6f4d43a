/**
 * `system_error_replays` (one rrweb recording per error event, gzip-compressed, deleted with its
 * event) and `shopper_feedback` ('Relatar um problema'); migration
 * Migration20261204120000_replays_feedback.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { SystemErrorEvent } from './system-error.entity.ts';

export const SystemErrorReplaySchema = defineEntity({
  name: 'SystemErrorReplay',
  tableName: 'system_error_replays',
  properties: {
    event: () => p.manyToOne(SystemErrorEvent).primary().deleteRule('cascade'),
    /** Time of the recording's first and last rrweb event (the browser's clock). */
    startedAt: p.datetime(),
    endedAt: p.datetime(),
    eventCount: p.integer(),
    /** Size of the uncompressed JSON, bytes. */
    size: p.integer(),
    /** `{ events }` as JSON, gzip-compressed. */
    data: p.blob().lazy(),
    createdAt: p.datetime(),
  },
});
export class SystemErrorReplay extends SystemErrorReplaySchema.class {}
SystemErrorReplaySchema.setClass(SystemErrorReplay);

export const ShopperFeedbackSchema = defineEntity({
  name: 'ShopperFeedback',
  tableName: 'shopper_feedback',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    createdAt: p.datetime().index(),
    description: p.text(),
    email: p.string().length(254).nullable(),
    pageUrl: p.text().nullable(),
    userAgent: p.text().nullable(),
    remote: p.string().length(40).nullable(),
    /** SHA-256 of the tab's error session id (as `system_error_events.session_key`), or null. */
    sessionKey: p.string().length(64).nullable().index(),
    /** The signed-in sender's key (error-intake's `userKeyOf`), what an account's erasure finds it by. */
    userKey: p.string().length(64).nullable().index(),
    /** The screenshot re-encoded as WebP without metadata, or null. */
    screenshot: p.blob().nullable().lazy(),
  },
});
export class ShopperFeedback extends ShopperFeedbackSchema.class {}
ShopperFeedbackSchema.setClass(ShopperFeedback);
