/**
 * Background jobs on a PostgreSQL-backed queue (pg-boss). Every service process runs the same
 * runner; the queue guarantees each job runs in exactly one of them.
 *
 * Registering a job (any module, at plugin registration time or later):
 *
 * ```ts
 * // periodic: runs once per `everyMs` slot across all processes
 * app.jobs.every({ name: 'order-expiry', everyMs: 60_000, run: () => orders.expirePending(app.orm.em.fork()) });
 * // on demand: retried `retryLimit` times; `onGiveUp` sees the last error
 * app.jobs.define({ name: 'send-invoice', retryLimit: 3, handler: async (data) => ... });
 * await app.jobs.send('send-invoice', { orderId });
 * ```
 *
 * A job whose process dies while running it (SIGKILL, a crash, a lost host) stays active in the
 * queue until it has been active `expireInSeconds` (`JOBS_EXPIRE_SECONDS`, default pg-boss's 900);
 * pg-boss's supervision, every `superviseIntervalSeconds` (`JOBS_SUPERVISE_INTERVAL_SECONDS`,
 * default 60) in some process, then fails it, and a queue job is retried (after its retry delay)
 * by whichever process fetches it next. A periodic job is not retried: its next slot runs.
 *
 * Time comes from the app's Clock: a periodic job's slot is `floor(now / everyMs)`, and each slot
 * is enqueued with an id derived from (name, slot), so however many processes enqueue it, one job
 * exists and one process runs it. `tick()` enqueues the due slots and works every queue until it
 * is empty (or, for an on-demand job with `perTick`, until that many ran); the plugin calls it
 * every `JOBS_POLL_INTERVAL_MS`, tests call it after moving their clock (no real-timer polling in
 * tests).
 */
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { Clock } from '../lib/clock.ts';
import { stableJobId } from '../lib/name-uuid.ts';
import { inSpan } from '../telemetry/tracing.ts';

export interface PeriodicJob {
  /** Queue name: lower-case letters, digits and dashes. */
  name: string;
  /** Interval, ms. */
  everyMs: number;
  /** The work; may return how many items it handled (logged when > 0). */
  run(): Promise<number | void>;
}

export interface QueueJob<T extends object = object> {
  name: string;
  /** Retries after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry (default 0); with `retryBackoff`, doubled at each retry (pg-boss). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Jobs of this queue run per tick, at most (default: until the queue is empty). A queue that
   * anonymous traffic can fill (source-map frame mapping) sets it, so a flood of its jobs cannot
   * hold the tick, and the periodic jobs behind it, for long; the rest waits for the next tick.
   */
  perTick?: number;
  handler(data: T): Promise<void>;
  /** Called once when the last retry failed. */
  onGiveUp?(data: T, error: unknown): Promise<void>;
}

/** How the queue treats jobs whose process died while running them (see the module comment). */
export interface JobRunnerOptions {
  /** Seconds a job may stay active before pg-boss fails it (and a queue job is retried). */
  expireInSeconds: number;
  /** Seconds between two of pg-boss's supervision passes, which expire such jobs. */
  superviseIntervalSeconds: number;
}

/** pg-boss's own defaults. */
const DEFAULT_OPTIONS: JobRunnerOptions = { expireInSeconds: 900, superviseIntervalSeconds: 60 };

/** One run of a periodic job, as handed to the {@link JobRunRecorder}. */
export interface PeriodicJobRun {
  name: string;
  /** The job's interval, ms. */
  everyMs: number;
  /** When the run began, by the app's clock. */
  startedAt: Date;
  /** How long it ran, ms (wall time, not the app's clock). */
  durationMs: number;
  /** `failed` when `run()` threw; `error` then holds its message. */
  outcome: 'ok' | 'failed';
  error: string | null;
}

/**
 * Where the runner reports each periodic job's run (the developer area's job monitors). A
 * recorder that throws is logged and never fails the job.
 */
export interface JobRunRecorder {
  record(run: PeriodicJobRun): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export { stableJobId };

/** Jobs fetched per queue per round. */
const BATCH = 10;

/** A stable UUID (v5 layout) for (name, slot): one job per slot, whoever enqueues it. */
export function slotJobId(name: string, slot: number): string {
  return stableJobId(`${name}:${slot}`);
}


export class JobRunner {
  private readonly boss: PgBoss;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly periodic = new Map<string, PeriodicJob>();
  private readonly queued = new Map<string, QueueJob>();
  private readonly created = new Set<string>();
  private started = false;
  private readonly expireInSeconds: number;
  private recorder: JobRunRecorder | null = null;

  constructor(connectionString: string, clock: Clock, log: Logger, options: JobRunnerOptions = DEFAULT_OPTIONS) {
    const { expireInSeconds, superviseIntervalSeconds } = options;
    // Expiry runs in the monitor part of a supervision pass, at most once per monitor interval.
    this.boss = new PgBoss({ connectionString, max: 3, schedule: false, application_name: 'prata-jobs', superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds });
    this.expireInSeconds = expireInSeconds;
    this.boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    this.clock = clock;
    this.log = log;
  }

  /** Registers a periodic job (see the module comment). */
  every(job: PeriodicJob): void {
    this.periodic.set(job.name, job);
  }

  /** The registered periodic jobs' names and intervals (ms), in registration order. */
  schedule(): { name: string; everyMs: number }[] {
    return [...this.periodic.values()].map(({ name, everyMs }) => ({ name, everyMs }));
  }

  /** Reports every periodic job's run to `recorder` from now on (null: to nobody). */
  setRunRecorder(recorder: JobRunRecorder | null): void {
    this.recorder = recorder;
  }

  /** Registers an on-demand job type. */
  define<T extends object>(job: QueueJob<T>): void {
    this.queued.set(job.name, job as QueueJob);
  }

  /**
   * Enqueues an on-demand job. `id` (a UUID) makes it idempotent: a second send with the same id
   * adds nothing; `startAfterSeconds` delays its first run (by the database clock).
   * @throws Error for an unknown job name.
   */
  async send(name: string, data: object, options: { id?: string; startAfterSeconds?: number } = {}): Promise<void> {
    const job = this.queued.get(name);
    if (!job) throw new Error(`unknown job "${name}"`);
    await this.ensureQueue(name, job);
    await this.boss.send(name, data, {
      expireInSeconds: this.expireInSeconds,
      ...(options.id ? { id: options.id } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }

  /** Enqueues the current slot of every periodic job, then works every queue until it is empty (or its `perTick` is used up). */
  async tick(): Promise<void> {
    if (!this.started) return;
    const now = this.clock.now().getTime();
    for (const job of this.periodic.values()) {
      await this.ensureQueue(job.name, { retryLimit: 0 });
      const slot = Math.floor(now / job.everyMs);
      await this.boss.send(job.name, { slot }, { id: slotJobId(job.name, slot), expireInSeconds: this.expireInSeconds });
    }
    for (const job of this.periodic.values()) await this.work(job.name, async () => this.runPeriodic(job));
    for (const job of this.queued.values()) {
      await this.ensureQueue(job.name, job);
      await this.work(job.name, async (item) => job.handler(item.data), job);
    }
  }

  private async runPeriodic(job: PeriodicJob): Promise<void> {
    const startedAt = this.clock.now();
    const began = performance.now();
    let failure: unknown = null;
    try {
      const count = await job.run();
      if (typeof count === 'number' && count > 0) this.log.info({ job: job.name, count }, 'job did work');
    } catch (error) {
      failure = error ?? new Error('unknown error');
      throw error;
    } finally {
      const durationMs = Math.round(performance.now() - began);
      const error = failure === null ? null : failure instanceof Error ? failure.message : String(failure);
      await this.recorder
        ?.record({ name: job.name, everyMs: job.everyMs, startedAt, durationMs, outcome: failure === null ? 'ok' : 'failed', error })
        .catch((recordError: unknown) => this.log.error({ err: recordError, job: job.name }, 'job run not recorded'));
    }
  }

  private async ensureQueue(name: string, options: Pick<QueueJob, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff'>): Promise<void> {
    if (this.created.has(name)) return;
    await this.boss.createQueue(name, { retryLimit: options.retryLimit ?? 2, retryDelay: options.retryDelaySeconds ?? 0, retryBackoff: options.retryBackoff ?? false, expireInSeconds: this.expireInSeconds });
    this.created.add(name);
  }

  private async work(name: string, run: (job: JobWithMetadata<object>) => Promise<void>, definition?: QueueJob): Promise<void> {
    let left = definition?.perTick ?? Number.POSITIVE_INFINITY;
    for (;;) {
      const batchSize = Math.min(BATCH, left);
      if (batchSize <= 0) return;
      const jobs = await this.boss.fetch<object>(name, { batchSize, includeMetadata: true });
      if (jobs.length === 0) return;
      left -= jobs.length;
      for (const job of jobs) {
        try {
          // One trace per job run, with its SQL (a failed or slow job keeps its trace).
          await inSpan(`job ${name}`, { 'job.name': name }, () => run(job));
          await this.boss.complete(name, job.id);
        } catch (error) {
          this.log.error({ err: error, job: name }, 'job failed');
          await this.boss.fail(name, job.id, { message: String(error) });
          if (definition?.onGiveUp && job.retryCount >= job.retryLimit) {
            await definition.onGiveUp(job.data, error).catch((giveUpError: unknown) => this.log.error({ err: giveUpError, job: name }, 'job give-up handler failed'));
          }
        }
      }
      if (jobs.length < batchSize) return;
    }
  }
}
