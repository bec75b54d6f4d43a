/**
 * Everything the service runs in the background, in one list: each module's periodic jobs, queue
 * jobs and domain-event subscribers (its `jobs.ts` and `subscribers.ts`, records of
 * jobs/module-tasks.ts), and the infrastructure's own (outbox relay, handler and mail retries,
 * rate-limit cleanup). This plugin registers them on the job runner (`app.jobs`, pg-boss: a
 * periodic job runs once per interval across all processes, a queue job once per item with
 * retries) and on the event bus (`app.events.subscribe`: once per event across all processes,
 * after commit). docs/architecture.md lists the same jobs with their intervals.
 *
 * Names are the keys of queued jobs, retries and dead letters in the database: a record's name
 * never changes once deployed. Subscribers are subscribed in list order, which is also the order
 * an event's handlers run in.
 *
 * Per-process listeners are not here: they keep one process's own state in step and live beside
 * that state (the realtime hub's fan-out, realtime.plugin.ts; the catalogue's list cache,
 * catalogue-cache.ts; the shown-state watches of content and settings).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HANDLER_RETRY_JOB, registerHandlerRetries } from '../events/handler-retries.ts';
import type { ModulePeriodicJob, ModuleQueueJob, ModuleSubscriber } from '../jobs/module-tasks.ts';
import { MAIL_RETRY_JOB, registerMailRetries } from '../mail/mail-retries.ts';
import { RATE_LIMIT_CLEANUP_SQL } from '../plugins/rate-limit-store.ts';
import { backInStockJobs, backInStockQueueJobs } from '../modules/back-in-stock/jobs.ts';
import { backInStockSubscribers } from '../modules/back-in-stock/subscribers.ts';
import { cartJobs } from '../modules/carts/jobs.ts';
import { cartSubscribers } from '../modules/carts/subscribers.ts';
import { contentSubscribers } from '../modules/content/subscribers.ts';
import { feedQueueJobs } from '../modules/feeds/jobs.ts';
import { feedSubscribers } from '../modules/feeds/subscribers.ts';
import { analyticsSubscribers } from '../modules/analytics/subscribers.ts';
import { deleteStaleLoginFailures } from '../modules/identity/index.ts';
import { invoiceQueueJobs } from '../modules/invoices/jobs.ts';
import { invoiceSubscribers } from '../modules/invoices/subscribers.ts';
import { messagingQueueJobs } from '../modules/messaging/jobs.ts';
import { messagingSubscribers } from '../modules/messaging/subscribers.ts';
import { monitoringJobs } from '../modules/monitoring/jobs.ts';
import { notificationSubscribers } from '../modules/notifications/subscribers.ts';
import { fulfilmentJobs } from '../modules/fulfilment/jobs.ts';
import { orderJobs } from '../modules/orders/jobs.ts';
import { platformJobs } from '../modules/platform/jobs.ts';
import { reservationJobs } from '../modules/reservations/jobs.ts';
import { reviewJobs } from '../modules/reviews/jobs.ts';
import { enqueueFrameMapping, systemErrorJobs, systemErrorQueueJobs } from '../modules/system-errors/jobs.ts';

/** Records of one owner: a module's folder name, or `infrastructure`. */
interface Owned<T> {
  owner: string;
  records: readonly T[];
}

/** The infrastructure's periodic jobs. */
const infrastructureJobs: ModulePeriodicJob[] = [
  // Positions events whose commit notification no process heard (events/event-bus.ts).
  { name: 'outbox-relay', everyMs: (app) => app.config.outboxCatchupIntervalMs, run: (app) => app.events.relay() },
  {
    // Ended rate-limit windows (plugins/rate-limit-store.ts), and identity's ended lockout windows of unknown e-mails.
    name: 'rate-limit-cleanup',
    everyMs: () => 60_000,
    run: async (app) => {
      await app.orm.em.getConnection().execute(RATE_LIMIT_CLEANUP_SQL, [], 'run');
      await deleteStaleLoginFailures(app.orm.em.fork(), app.clock);
    },
  },
];

/** Every periodic job, by owner. */
const periodicJobs: Owned<ModulePeriodicJob>[] = [
  { owner: 'reservations', records: reservationJobs },
  { owner: 'orders', records: orderJobs },
  { owner: 'fulfilment', records: fulfilmentJobs },
  { owner: 'platform', records: platformJobs },
  { owner: 'system-errors', records: systemErrorJobs },
  { owner: 'back-in-stock', records: backInStockJobs },
  { owner: 'carts', records: cartJobs },
  { owner: 'reviews', records: reviewJobs },
  { owner: 'monitoring', records: monitoringJobs },
  { owner: 'infrastructure', records: infrastructureJobs },
];

/** Every module's queue jobs, by owner (the infrastructure's two retry queues are registered by their own files). */
const queueJobs: Owned<ModuleQueueJob>[] = [
  { owner: 'back-in-stock', records: backInStockQueueJobs },
  { owner: 'invoices', records: invoiceQueueJobs },
  { owner: 'messaging', records: messagingQueueJobs },
  { owner: 'system-errors', records: systemErrorQueueJobs },
  { owner: 'feeds', records: feedQueueJobs },
];

/** Every subscriber, by owner, in subscription order: the order an event's handlers run in (notifications' names were generated in it). */
const subscribers: Owned<ModuleSubscriber>[] = [
  { owner: 'back-in-stock', records: backInStockSubscribers },
  { owner: 'invoices', records: invoiceSubscribers },
  { owner: 'notifications', records: notificationSubscribers },
  { owner: 'messaging', records: messagingSubscribers },
  { owner: 'carts', records: cartSubscribers },
  { owner: 'content', records: contentSubscribers },
  { owner: 'feeds', records: feedSubscribers },
  { owner: 'analytics', records: analyticsSubscribers },
];

/** A job or subscriber as the docs list it. */
export interface BackgroundWorkEntry {
  name: string;
  owner: string;
}

const entries = <T extends { name: string }>(groups: Owned<T>[]): BackgroundWorkEntry[] => groups.flatMap(({ owner, records }) => records.map(({ name }) => ({ name, owner })));

/** Every periodic job of the service, with its owner. */
export const PERIODIC_JOBS: readonly BackgroundWorkEntry[] = entries(periodicJobs);

/** Every queue job of the service, with its owner. */
export const QUEUE_JOBS: readonly BackgroundWorkEntry[] = [
  ...entries(queueJobs),
  { name: HANDLER_RETRY_JOB, owner: 'infrastructure' },
  { name: MAIL_RETRY_JOB, owner: 'infrastructure' },
];

/** Every domain-event subscriber of the service, with its owner, in subscription order. */
export const SUBSCRIBERS: readonly BackgroundWorkEntry[] = entries(subscribers);

/** The names of every job (periodic and queue) and of every subscriber: what docs/architecture.md must list. */
export const JOB_NAMES: readonly string[] = [...PERIODIC_JOBS, ...QUEUE_JOBS].map(({ name }) => name);
export const SUBSCRIBER_NAMES: readonly string[] = SUBSCRIBERS.map(({ name }) => name);

const on = (app: FastifyInstance, record: { enabled?(app: FastifyInstance): boolean }) => record.enabled?.(app) ?? true;

/** Registers a module's periodic job on the runner. */
function registerPeriodic(app: FastifyInstance, job: ModulePeriodicJob): void {
  if (on(app, job)) app.jobs.every({ name: job.name, everyMs: job.everyMs(app), run: () => job.run(app) });
}

/** Defines a module's queue job on the runner. */
function registerQueue(app: FastifyInstance, job: ModuleQueueJob): void {
  if (!on(app, job)) return;
  const { handler, onGiveUp, retries, enabled: _enabled, ...options } = job;
  app.jobs.define({
    ...options,
    ...retries?.(app),
    handler: (data) => handler(app, data),
    ...(onGiveUp ? { onGiveUp: (data: object, error: unknown) => onGiveUp(app, data, error) } : {}),
  });
}

/** Subscribes a module's handler under its name; returns the unsubscribe function (null when not enabled). */
function registerSubscriber(app: FastifyInstance, record: ModuleSubscriber): (() => void) | null {
  return on(app, record) ? app.events.subscribe(record.event, (event) => record.handle(app, event), record.name) : null;
}

export default fp(
  async (app) => {
    registerHandlerRetries(app, { maxAttempts: app.config.outboxHandlerMaxAttempts, retryDelaySeconds: app.config.outboxRetryDelaySeconds });
    registerMailRetries(app, {
      maxAttempts: app.config.mailMaxAttempts,
      retryDelayMs: app.config.mailRetryIntervalMs,
      // A message out of attempts is a system error on the developer dashboard.
      onGiveUp: async (email) => {
        await app.systemErrors.report(
          app.orm.em.fork(),
          {
            errorType: 'EmailDeliveryFailed',
            errorMessage: `E-mail "${email.subject}" não entregue após ${email.attempts} tentativas: ${email.error ?? 'erro desconhecido'}`,
            pageUrl: `outbox_emails/${email.id}`,
            remote: 'api',
            version: app.config.apiVersion,
          },
          'server',
        );
      },
    });
    // Reports whose frames a source map may apply to ask for their mapping on the queue.
    app.systemErrors.setFrameMapping({ enqueue: (job) => enqueueFrameMapping(app, job) });

    // Every periodic job's run is recorded for the developer area's job monitors.
    app.jobs.setRunRecorder(app.monitoring.jobs);
    for (const { records } of periodicJobs) for (const job of records) registerPeriodic(app, job);
    for (const { records } of queueJobs) for (const job of records) registerQueue(app, job);
    const unsubscribe = subscribers.flatMap(({ records }) => records.map((record) => registerSubscriber(app, record)));
    app.addHook('onClose', async () => unsubscribe.forEach((stop) => stop?.()));
  },
  {
    name: 'background-work',
    dependencies: ['config', 'clock', 'orm', 'events', 'jobs', 'mail', 'system-errors', 'release-health', 'platform', 'orders', 'fulfilment', 'reservations', 'back-in-stock', 'invoices', 'messaging', 'notifications', 'carts', 'reviews', 'monitoring', 'feeds'],
  },
);
