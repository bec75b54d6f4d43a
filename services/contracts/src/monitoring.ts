/**
 * The developer area's monitors (`/developer/monitores`):
 * - job monitors: each periodic job of the service with its last run, duration (ms), outcome and
 *   next expected run, and whether it is late (`GET /api/developer/job-monitors`);
 * - uptime monitors: a synthetic check of the store's pages, the catalogue API and each remote's
 *   manifest every `UPTIME_CHECK_INTERVAL_MS`, with each target's uptime and p95 latency over the
 *   last {@link UPTIME_WINDOW_HOURS} hours and its last failures (`GET /api/developer/uptime`).
 */
import { z } from 'zod';

/** How a recorded job run ended. */
export const JOB_RUN_OUTCOMES = ['ok', 'failed'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

/** One recorded run of a periodic job. */
export const jobRunSchema = z.object({
  startedAt: z.iso.datetime({ offset: true }),
  /** Wall time the run took, ms. */
  durationMs: z.number().int().nonnegative(),
  outcome: z.enum(JOB_RUN_OUTCOMES),
  /** The failure's message (null when ok). */
  error: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/**
 * A periodic job as the monitor sees it. `late`: no run for more than two intervals plus the
 * grace (`JOB_MONITOR_GRACE_MS`), counted from its last run, or from the service's start when it
 * never ran. `nextRunAt`: the start of the interval slot after its last run (in the past when late).
 */
export const jobMonitorSchema = z.object({
  name: z.string(),
  /** Interval, ms. */
  everyMs: z.number().int().positive(),
  lastRun: jobRunSchema.nullable(),
  /** The last failed run, when one is kept (null: none in the retention window). */
  lastFailure: jobRunSchema.nullable(),
  nextRunAt: z.iso.datetime({ offset: true }),
  late: z.boolean(),
});
export type JobMonitor = z.infer<typeof jobMonitorSchema>;

/** `GET /api/developer/job-monitors`: every periodic job, by name. */
export const jobMonitorsSchema = z.object({
  /** Grace added to two intervals before a job counts as late, ms. */
  graceMs: z.number().int().nonnegative(),
  jobs: z.array(jobMonitorSchema),
});
export type JobMonitors = z.infer<typeof jobMonitorsSchema>;

/** How a synthetic check ended: `up` for a 2xx answer within the timeout, else `down`. */
export const UPTIME_OUTCOMES = ['up', 'down'] as const;
export type UptimeOutcome = (typeof UPTIME_OUTCOMES)[number];

/** The window the uptime and p95 latency are computed over, hours. */
export const UPTIME_WINDOW_HOURS = 24;

/** Failures listed per target, newest first. */
export const UPTIME_FAILURES_SHOWN = 5;

/** One synthetic check of one target. */
export const uptimeCheckSchema = z.object({
  checkedAt: z.iso.datetime({ offset: true }),
  /** The HTTP status; null when no answer came (refused, timed out). */
  status: z.number().int().nullable(),
  /** Until the whole answer arrived or the check gave up, ms. */
  latencyMs: z.number().int().nonnegative(),
  outcome: z.enum(UPTIME_OUTCOMES),
  /** Why it is down (null when up). */
  error: z.string().nullable(),
});
export type UptimeCheck = z.infer<typeof uptimeCheckSchema>;

/**
 * One checked target: `store-home` (`/`), `store-products` (`/produtos`), `catalogue-api`
 * (`/api/products`) or `remote-<name>` (the active build's `mf-manifest.json`).
 */
export const uptimeTargetSchema = z.object({
  target: z.string(),
  url: z.string(),
  lastCheck: uptimeCheckSchema.nullable(),
  /** Checks in the window. */
  checks: z.number().int().nonnegative(),
  /** Share of the window's checks that were up, percent (null without checks). */
  uptimePercent: z.number().min(0).max(100).nullable(),
  /** 95th percentile of the window's answered checks' latency, ms (null without answers). */
  p95LatencyMs: z.number().nonnegative().nullable(),
  /** The window's newest failures (at most {@link UPTIME_FAILURES_SHOWN}). */
  lastFailures: z.array(uptimeCheckSchema),
});
export type UptimeTarget = z.infer<typeof uptimeTargetSchema>;

/** `GET /api/developer/uptime`. */
export const uptimeSchema = z.object({
  /** How often the targets are checked, ms (0: checks off). */
  intervalMs: z.number().int().nonnegative(),
  windowHours: z.number().int().positive(),
  targets: z.array(uptimeTargetSchema),
});
export type Uptime = z.infer<typeof uptimeSchema>;
