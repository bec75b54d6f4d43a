/**
 * `analytics_deliveries` (migration Migration20261204101000_analytics): one row per purchase the
 * server sent to a provider, keyed by the event id and provider. Written before the call (a claim:
 * a second dispatch of the same event, on this process or another, finds it and sends nothing) and
 * removed when the call fails, so the subscriber's retry sends it again.
 */
import { defineEntity, p } from '@mikro-orm/core';

export const AnalyticsDeliverySchema = defineEntity({
  name: 'AnalyticsDelivery',
  tableName: 'analytics_deliveries',
  properties: {
    eventId: p.string().length(64).primary(),
    /** `ga4` or `meta`. */
    provider: p.string().length(10).primary(),
    sentAt: p.datetime(),
  },
});
export class AnalyticsDelivery extends AnalyticsDeliverySchema.class {}
AnalyticsDeliverySchema.setClass(AnalyticsDelivery);
