/**
 * Jobs plugin: decorates `app.jobs`, the pg-boss job runner (jobs/job-runner.ts; how to
 * register a job is documented there). The queue starts when the app is ready; every
 * `JOBS_POLL_INTERVAL_MS` (0: never, tests call `app.jobs.tick()`) each process enqueues the due
 * periodic jobs and works the queues; it stops with the app.
 */
import fp from 'fastify-plugin';
import { JobRunner } from '../jobs/job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export default fp(
  async (app) => {
    const runner = new JobRunner(app.orm.config.get('clientUrl') as string, app.clock, app.log, {
      expireInSeconds: app.config.jobsExpireSeconds,
      superviseIntervalSeconds: app.config.jobsSuperviseIntervalSeconds,
    });
    app.decorate('jobs', runner);
    let timer: ReturnType<typeof setInterval> | undefined;
    let ticking: Promise<void> | null = null;
    app.addHook('onReady', async () => {
      await runner.start();
      if (app.config.jobsPollIntervalMs > 0) {
        timer = setInterval(() => {
          ticking ??= runner
            .tick()
            .catch((error: unknown) => app.log.error({ err: error }, 'job tick failed'))
            .finally(() => {
              ticking = null;
            });
        }, app.config.jobsPollIntervalMs);
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await ticking;
      await runner.stop();
    });
  },
  { name: 'jobs', dependencies: ['config', 'clock', 'orm'] },
);
