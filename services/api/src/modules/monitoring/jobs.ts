/**
 * The monitoring module's periodic jobs (registered by bootstrap/background-work.ts):
 * - `uptime-check` (every `UPTIME_CHECK_INTERVAL_MS`, default a minute; none when 0): checks the
 *   store's pages, the catalogue API and each remote's manifest (uptime.service.ts);
 * - `alert-evaluation` (every `ALERT_EVALUATION_INTERVAL_MS`, default a minute): evaluates the
 *   alert rules and tells the ones that fire (alert-rules.service.ts);
 * - `monitor-retention` (hourly): deletes the job runs older than `JOB_RUN_RETENTION_DAYS`, the
 *   uptime checks older than `UPTIME_RETENTION_DAYS` and the alert firings older than
 *   `ALERT_FIRING_RETENTION_DAYS`.
 */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';

export const monitoringJobs: ModulePeriodicJob[] = [
  {
    name: 'uptime-check',
    everyMs: (app) => app.config.uptimeCheckIntervalMs,
    enabled: (app) => app.config.uptimeCheckIntervalMs > 0,
    run: (app) => app.monitoring.uptime.checkAll(app.orm.em.fork()),
  },
  { name: 'alert-evaluation', everyMs: (app) => app.config.alertEvaluationIntervalMs, run: (app) => app.monitoring.alerts.evaluate(app.orm.em.fork()) },
  {
    name: 'monitor-retention',
    everyMs: () => 60 * 60 * 1000,
    run: async (app) =>
      (await app.monitoring.jobs.prune(app.orm.em.fork())) + (await app.monitoring.uptime.prune(app.orm.em.fork())) + (await app.monitoring.alerts.prune(app.orm.em.fork())),
  },
];
