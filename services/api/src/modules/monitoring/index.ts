/**
 * The monitoring module's public face: the composition imports these from here, never another
 * file of this folder. Its routes are routes.ts (registered by app.ts), its periodic jobs jobs.ts;
 * its services are built once by `monitoringPlugin` and decorated as `app.monitoring`.
 *
 * The module owns what tells the developers that something stopped: the record of every
 * periodic job's runs and which job is late (job-monitor.service.ts), and the synthetic checks
 * of the store's pages, API and remotes (uptime.service.ts).
 */
export { default as monitoringPlugin, type Monitoring } from './monitoring.plugin.ts';
export { JobRunRecord, JobRunRecordSchema } from './job-run.entity.ts';
export { UptimeCheckRecord, UptimeCheckRecordSchema } from './uptime-check.entity.ts';
export { AlertFiringRecord, AlertFiringRecordSchema, AlertRuleRecord, AlertRuleRecordSchema } from './alert.entities.ts';
