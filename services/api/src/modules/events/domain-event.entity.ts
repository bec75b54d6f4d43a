/**
 * Domain event outbox `domain_events` (style habit 14): events are written in the same
 * transaction as the change they describe, so none is lost; subscribers are notified after
 * commit and `published_at` records it.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const DomainEventRecordSchema = defineEntity({
  name: 'DomainEventRecord',
  tableName: 'domain_events',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    type: p.string().length(100).index(),
    aggregateId: p.uuid().index(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
});
export class DomainEventRecord extends DomainEventRecordSchema.class {}
DomainEventRecordSchema.setClass(DomainEventRecord);
