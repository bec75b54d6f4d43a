/**
 * `uptime_checks` (migration Migration20261202120100_uptime_checks): one row per synthetic
 * check of one target (uptime.service.ts), deleted after `UPTIME_RETENTION_DAYS` by the
 * `monitor-retention` job.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { UPTIME_OUTCOMES } from '@prata/contracts';

export const UptimeCheckRecordSchema = defineEntity({
  name: 'UptimeCheckRecord',
  tableName: 'uptime_checks',
  indexes: [
    { properties: ['target', 'checkedAt'], name: 'uptime_checks_target_checked_at_index' },
    { properties: ['checkedAt'], name: 'uptime_checks_checked_at_index' },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** `store-home`, `store-products`, `catalogue-api`, `remote-<name>`. */
    target: p.string().length(80),
    url: p.text(),
    checkedAt: p.datetime(),
    /** HTTP status; null when no answer came. */
    status: p.integer().nullable(),
    /** ms. */
    latencyMs: p.integer(),
    outcome: p.enum(UPTIME_OUTCOMES),
    error: p.text().nullable(),
  },
});
export class UptimeCheckRecord extends UptimeCheckRecordSchema.class {}
UptimeCheckRecordSchema.setClass(UptimeCheckRecord);
