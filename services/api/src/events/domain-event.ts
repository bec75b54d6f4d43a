/**
 * The shape of a domain event as the bus records, relays and hands it to handlers (event-bus.ts).
 * Registered events (the contracts' registry: domain-event-names.ts, domain-events.ts) carry
 * their payload's type from it.
 */
import type { DomainEventName, DomainEventPayload } from '@prata/contracts';

/**
 * The payload of an event named `T`: the contracts' registry types a registered name's payload
 * (domain-events.ts); a name outside it (the tests' probe events) carries any JSON object. The
 * service's own code names events only through the registry's constants (ORDER_EVENTS, ...).
 */
export type PayloadOf<T extends string> = T extends DomainEventName ? DomainEventPayload<T> : Record<string, unknown>;

export interface DomainEvent<T extends string = string, P extends Record<string, unknown> = PayloadOf<T>> {
  type: T;
  aggregateId: string;
  payload: P;
  occurredAt: string;
}

/**
 * What `EventBus.record` takes as the payload of an event named `T`: for a registered name the
 * registry's fields, each with its type (a misspelt or removed field fails to compile), though not
 * all required, since the tests publish registered events with partial payloads; for another
 * name any JSON object. Subscribers read the full {@link PayloadOf}.
 */
export type RecordedPayloadOf<T extends string> = T extends DomainEventName ? Partial<DomainEventPayload<T>> : Record<string, unknown>;

/** An event as a publisher records it (the bus stamps the time). */
export interface EventToRecord<T extends string = string> {
  type: T;
  aggregateId: string;
  payload: RecordedPayloadOf<T>;
}

/** A relayed event: a domain event with its position (the realtime event id). */
export interface RelayedEvent<T extends string = string> extends DomainEvent<T> {
  position: number;
}

export type EventHandler<T extends string = string> = (event: RelayedEvent<T>) => unknown;

/** A `domain_events` row as the bus reads it. */
export interface EventRow {
  id: string;
  position: string;
  type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The relayed event of a positioned row. */
export const toEvent = (row: EventRow): RelayedEvent => ({
  position: Number(row.position),
  type: row.type,
  aggregateId: row.aggregate_id,
  payload: row.payload,
  occurredAt: new Date(row.created_at).toISOString(),
});

/**
 * Where a failed `subscribe` handler goes: the event is still stamped dispatched for
 * the other handlers, and the failed one is handed over to be retried on its own, with backoff,
 * until it succeeds or is dead-lettered (events/handler-retries.ts, on pg-boss). Handing
 * over must be durable before the stamp commits: if it throws, the batch rolls back and is
 * dispatched again.
 */
export interface HandlerRetries {
  enqueue(failure: { eventId: string; handler: string; event: RelayedEvent; error: unknown }): Promise<void>;
}

