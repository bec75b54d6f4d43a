/**
 * `consent_records` (migration Migration20261204100000_consent_log): the consent log, one row per
 * cookie choice a shopper made in the store's banner or its settings (LGPD art. 8 §2: the store
 * proves the consent it relies on; ANPD cookie guide: the choice and its time are kept). A row
 * names nobody by itself: the browser is a SHA-256 of its client key (consent.service.ts), the
 * account only when the shopper was signed in.
 */
import { defineEntity, p } from '@mikro-orm/core';

export const ConsentRecordSchema = defineEntity({
  name: 'ConsentRecord',
  tableName: 'consent_records',
  properties: {
    id: p.uuid().primary(),
    /** When the service recorded the choice (its clock, never the browser's). */
    decidedAt: p.datetime(),
    analytics: p.boolean(),
    marketing: p.boolean(),
    /** Hex SHA-256 of the browser's client key (see consent.service.ts `subjectHash`). */
    subjectHash: p.string().length(64),
    /** The signed-in account that chose, or null (anonymous). */
    userId: p.uuid().nullable(),
  },
});
export class ConsentRecord extends ConsentRecordSchema.class {}
ConsentRecordSchema.setClass(ConsentRecord);
