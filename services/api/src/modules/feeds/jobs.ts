/**
 * The feeds module's jobs (registered by bootstrap/background-work.ts):
 * - `catalogue-feeds-regenerate` (queue, 3 retries from 30 s): rebuilds the stored catalogue feeds;
 *   queued by the subscribers (subscribers.ts) with a start delay of `CATALOGUE_FEED_DEBOUNCE_SECONDS`
 *   and one job id per window of that length, so the changes of a window share one rebuild
 *   (a debounce across processes: the queue, not a timer, holds it). Everything the feeds list
 *   changes through a domain event (the freight table's edits included), so no periodic rebuild.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../../jobs/job-runner.ts';
import type { ModuleQueueJob } from '../../jobs/module-tasks.ts';

export const REGENERATE_FEEDS_JOB = 'catalogue-feeds-regenerate';

/**
 * Queues a rebuild of the feeds unless none was ever generated. With a debounce, every call in
 * the same window (of the app's clock) queues the same job, which starts a debounce later; without
 * one, `key` (the event's position) makes the job id, so a second dispatch of an event queues nothing.
 */
export async function scheduleFeedRegeneration(app: FastifyInstance, key: string): Promise<void> {
  const em = app.orm.em.fork();
  if (!(await app.feeds.generated(em))) return;
  const seconds = app.config.catalogueFeedDebounceSeconds;
  const window = seconds > 0 ? `window:${Math.floor(app.clock.now().getTime() / (seconds * 1000))}` : key;
  await app.jobs.send(REGENERATE_FEEDS_JOB, {}, { id: stableJobId(`${REGENERATE_FEEDS_JOB}:${window}`), ...(seconds > 0 ? { startAfterSeconds: seconds } : {}) });
}

const regenerate: ModuleQueueJob = {
  name: REGENERATE_FEEDS_JOB,
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: async (app) => {
    const items = await app.feeds.regenerate(app.orm.em.fork());
    app.log.info({ items }, 'catalogue feeds regenerated');
  },
};

export const feedQueueJobs: ModuleQueueJob[] = [regenerate as ModuleQueueJob];
