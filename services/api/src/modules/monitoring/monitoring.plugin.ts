/**
 * Monitoring plugin: decorates `app.monitoring`, the module's services built once per app: the
 * job monitors (job-monitor.service.ts, with `JOB_MONITOR_GRACE_MS` and `JOB_RUN_RETENTION_DAYS`),
 * which the composition hands to the job runner as its run recorder, and the uptime monitors
 * (uptime.service.ts, with `UPTIME_CHECK_INTERVAL_MS`, `UPTIME_CHECK_TIMEOUT_MS` and
 * `UPTIME_RETENTION_DAYS`): the store's pages at `SHELL_URL`, the catalogue API at
 * `PUBLIC_API_URL` and each remote's manifest as the registry serves it now; and the alert rules
 * (alert-rules.service.ts), told by e-mail or webhook (alert-delivery.ts, with
 * `ALERT_WEBHOOK_ALLOW_PRIVATE` and https required in production).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DefaultAlertDelivery } from './alert-delivery.ts';
import { AlertRulesService } from './alert-rules.service.ts';
import { JobMonitorService } from './job-monitor.service.ts';
import { storeProbes, UptimeService, type UptimeProbe } from './uptime.service.ts';

export interface Monitoring {
  jobs: JobMonitorService;
  uptime: UptimeService;
  alerts: AlertRulesService;
}

/** The uptime targets of this moment: the store's own, then each remote's served manifest (the bootstrap registry while the database is unreachable). */
async function probesOf(app: FastifyInstance): Promise<UptimeProbe[]> {
  const registry = await app.platform.releases.registry(app.orm.em.fork()).catch(() => app.platform.registry.list());
  return [...storeProbes(app.config.shellUrl, app.config.publicUrl), ...registry.map((entry) => ({ target: `remote-${entry.name}`, url: entry.manifestUrl }))];
}

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: Monitoring;
  }
}

export default fp(
  async (app) => {
    const jobs = new JobMonitorService({
      clock: app.clock,
      fork: () => app.orm.em.fork(),
      graceMs: app.config.jobMonitorGraceMs,
      retentionDays: app.config.jobRunRetentionDays,
      since: app.clock.now(),
    });
    const uptime = new UptimeService({
      clock: app.clock,
      intervalMs: app.config.uptimeCheckIntervalMs,
      timeoutMs: app.config.uptimeCheckTimeoutMs,
      retentionDays: app.config.uptimeRetentionDays,
      probes: () => probesOf(app),
    });
    const webhookPolicy = app.config.alertWebhookPolicy;
    const delivery = new DefaultAlertDelivery({ mailer: app.mailer, fork: () => app.orm.em.fork(), webhookPolicy, timeoutMs: app.config.alertWebhookTimeoutMs });
    const lateJobs = async () => (await jobs.overview(app.orm.em.fork(), app.jobs.schedule())).jobs.filter(({ late }) => late).map(({ name }) => name);
    const alerts = new AlertRulesService({ clock: app.clock, webhookPolicy, delivery, lateJobs, firingRetentionDays: app.config.alertFiringRetentionDays });
    app.decorate('monitoring', { jobs, uptime, alerts });
  },
  { name: 'monitoring', dependencies: ['config', 'clock', 'orm', 'mail', 'jobs', 'platform'] },
);
