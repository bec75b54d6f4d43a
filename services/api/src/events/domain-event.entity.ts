/**
 * Domain event outbox `domain_events` (style habit 14): events are written in the same
 * transaction as the change they describe, so none is lost. After commit the outbox relay
 * (outbox-relay.ts) gives each committed event its `position`, a number that increases in the
 * order events are relayed (never reused, assigned under one lock, so a late commit cannot be
 * skipped by a reader of `position > lastId`), and stamps `published_at`. Realtime clients
 * resume from the last position they saw.
 *
 * The trigger `domain_events_notify` sends `NOTIFY prata_outbox, '<id>'` for each insert
 * (delivered on commit), so every service process learns of a commit at once.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const DomainEventRecordSchema = defineEntity({
  name: 'DomainEventRecord',
  tableName: 'domain_events',
  triggers: [{ name: 'domain_events_notify', timing: 'after', events: ['insert'], body: "perform pg_notify('prata_outbox', new.id::text); return new;" }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    type: p.string().length(100).index(),
    aggregateId: p.uuid().index(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
    /** Relay order (1, 2, 3...): the event id realtime clients see; null until relayed. */
    position: p.bigint('number').nullable().unique(),
    /** When the once-per-cluster `subscribe` handlers ran for it; null until then (event-bus.ts). */
    dispatchedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'domain_events_undispatched_index', properties: ['position'], expression: 'create index "domain_events_undispatched_index" on "domain_events" ("position") where "dispatched_at" is null and "position" is not null' }],
});
export class DomainEventRecord extends DomainEventRecordSchema.class {}
DomainEventRecordSchema.setClass(DomainEventRecord);
