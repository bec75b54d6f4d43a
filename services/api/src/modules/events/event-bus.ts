/**
 * In-process event bus for domain events (issue 5: "each order change is published as a domain
 * event inside the service (after commit)"; Vendure's EventBus habit).
 *
 * Usage: inside a transaction `bus.record(tx, event)` writes the outbox row; after the
 * transaction commits, `bus.publish(em, records)` calls the subscribers and stamps
 * `published_at`. A rolled-back transaction publishes nothing. Subscriber errors are logged,
 * never thrown back at the publisher.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainEventRecord } from './domain-event.entity.ts';

export interface DomainEvent<T extends string = string, P extends Record<string, unknown> = Record<string, unknown>> {
  type: T;
  aggregateId: string;
  payload: P;
  occurredAt: string;
}

export type EventHandler = (event: DomainEvent) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private readonly onError: (error: unknown, event: DomainEvent) => void;

  constructor(onError: (error: unknown, event: DomainEvent) => void) {
    this.onError = onError;
  }

  /** Subscribes to one event type, or `*` for all. Returns the unsubscribe function. */
  subscribe(type: string, handler: EventHandler): () => void {
    const set = this.handlers.get(type) ?? new Set<EventHandler>();
    set.add(handler);
    this.handlers.set(type, set);
    return () => set.delete(handler);
  }

  /** Writes the event to the outbox in `em`'s unit of work (flushed with the caller's changes). */
  record(em: EntityManager, event: Omit<DomainEvent, 'occurredAt'>): DomainEventRecord {
    return em.create(DomainEventRecord, { type: event.type, aggregateId: event.aggregateId, payload: event.payload });
  }

  /** After commit: notifies subscribers of each recorded event, then marks them published. */
  async publish(em: EntityManager, records: DomainEventRecord[]): Promise<void> {
    for (const record of records) {
      const event: DomainEvent = { type: record.type, aggregateId: record.aggregateId, payload: record.payload, occurredAt: record.createdAt.toISOString() };
      for (const handler of [...(this.handlers.get(record.type) ?? []), ...(this.handlers.get('*') ?? [])]) {
        try {
          await handler(event);
        } catch (error) {
          this.onError(error, event);
        }
      }
    }
    if (records.length > 0) {
      await em.nativeUpdate(DomainEventRecord, { id: { $in: records.map((r) => r.id) } }, { publishedAt: new Date() });
    }
  }
}
