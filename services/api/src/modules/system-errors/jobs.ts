/**
 * The system-errors module's background work (registered by bootstrap/background-work.ts):
 * - `source-map-frames` (queue): maps one stored report's frames through the source maps, at most
 *   FRAME_MAPPING_JOBS_PER_TICK per poll (anonymous reports can fill it), one retry after 30 s;
 *   enqueued by the service when a report has frames a map may apply to ({@link enqueueFrameMapping});
 * - `system-error-retention` (hourly): deletes the issues (their events and the events' replays
 *   with them), and the release-health rows, last seen more than `ERROR_RETENTION_DAYS` ago, and
 *   the shoppers' feedback sent before then.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../../jobs/job-runner.ts';
import type { ModulePeriodicJob, ModuleQueueJob } from '../../jobs/module-tasks.ts';
import { deleteFeedbackOlderThan } from './feedback.ts';
import { FRAME_MAPPING_JOBS_PER_TICK } from './source-maps.ts';
import type { FrameMappingJob } from './system-errors.service.ts';

/** The job queue's name for mapping one stored report's frames through the source maps. */
export const FRAME_MAPPING_JOB = 'source-map-frames';

/**
 * Queues the mapping of one stored report's frames, one job per event (its id derived from the
 * event's). Never throws: a failure is logged and the frames stay as reported.
 */
export function enqueueFrameMapping(app: FastifyInstance, job: FrameMappingJob): Promise<void> {
  return app.jobs
    .send(FRAME_MAPPING_JOB, job, { id: stableJobId(`${FRAME_MAPPING_JOB}:${job.eventId}`) })
    .catch((error: unknown) => app.log.error({ err: error, eventId: job.eventId }, "could not enqueue the mapping of a report's frames"));
}

const frameMapping: ModuleQueueJob<FrameMappingJob> = {
  name: FRAME_MAPPING_JOB,
  retryLimit: 1,
  retryDelaySeconds: 30,
  perTick: FRAME_MAPPING_JOBS_PER_TICK,
  handler: async (app, job) => void (await app.systemErrors.mapEvent(app.orm.em.fork(), job)),
};

export const systemErrorQueueJobs: ModuleQueueJob[] = [frameMapping];

export const systemErrorJobs: ModulePeriodicJob[] = [
  {
    name: 'system-error-retention',
    everyMs: () => 3_600_000,
    run: async (app) => {
      const cutoff = new Date(app.clock.now().getTime() - app.config.errorRetentionDays * 86_400_000);
      await app.systemErrors.deleteOlderThan(app.orm.em.fork(), cutoff);
      await deleteFeedbackOlderThan(app.orm.em.fork(), cutoff);
      // Release health (platform's, decorated before this module: system-errors.plugin.ts depends on it) ages out with the errors.
      await app.releaseHealth.deleteOlderThan(app.orm.em.fork(), cutoff);
    },
  },
];
