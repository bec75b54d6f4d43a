/**
 * Domain events through a transactional outbox, relayed after commit with PostgreSQL
 * LISTEN/NOTIFY: an event is published only after its transaction commits, and the relay feeds
 * the realtime channels (Vendure's EventBus habit, MikroORM's transactional-outbox doc).
 *
 * Writers:
 * - inside a transaction `bus.record(tx, { type, aggregateId, payload })` writes the outbox row;
 * - after commit `await bus.publish(em, records)` relays it at once (a rolled-back transaction
 *   wrote nothing, so nothing is published).
 *
 * Relay, in every service process on one database:
 * 1. An insert into `domain_events` fires `NOTIFY prata_outbox, '<event id>'`, delivered to every
 *    process on commit (one dedicated listening connection per process).
 * 2. `relay()` gives the committed, unrelayed events their `position` (max + 1, 2, ... in
 *    creation order) under a transaction-level advisory lock, so positions are assigned by one
 *    relay at a time in the order relays commit: a reader of `position > lastId` can never skip
 *    an event that committed late (a sequence value taken before commit could). It then sends
 *    `NOTIFY prata_outbox_positioned, '<max position>'` in the same transaction.
 * 3. The `subscribe` handlers run once per cluster, after commit (e.g. notifications): a process
 *    takes positioned events not yet dispatched (`dispatched_at is null`) with `for update skip
 *    locked`, runs their handlers in position order and stamps `dispatched_at` in the same
 *    transaction. A process that dies midway leaves its events unstamped, so another process (or
 *    the catch-up job, or itself after a restart) runs them again: at-least-once, and the handlers
 *    are idempotent (notifications have a unique `dedupe_key`). A handler that throws does not
 *    hold the others back: it is handed to {@link HandlerRetries} (a pg-boss job per handler and
 *    event, retried with backoff, dead-lettered after the last attempt: handler-retries.ts).
 * 4. Every process, on `prata_outbox_positioned`, reads `position > cursor` in order and calls the
 *    `subscribeEachInstance` handlers (e.g. the websocket fan-out to its own clients).
 * A catch-up job (`outbox-relay`, bootstrap/background-work.ts) runs `relay()` periodically, for
 * events whose notification no process heard (all restarting), and dispatches what is left
 * undispatched; each process also relays, dispatches and pulls on start and after reconnecting.
 *
 * Handler errors are logged, never thrown back at the publisher. The listening connection (step 1,
 * reconnection, other channels) is outbox-listener.ts.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { DomainEventName } from '@prata/contracts';
import { coalesce } from '../lib/coalesce.ts';
import { DomainEventRecord } from './domain-event.entity.ts';
import { OutboxListener } from './outbox-listener.ts';
import { toEvent, type DomainEvent, type EventHandler, type EventRow, type EventToRecord, type HandlerRetries, type RelayedEvent } from './domain-event.ts';

export type { DomainEvent, EventHandler, EventToRecord, HandlerRetries, PayloadOf, RecordedPayloadOf, RelayedEvent } from './domain-event.ts';

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** NOTIFY channel fired by the `domain_events` insert trigger (payload: the event id). */
export const OUTBOX_CHANNEL = 'prata_outbox';
/** NOTIFY channel fired by a relay that positioned events (payload: the highest position). */
export const POSITIONED_CHANNEL = 'prata_outbox_positioned';
/** Key of the advisory lock that serialises relays across processes (anything that assigns a position takes it). */
export const RELAY_LOCK_KEY = 925_011;
/** Events read per query when pulling. */
const PULL_BATCH = 500;
/** Events dispatched to the `subscribe` handlers per transaction. */
const DISPATCH_BATCH = 100;

export class EventBus {
  private readonly once = new Map<string, Set<EventHandler>>();
  /** Each `subscribe` handler's name (stable across processes: given, or type + registration order). */
  private readonly names = new Map<EventHandler, string>();
  private readonly byName = new Map<string, EventHandler>();
  private retries: HandlerRetries | null = null;
  private readonly each = new Map<string, Set<EventHandler>>();
  private readonly published = new Set<(event: Pick<DomainEvent, 'type' | 'aggregateId'>) => void>();
  private readonly orm: MikroORM;
  private readonly log: Logger;
  /** The listening connection (step 1). */
  private readonly listener: OutboxListener;
  private stopped = false;
  private cursorValue = 0;
  /** Set while `subscribe` handlers run (a handler that publishes must not wait for itself). */
  private readonly dispatching = new AsyncLocalStorage<true>();
  /** Coalesced relay run (see the module comment, step 2). */
  readonly relay: () => Promise<void>;
  /** Coalesced pull of positioned events into this process (step 4). */
  readonly pull: () => Promise<void>;
  /** Coalesced run of the `subscribe` handlers of the positioned, undispatched events (step 3). */
  private readonly drain: () => Promise<void>;

  private lastCreatedAt = 0;

  constructor(orm: MikroORM, log: Logger) {
    this.orm = orm;
    this.log = log;
    this.relay = coalesce(() => this.relayOnce());
    this.pull = coalesce(() => this.pullOnce());
    const drain = coalesce(() => this.dispatching.run(true, () => this.drainOnce()));
    this.drain = () => drain().catch((error: unknown) => this.log.error({ err: error }, 'outbox dispatch failed'));
    this.listener = new OutboxListener({
      connectionString: () => this.orm.config.get('clientUrl') as string,
      channels: [OUTBOX_CHANNEL, POSITIONED_CHANNEL],
      onNotification: (channel) => {
        if (channel === OUTBOX_CHANNEL) void this.relay().catch((error: unknown) => this.log.error({ err: error }, 'outbox relay failed'));
        if (channel === POSITIONED_CHANNEL) void this.pull().catch((error: unknown) => this.log.error({ err: error }, 'outbox pull failed'));
      },
      onReconnected: () => Promise.all([this.relay(), this.pull()]),
      log,
    });
  }

  /** Whether this process's listening connection is up. */
  get listening(): boolean {
    return this.listener.connected;
  }

  /** The highest position this process has delivered to its each-instance handlers. */
  get cursor(): number {
    return this.cursorValue;
  }

  /**
   * Subscribes to one event type, or `*` for all: called once across all service processes, after
   * commit, by whichever process dispatches the event; again after a crash midway (so `handler`
   * must be idempotent). `type` is a registered event name (contracts' domain-event-names.ts), so
   * a misspelt one fails to compile; the handler gets that event's payload type from the registry.
   * `name` keys the handler's retries and dead letters (handler-retries.ts); without it the name is
   * `<type>#<n>`, n the number of handlers of `type` subscribed before it. Modules declare their
   * subscribers as records (jobs/module-tasks.ts) that bootstrap/background-work.ts subscribes.
   * Returns the unsubscribe function. @throws Error when a handler of that name is subscribed.
   */
  subscribe(type: '*', handler: EventHandler, name?: string): () => void;
  subscribe<T extends DomainEventName>(type: T, handler: EventHandler<T>, name?: string): () => void;
  subscribe(type: string, handler: EventHandler, name?: string): () => void {
    const handlerName = name ?? `${type}#${this.once.get(type)?.size ?? 0}`;
    if (this.byName.has(handlerName)) throw new Error(`event handler "${handlerName}" is already subscribed`);
    this.names.set(handler, handlerName);
    this.byName.set(handlerName, handler);
    const remove = add(this.once, type, handler);
    return () => {
      this.names.delete(handler);
      this.byName.delete(handlerName);
      remove();
    };
  }

  /** Sets where failed `subscribe` handlers are retried (see {@link HandlerRetries}); without it they are only logged. */
  setRetries(retries: HandlerRetries): void {
    this.retries = retries;
  }

  /**
   * Runs one named `subscribe` handler for one stored event again (a retry).
   * @returns false when the event or the handler no longer exists. @throws what the handler throws.
   */
  async runHandler(eventId: string, handlerName: string): Promise<boolean> {
    const handler = this.byName.get(handlerName);
    if (!handler) return false;
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<EventRow[]>('select id, position, type, aggregate_id, payload, created_at from domain_events where id = ?', [eventId], 'all');
    if (!rows[0]) return false;
    await this.dispatching.run(true, () => handler(toEvent(rows[0]!)));
    return true;
  }

  /** Subscribes in this process to every relayed event of `type` (or `*`), in position order. */
  subscribeEachInstance(type: '*', handler: EventHandler): () => void;
  subscribeEachInstance<T extends DomainEventName>(type: T, handler: EventHandler<T>): () => void;
  subscribeEachInstance(type: string, handler: EventHandler): () => void {
    return add(this.each, type, handler);
  }

  /**
   * Calls `handler` in this process, synchronously, for each event it publishes, once `publish`
   * has relayed them and before it returns: for in-process state that must follow the writer's
   * own changes at once (e.g. caches; other processes follow with `subscribeEachInstance`).
   * Returns the unsubscribe function.
   */
  onPublished(handler: (event: Pick<DomainEvent, 'type' | 'aggregateId'>) => void): () => void {
    this.published.add(handler);
    return () => this.published.delete(handler);
  }

  /**
   * Calls `handler` in this process for every `NOTIFY <channel>` (e.g. one sent by a table
   * trigger), heard on the bus's listening connection; also after that connection (re)connects,
   * since notifications sent while it was down are lost. `channel` is a plain identifier.
   * Returns the unsubscribe function.
   */
  listen(channel: string, handler: () => void): () => void {
    return this.listener.listen(channel, handler);
  }

  /**
   * Writes the event to the outbox in `em`'s unit of work (flushed with the caller's changes).
   * A registered event's payload fields must match its schema's types (contracts' domain-events.ts).
   */
  record<T extends string>(em: EntityManager, event: EventToRecord<T>): DomainEventRecord {
    return em.create(DomainEventRecord, { type: event.type, aggregateId: event.aggregateId, payload: event.payload, createdAt: this.nextCreatedAt() });
  }

  /**
   * `created_at` of a new event: now, but strictly after the previous event this process recorded,
   * so events recorded in one transaction (often within one millisecond) keep their order when the
   * relay positions them by (created_at, id).
   */
  private nextCreatedAt(): Date {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return new Date(this.lastCreatedAt);
  }

  /**
   * After commit: relays the recorded events now. When it returns they are positioned and their
   * `subscribe` handlers have run, unless another process is running them at that moment (called
   * from inside such a handler, it does not wait for the handlers of the new events).
   */
  async publish(_em: EntityManager, records: DomainEventRecord[]): Promise<void> {
    if (records.length === 0) return;
    await this.relay();
    for (const record of records) {
      for (const handler of this.published) {
        try {
          handler(record);
        } catch (error) {
          this.log.error({ err: error, type: record.type }, 'onPublished handler failed');
        }
      }
    }
    if (!this.dispatching.getStore()) await this.drain();
  }

  /** Events after `afterPosition` up to `upTo` (inclusive), in order; at most `limit`. */
  async eventsAfter(afterPosition: number, upTo: number, limit: number): Promise<RelayedEvent[]> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<EventRow[]>(
        'select id, position, type, aggregate_id, payload, created_at from domain_events where position > ? and position <= ? order by position limit ?',
        [afterPosition, upTo, limit],
      );
    return rows.map(toEvent);
  }

  /** Opens the listening connection, positions pending events and sets the cursor. */
  async start(): Promise<void> {
    this.stopped = false;
    const [row] = await this.orm.em.fork().getConnection().execute<{ max: string | null }[]>('select max(position) as max from domain_events');
    this.cursorValue = Number(row?.max ?? 0);
    await this.listener.start();
    await this.relay();
    await this.pull();
  }

  /** Closes the listening connection and waits for a running relay/pull. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener.stop();
    await Promise.allSettled([this.relay(), this.pull(), this.drain()]);
  }

  private async relayOnce(): Promise<void> {
    const em = this.orm.em.fork();
    const rows = await em.transactional(async (tx) => {
      const connection = tx.getConnection();
      const ctx = tx.getTransactionContext();
      await connection.execute('select pg_advisory_xact_lock(?)', [RELAY_LOCK_KEY], 'all', ctx);
      // A new statement, so its snapshot sees the positions of the relay that held the lock before.
      const positioned = await connection.execute<EventRow[]>(
        `update domain_events d set position = s.base + s.rn, published_at = now()
         from (select id, row_number() over (order by created_at, id) as rn,
                      (select coalesce(max(position), 0) from domain_events) as base
               from domain_events where position is null) s
         where d.id = s.id
         returning d.id, d.position, d.type, d.aggregate_id, d.payload, d.created_at`,
        [],
        'all',
        ctx,
      );
      if (positioned.length > 0) {
        const max = Math.max(...positioned.map((row) => Number(row.position)));
        await connection.execute('select pg_notify(?, ?)', [POSITIONED_CHANNEL, String(max)], 'all', ctx);
      }
      return positioned;
    });
    // Also picks up events a process positioned but died before dispatching (catch-up, start).
    void this.drain();
    if (rows.length === 0) return;
    await this.pull();
  }

  /**
   * Step 3: runs the `subscribe` handlers of undispatched events, a locked batch at a time. The
   * lock is held by an explicit transaction (`begin`/`commit`, not `transactional`), so the
   * handlers' own queries and transactions run outside it and commit on their own.
   */
  private async drainOnce(): Promise<void> {
    for (;;) {
      const em = this.orm.em.fork();
      await em.begin();
      let taken: number;
      try {
        const connection = em.getConnection();
        const ctx = em.getTransactionContext();
        const rows = await connection.execute<EventRow[]>(
          `select id, position, type, aggregate_id, payload, created_at from domain_events
           where dispatched_at is null and position is not null order by position limit ? for update skip locked`,
          [DISPATCH_BATCH],
          'all',
          ctx,
        );
        for (const row of rows) await this.dispatchOnce(row);
        if (rows.length > 0) {
          await connection.execute(`update domain_events set dispatched_at = now() where id in (${rows.map(() => '?').join(', ')})`, rows.map((row) => row.id), 'all', ctx);
        }
        await em.commit();
        taken = rows.length;
      } catch (error) {
        await em.rollback().catch(() => undefined);
        throw error;
      }
      if (taken < DISPATCH_BATCH || this.stopped) return;
    }
  }

  private async pullOnce(): Promise<void> {
    for (;;) {
      const events = await this.eventsAfter(this.cursorValue, Number.MAX_SAFE_INTEGER, PULL_BATCH);
      for (const event of events) {
        await this.dispatch(this.each, event);
        this.cursorValue = event.position;
      }
      if (events.length < PULL_BATCH) return;
    }
  }

  /** Runs an event's `subscribe` handlers; a failed one is handed to the retries. */
  private async dispatchOnce(row: EventRow): Promise<void> {
    const event = toEvent(row);
    for (const handler of [...(this.once.get(event.type) ?? []), ...(this.once.get('*') ?? [])]) {
      try {
        await handler(event);
      } catch (error) {
        const name = this.names.get(handler) ?? 'anonymous';
        this.log.error({ err: error, event: event.type, position: event.position, handler: name }, 'domain event subscriber failed; retrying it later');
        await this.retries?.enqueue({ eventId: row.id, handler: name, event, error });
      }
    }
  }

  private async dispatch(handlers: Map<string, Set<EventHandler>>, event: RelayedEvent): Promise<void> {
    for (const handler of [...(handlers.get(event.type) ?? []), ...(handlers.get('*') ?? [])]) {
      try {
        await handler(event);
      } catch (error) {
        this.log.error({ err: error, event: event.type, position: event.position }, 'domain event subscriber failed');
      }
    }
  }
}

function add(map: Map<string, Set<EventHandler>>, type: string, handler: EventHandler): () => void {
  const set = map.get(type) ?? new Set<EventHandler>();
  set.add(handler);
  map.set(type, set);
  return () => set.delete(handler);
}
