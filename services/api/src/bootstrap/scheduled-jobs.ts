/**
 * The store's periodic jobs, on the job queue (plugins/jobs.ts): each runs once per interval
 * across all service processes, on its own EntityManager fork.
 * - reservation cleanup (storefront.md 4, 9), every `RESERVATION_CLEANUP_INTERVAL_MS` (default
 *   60 s): expired reservations release their units;
 * - the jobs the orders and fulfilment modules declare in their `jobs.ts` (`order-expiry`,
 *   `shipment-tracking`, `carrier-webhook-receipts-retention`), registered here under their own
 *   names until one registry collects every module's jobs;
 * - outbox relay catch-up, every `OUTBOX_CATCHUP_INTERVAL_MS`: positions events whose commit
 *   notification no process heard (events/event-bus.ts);
 * - failed e-mails, retried on the job queue with backoff from `MAIL_RETRY_INTERVAL_MS`; one that
 *   fails its last attempt (`MAIL_MAX_ATTEMPTS`) is recorded as a system error (mail/mail-retries.ts; issue 21);
 * - canary guard, every `CANARY_CHECK_INTERVAL_MS` (60 s): a remote's canary whose error rate is
 *   past the threshold is rolled back, the reason recorded (modules/platform/canary-guard.ts; issue 14);
 * - failed domain-event handlers, retried with backoff and dead-lettered (events/handler-retries.ts; issue 21);
 * - system-error retention, hourly: rows last seen more than `ERROR_RETENTION_DAYS` ago are deleted (issue 21);
 * - rate-limit cleanup, every minute: deletes ended rate-limit windows (plugins/rate-limit-store.ts; issue 21).
 */
import fp from 'fastify-plugin';
import { registerHandlerRetries } from '../events/handler-retries.ts';
import { registerMailRetries } from '../mail/mail-retries.ts';
import type { ModulePeriodicJob } from '../jobs/module-tasks.ts';
import { fulfilmentJobs } from '../modules/fulfilment/jobs.ts';
import { orderJobs } from '../modules/orders/jobs.ts';
import { CANARY_CHECK_INTERVAL_MS, CanaryGuard, releaseServices } from '../modules/platform/index.ts';
import { ReservationService } from '../modules/reservations/index.ts';
import { RATE_LIMIT_CLEANUP_SQL } from '../plugins/rate-limit-store.ts';

export default fp(
  async (app) => {
    registerHandlerRetries(app, { maxAttempts: app.config.outboxHandlerMaxAttempts, retryDelaySeconds: app.config.outboxRetryDelaySeconds });
    registerMailRetries(app, { maxAttempts: app.config.mailMaxAttempts, retryDelayMs: app.config.mailRetryIntervalMs });
    const reservations = new ReservationService(app.clock, app.storage);
    const interval = app.config.reservationCleanupIntervalMs;
    app.jobs.every({ name: 'reservation-cleanup', everyMs: interval, run: () => reservations.cleanup(app.orm.em.fork()) });
    const moduleJobs: ModulePeriodicJob[] = [...orderJobs, ...fulfilmentJobs];
    for (const job of moduleJobs) app.jobs.every({ name: job.name, everyMs: job.everyMs(app), run: () => job.run(app) });
    const canaryGuard = new CanaryGuard(releaseServices(app).releases, app.releaseHealth, app.config.canaryMinVitalsSessions, () => app.clock.now());
    app.jobs.every({ name: 'canary-guard', everyMs: CANARY_CHECK_INTERVAL_MS, run: () => canaryGuard.check(app.orm.em.fork()) });
    app.jobs.every({
      name: 'system-error-retention',
      everyMs: 3_600_000,
      run: async () => {
        const cutoff = new Date(app.clock.now().getTime() - app.config.errorRetentionDays * 86_400_000);
        await app.systemErrors.deleteOlderThan(app.orm.em.fork(), cutoff);
        await app.releaseHealth.deleteOlderThan(app.orm.em.fork(), cutoff);
      },
    });
    app.jobs.every({
      name: 'rate-limit-cleanup',
      everyMs: 60_000,
      run: async () => {
        const connection = app.orm.em.getConnection();
        await connection.execute(RATE_LIMIT_CLEANUP_SQL, [], 'run');
        await connection.execute('delete from login_failures where last_failed_at < ?', [new Date(app.clock.now().getTime() - 15 * 60_000)], 'run');
      },
    });
    app.jobs.every({ name: 'outbox-relay', everyMs: app.config.outboxCatchupIntervalMs, run: () => app.events.relay() });
  },
  { name: 'scheduled-jobs', dependencies: ['config', 'clock', 'orm', 'storage', 'events', 'payments', 'mail', 'jobs', 'system-errors', 'orders', 'fulfilment'] },
);
