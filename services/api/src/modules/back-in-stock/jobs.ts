/**
 * The back-in-stock module's jobs (registered by bootstrap/background-work.ts):
 * - `back-in-stock-notify` (queue, 5 retries from 30 s with backoff): e-mails each active subscriber
 *   of a product or variant exactly once (notify-subscribers.ts); queued once per `StockReplenished`
 *   event (subscribers.ts) and when a confirmed subscription finds the item in stock;
 * - `back-in-stock-expire-pending` (hourly): deletes pending subscriptions whose confirmation link
 *   expired (7 days), so unconfirmed e-mails are not kept.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../../jobs/job-runner.ts';
import type { ModulePeriodicJob, ModuleQueueJob } from '../../jobs/module-tasks.ts';

/** The job queue's name for e-mailing an item's subscribers. */
export const BACK_IN_STOCK_JOB = 'back-in-stock-notify';

export interface NotifyJobData {
  productId: string;
  variantId: string | null;
}

/** Queues the e-mailing of an item's subscribers; `key` makes the job id, so a second send with it adds nothing. */
export function enqueueBackInStock(app: FastifyInstance, data: NotifyJobData, key: string): Promise<void> {
  return app.jobs.send(BACK_IN_STOCK_JOB, data, { id: stableJobId(`${BACK_IN_STOCK_JOB}:${key}`) });
}

const notify: ModuleQueueJob<NotifyJobData> = {
  name: BACK_IN_STOCK_JOB,
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  handler: async (app, { productId, variantId }) => {
    const sent = await app.backInStock.notify(app.orm.em.fork(), productId, variantId);
    if (sent > 0) app.log.info({ productId, variantId, sent }, 'back-in-stock e-mails sent');
  },
};

export const backInStockQueueJobs: ModuleQueueJob[] = [notify];

export const backInStockJobs: ModulePeriodicJob[] = [
  { name: 'back-in-stock-expire-pending', everyMs: () => 60 * 60 * 1000, run: (app) => app.backInStock.service.dropExpiredPending(app.orm.em.fork()) },
];
