/**
 * Job monitors: records each periodic job's run (the job runner's {@link JobRunRecorder}) in
 * `job_runs`, and tells for each job its last run, last failure, next expected run and whether it
 * is late. A job is late when it has not run for more than two of its intervals plus a grace,
 * counted from its last recorded run or, when none is kept, from the moment this service started
 * (`since`): one missed slot can be a busy queue, two in a row mean it stopped.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobMonitor, JobMonitors, JobRun } from '@prata/contracts';
import type { JobRunRecorder, PeriodicJobRun } from '../../jobs/job-runner.ts';
import type { Clock } from '../../lib/clock.ts';
import { JobRunRecord } from './job-run.entity.ts';

/** Longest failure message kept, characters. */
const MAX_ERROR_LENGTH = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface JobMonitorOptions {
  clock: Clock;
  /** Gives the recorder an EntityManager of its own for each run. */
  fork(): EntityManager;
  /** Added to two intervals before a job counts as late, ms (`JOB_MONITOR_GRACE_MS`). */
  graceMs: number;
  /** Runs older than this are deleted by {@link JobMonitorService.prune}, days (`JOB_RUN_RETENTION_DAYS`). */
  retentionDays: number;
  /** When monitoring began (the service's start): the reference for a job that never ran. */
  since: Date;
}

interface RunRow {
  job: string;
  started_at: Date;
  duration_ms: number;
  outcome: 'ok' | 'failed';
  error: string | null;
}

const toRun = (row: RunRow): JobRun => ({ startedAt: new Date(row.started_at).toISOString(), durationMs: row.duration_ms, outcome: row.outcome, error: row.error });

/** Whether a job of interval `everyMs` whose last run (or reference) began at `last` is late at `now`; all in ms. */
export function isLate(last: number, everyMs: number, graceMs: number, now: number): boolean {
  return now - last > 2 * everyMs + graceMs;
}

/** The start of the interval slot after the one `last` fell in, ms (the runner enqueues one job per slot). */
export function nextSlot(last: number, everyMs: number): number {
  return (Math.floor(last / everyMs) + 1) * everyMs;
}

export class JobMonitorService implements JobRunRecorder {
  private readonly options: JobMonitorOptions;

  constructor(options: JobMonitorOptions) {
    this.options = options;
  }

  /** Stores one run (called by the job runner after each periodic run). */
  async record(run: PeriodicJobRun): Promise<void> {
    const em = this.options.fork();
    em.create(JobRunRecord, {
      job: run.name,
      startedAt: run.startedAt,
      durationMs: Math.max(0, Math.round(run.durationMs)),
      outcome: run.outcome,
      error: run.error === null ? null : run.error.slice(0, MAX_ERROR_LENGTH),
    });
    await em.flush();
  }

  /**
   * Every job of `schedule` (the runner's periodic jobs: name and interval in ms), in its order,
   * with its last run and last failure among the kept runs, its next expected run and whether it is late.
   */
  async overview(em: EntityManager, schedule: readonly { name: string; everyMs: number }[]): Promise<JobMonitors> {
    const now = this.options.clock.now().getTime();
    // One row per job name (the (job, started_at) index serves both); names not scheduled here are ignored.
    const connection = em.getConnection();
    const lastRuns = await connection.execute<RunRow[]>('select distinct on (job) job, started_at, duration_ms, outcome, error from job_runs order by job, started_at desc');
    const lastFailures = await connection.execute<RunRow[]>(
      "select distinct on (job) job, started_at, duration_ms, outcome, error from job_runs where outcome = 'failed' order by job, started_at desc",
    );
    const last = new Map(lastRuns.map((row) => [row.job, row]));
    const failed = new Map(lastFailures.map((row) => [row.job, row]));
    const jobs = schedule.map(({ name, everyMs }): JobMonitor => {
      const row = last.get(name);
      const failure = failed.get(name);
      const reference = row ? new Date(row.started_at).getTime() : this.options.since.getTime();
      return {
        name,
        everyMs,
        lastRun: row ? toRun(row) : null,
        lastFailure: failure ? toRun(failure) : null,
        nextRunAt: new Date(nextSlot(row ? reference : now, everyMs)).toISOString(),
        late: isLate(reference, everyMs, this.options.graceMs, now),
      };
    });
    return { graceMs: this.options.graceMs, jobs };
  }

  /** Deletes the runs older than the retention; returns how many. */
  async prune(em: EntityManager): Promise<number> {
    const cutoff = new Date(this.options.clock.now().getTime() - this.options.retentionDays * DAY_MS);
    return em.nativeDelete(JobRunRecord, { startedAt: { $lt: cutoff } });
  }
}
