/**
 * Watches what the store shows of something and records an event when it changes, whoever changed
 * it: the panel, a job, or SQL run behind the service's back. The shell's host purges its cached
 * pages on these events, so they must not depend on every writer remembering to publish one.
 *
 * A watch has a namespace (`product`, `content`, `settings`) and reads, for every key it shows
 * (`product:<id>`), a signature of what is shown (a hash of the public fields). A check compares
 * those with the signatures stored in `shown_states`, in one statement: keys whose signature
 * changed, that appeared or that disappeared come back, and `record` turns them into outbox events
 * in the same transaction. Every service process checks on the same signals (a NOTIFY from the
 * tables' triggers, the domain events of its writers), but the upsert's and delete's row locks let
 * exactly one of them see each change. The first check of a namespace (nothing stored yet) stores
 * what is shown and records nothing: nothing was compared.
 *
 * Checks are debounced (`debounceMs`) and run one at a time; `schedule` may ask for a check at a
 * given moment (a state that changes with time, e.g. a reservation's hold expiring).
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainEventRecord } from './domain-event.entity.ts';
import type { EventBus } from './event-bus.ts';

/**
 * The NOTIFY channel of the content sections', social links' and store settings' triggers
 * (migration `…shown_states`; products use `prata_catalogue`).
 */
export const STOREFRONT_CHANNEL = 'prata_storefront';

/** A signature of what is shown: SHA-1 of `value`'s JSON, base64url. */
export function shownSignature(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url');
}

/** A key whose signature changed (`state`), appeared, or disappeared (`state` null). */
export interface ShownChange {
  key: string;
  state: string | null;
}

const COMPARE_AND_SET_SQL = `with given as (
  select key, state from jsonb_to_recordset(?::jsonb) as g(key text, state text)
), seeded as (
  select exists (select 1 from shown_states where starts_with(key, ?)) as found
), changed as (
  insert into shown_states (key, state) select key, state from given
  on conflict (key) do update set state = excluded.state
  where shown_states.state is distinct from excluded.state
  returning key, state
), gone as (
  delete from shown_states s where starts_with(s.key, ?) and not exists (select 1 from given g where g.key = s.key)
  returning key, null::text as state
)
select key, state, (select found from seeded) as seeded from changed
union all select key, state, (select found from seeded) from gone`;

export interface ShownStateWatchOptions {
  /** The namespace: every key starts with `<namespace>:`. */
  namespace: string;
  em: () => EntityManager;
  events: Pick<EventBus, 'record' | 'publish'>;
  /** Every key shown now and its signature. */
  read(em: EntityManager): Promise<Map<string, string>>;
  /** The outbox events of `changes`, recorded in `tx`. */
  record(tx: EntityManager, changes: readonly ShownChange[]): DomainEventRecord[];
  /** When a check must run again by itself (ms epoch), or null; called after each check. */
  schedule?(em: EntityManager, keys: readonly string[]): Promise<number | null>;
  /** Checks asked within this long are one check (ms). Default 100. */
  debounceMs?: number;
  log?: { error(details: object, message: string): void };
}

export class ShownStateWatch {
  private readonly options: ShownStateWatchOptions;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private scheduled: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<ShownChange[]> | null = null;
  /** A check was asked since the running one read what is shown. */
  private dirty = false;
  private closed = false;

  constructor(options: ShownStateWatchOptions) {
    this.options = options;
  }

  /** Asks for a check soon (asks within the debounce are one check). */
  poke(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.check().catch((error: unknown) => this.options.log?.error({ err: error, namespace: this.options.namespace }, 'shown state check failed'));
    }, this.options.debounceMs ?? 100);
    this.timer.unref();
  }

  /**
   * Checks now; asked while a check runs, that check runs once more and its result is the
   * answer. @returns the changes this process recorded events for. @throws what the database throws.
   */
  check(): Promise<ShownChange[]> {
    this.dirty = true;
    // One loop at a time: a check asked while it runs makes it run once more, then it ends.
    this.running ??= (async () => {
      const changes: ShownChange[] = [];
      while (this.dirty) {
        this.dirty = false;
        changes.push(...(await this.run()));
      }
      return changes;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.scheduled);
  }

  private async run(): Promise<ShownChange[]> {
    const em = this.options.em().fork();
    const shown = await this.options.read(em);
    const prefix = `${this.options.namespace}:`;
    const given = JSON.stringify([...shown].map(([key, state]) => ({ key, state })));
    const { changes, records } = await em.transactional(async (tx) => {
      const rows = await tx.getConnection().execute<{ key: string; state: string | null; seeded: boolean }[]>(COMPARE_AND_SET_SQL, [given, prefix, prefix], 'all', tx.getTransactionContext());
      const found = rows.map((row) => ({ key: row.key, state: row.state }));
      // The namespace's first check: nothing to compare with.
      if (found.length === 0 || !rows[0]!.seeded) return { changes: [] as ShownChange[], records: [] as DomainEventRecord[] };
      return { changes: found, records: this.options.record(tx, found) };
    });
    await this.options.events.publish(em, records);
    if (this.options.schedule && !this.closed) {
      const at = await this.options.schedule(em, [...shown.keys()]);
      clearTimeout(this.scheduled);
      if (at !== null) {
        // Timers hold at most ~24.8 days; a later moment is reached by a signal first anyway.
        this.scheduled = setTimeout(() => this.poke(), Math.min(2 ** 31 - 1, Math.max(0, at - Date.now()) + 50));
        this.scheduled.unref();
      }
    }
    return changes;
  }
}
