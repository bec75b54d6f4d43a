/**
 * Retries of failed domain-event handlers (the outbox stamps an event dispatched even
 * when a handler threw, so a failed handler is retried here), on the service's one job queue (pg-boss, jobs/job-runner.ts):
 *
 * - a `subscribe` handler that throws while its event is dispatched becomes one job
 *   `outbox-handler-retry` `{ eventId, handler }`, enqueued before the event's dispatch commits
 *   under an id derived from (handler, event), so a re-dispatch after a crash adds no second job;
 * - pg-boss retries it with exponential backoff: the first retry after
 *   `OUTBOX_RETRY_DELAY_SECONDS` (default 30), then 2x, 4x ..., until the handler has run
 *   `OUTBOX_HANDLER_MAX_ATTEMPTS` times in all (default 5, the dispatch included);
 * - after the last failure the handler is dead-lettered: one `dead_letters` row (handler, event,
 *   payload, last error, attempts) that the developer dashboard lists (`GET /api/developer/dead-letters`).
 *   Other handlers of the same event are not held back at any point.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../lib/name-uuid.ts';

/** The job queue's name for handler retries. */
export const HANDLER_RETRY_JOB = 'outbox-handler-retry';

interface RetryData {
  eventId: string;
  handler: string;
}

/** Error text kept with a dead letter: the message, at most 2000 characters. */
function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
}

/**
 * Wires the event bus's failed handlers to the job queue and the dead-letter table.
 * `maxAttempts` >= 2 (the dispatch and at least one retry).
 */
export function registerHandlerRetries(app: FastifyInstance, options: { maxAttempts: number; retryDelaySeconds: number }): void {
  app.jobs.define<RetryData>({
    name: HANDLER_RETRY_JOB,
    // The dispatch was attempt 1; the job's first run is attempt 2.
    retryLimit: options.maxAttempts - 2,
    retryDelaySeconds: options.retryDelaySeconds,
    retryBackoff: true,
    handler: async ({ eventId, handler }) => {
      const ran = await app.events.runHandler(eventId, handler);
      if (!ran) app.log.warn({ eventId, handler }, 'event handler retry: the event or the handler is gone; nothing to do');
    },
    onGiveUp: async ({ eventId, handler }, error) => {
      await app.orm.em.getConnection().execute(
        `insert into dead_letters (id, source, handler, reference, event_type, payload, error, attempts, created_at)
         select gen_random_uuid(), 'domain-event', ?, id, type, payload, ?, ?, now() from domain_events where id = ?`,
        [handler, errorText(error), options.maxAttempts, eventId],
        'run',
      );
      app.log.error({ eventId, handler }, 'event handler dead-lettered after its last attempt');
    },
  });
  app.events.setRetries({
    enqueue: ({ eventId, handler }) => app.jobs.send(HANDLER_RETRY_JOB, { eventId, handler }, { id: stableJobId(`${HANDLER_RETRY_JOB}:${handler}:${eventId}`) }),
  });
}
