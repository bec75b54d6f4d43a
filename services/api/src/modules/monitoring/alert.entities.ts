/**
 * Alert rules and their firings (migration Migration20261202120200_alerts; contracts/alerts.ts):
 * - `alert_rules`: what is watched (kind, threshold, window), where it is told (channel and
 *   destination), until when it is muted, and when it last fired (the once-per-window de-duplication);
 * - `alert_firings`: each firing with its summary and how its delivery went (kept when the rule
 *   is deleted, with its name).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ALERT_CHANNELS, ALERT_DELIVERIES, ALERT_RULE_KINDS } from '@prata/contracts';

export const AlertRuleRecordSchema = defineEntity({
  name: 'AlertRuleRecord',
  tableName: 'alert_rules',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string().length(80),
    kind: p.enum(ALERT_RULE_KINDS),
    threshold: p.integer(),
    windowMinutes: p.integer(),
    channel: p.enum(ALERT_CHANNELS),
    /** An e-mail address or a webhook URL. */
    destination: p.string().length(500),
    mutedUntil: p.datetime().nullable(),
    lastFiredAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export class AlertRuleRecord extends AlertRuleRecordSchema.class {}
AlertRuleRecordSchema.setClass(AlertRuleRecord);

export const AlertFiringRecordSchema = defineEntity({
  name: 'AlertFiringRecord',
  tableName: 'alert_firings',
  indexes: [{ properties: ['firedAt'], name: 'alert_firings_fired_at_index' }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Null once the rule was deleted. */
    ruleId: p.uuid().nullable(),
    ruleName: p.string().length(80),
    firedAt: p.datetime(),
    summary: p.text(),
    delivery: p.enum(ALERT_DELIVERIES),
    deliveryError: p.text().nullable(),
  },
});
export class AlertFiringRecord extends AlertFiringRecordSchema.class {}
AlertFiringRecordSchema.setClass(AlertFiringRecord);
