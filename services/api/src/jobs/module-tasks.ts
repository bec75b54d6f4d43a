/**
 * The shapes a module uses to declare what runs in the background, one file each per module
 * (`modules/<m>/jobs.ts`, `modules/<m>/subscribers.ts`), collected by one composition file so a
 * single list says what runs when (the Medusa `src/jobs` / `src/subscribers` habit).
 *
 * - A periodic job runs once per interval across all service processes (pg-boss, jobs/job-runner.ts).
 * - A queue job runs once per enqueued item, with retries (pg-boss).
 * - A subscriber runs once per domain event across all service processes, after commit, and again
 *   after a crash midway: its handler must be idempotent (events/event-bus.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { DomainEventName } from '@prata/contracts';
import type { RelayedEvent } from '../events/domain-event.ts';
import type { QueueJob } from './job-runner.ts';

/** A periodic job of a module. */
export interface ModulePeriodicJob {
  /** Queue name: lower-case letters, digits and dashes; unique across the service. */
  name: string;
  /** Interval in ms, read from the app's configuration when the jobs are registered. */
  everyMs(app: FastifyInstance): number;
  /** The work, on an EntityManager fork of its own; may return how many items it handled. */
  run(app: FastifyInstance): Promise<number | void>;
  /** Whether the job runs with this configuration (default: always). */
  enabled?(app: FastifyInstance): boolean;
}

/** A queue job of a module: `handler` gets the app and the item's data. */
export interface ModuleQueueJob<T extends object = object> extends Omit<QueueJob<T>, 'handler' | 'onGiveUp'> {
  handler(app: FastifyInstance, data: T): Promise<void>;
  onGiveUp?(app: FastifyInstance, data: T, error: unknown): Promise<void>;
  /** Retry options read from the app's configuration when the queue is defined; they override the static ones. */
  retries?(app: FastifyInstance): Pick<QueueJob, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff'>;
  /** Whether the queue is defined with this configuration (default: always). */
  enabled?(app: FastifyInstance): boolean;
}

/** A subscriber of a module to one domain event type (the name is typed by the event registry). */
export interface ModuleSubscriber<T extends DomainEventName = DomainEventName> {
  /** Stable handler name, unique across the service (retries and dead letters are keyed by it). */
  name: string;
  event: T;
  handle(app: FastifyInstance, event: RelayedEvent<T>): unknown;
  /** Whether the handler is subscribed with this configuration (default: always). */
  enabled?(app: FastifyInstance): boolean;
}

/** Declares a subscriber with its payload type inferred from `event`. */
export function subscriber<T extends DomainEventName>(record: ModuleSubscriber<T>): ModuleSubscriber<T> {
  return record;
}
