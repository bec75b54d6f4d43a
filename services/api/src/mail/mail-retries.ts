/**
 * Retries of e-mails whose delivery failed, on the service's one job queue (pg-boss,
 * jobs/job-runner.ts: one retry mechanism for domain events, e-mails and jobs), as failed
 * event handlers are (events/handler-retries.ts):
 *
 * - a message whose delivery fails when it is dispatched (after its transaction committed)
 *   becomes one job `mail-delivery-retry` `{ emailId }`, under an id derived from the message, so
 *   enqueuing it twice adds nothing;
 * - the job first runs `MAIL_RETRY_INTERVAL_MS` after the failure (whole seconds, at least 1),
 *   then pg-boss retries it with exponential backoff (its formula: about 1-2x, then 2-4x ... the
 *   interval, jittered), until the message has been tried `MAIL_MAX_ATTEMPTS` times in all (the
 *   dispatch included);
 * - after the last failure the row gets `failed_at` and the message is handed to `onGiveUp` (the
 *   composition, bootstrap/background-work.ts, records it as the system error `EmailDeliveryFailed`
 *   on the developer dashboard: this file names no domain module and no decorator one declares);
 * - at start, messages left unsent without a job (a process stopped between the failure and the
 *   enqueue, or rows of an earlier version) are enqueued again.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../jobs/job-runner.ts';
import type { OutboxEmail } from './outbox-email.entity.ts';

/** The job queue's name for mail retries. */
export const MAIL_RETRY_JOB = 'mail-delivery-retry';

interface RetryData {
  emailId: string;
}

export interface MailRetryOptions {
  /** Delivery attempts in all, the dispatch included (`MAIL_MAX_ATTEMPTS`); below 2 a failure gives up at once. */
  maxAttempts: number;
  /** Delay before the first retry, ms (`MAIL_RETRY_INTERVAL_MS`; rounded to whole seconds, at least 1). */
  retryDelayMs: number;
  /**
   * Called once for a message whose last attempt failed, after its row got `failed_at` (subject,
   * attempts and last error on the row). A throw is logged by the job runner, never retried.
   */
  onGiveUp(email: OutboxEmail): Promise<void>;
}

/** Wires the mailer's failed deliveries to the job queue; a message that runs out of attempts goes to `onGiveUp`. */
export function registerMailRetries(app: FastifyInstance, options: MailRetryOptions): void {
  const giveUp = async (emailId: string) => {
    const email = await app.mailer.giveUp(app.orm.em.fork(), emailId);
    if (email) await options.onGiveUp(email);
  };
  const retryDelaySeconds = Math.max(1, Math.round(options.retryDelayMs / 1000));
  if (options.maxAttempts >= 2) {
    app.jobs.define<RetryData>({
      name: MAIL_RETRY_JOB,
      // The dispatch was attempt 1; the job's first run (after the delay) is attempt 2.
      retryLimit: options.maxAttempts - 2,
      retryDelaySeconds,
      retryBackoff: true,
      handler: async ({ emailId }) => {
        await app.mailer.deliverStored(app.orm.em.fork(), emailId);
      },
      onGiveUp: ({ emailId }) => giveUp(emailId),
    });
  }
  const enqueue = async (emailId: string) => {
    try {
      if (options.maxAttempts < 2) await giveUp(emailId);
      else await app.jobs.send(MAIL_RETRY_JOB, { emailId }, { id: stableJobId(`${MAIL_RETRY_JOB}:${emailId}`), startAfterSeconds: retryDelaySeconds });
    } catch (error) {
      // Never fails the request that sent the mail; the start-up sweep below enqueues it again.
      app.log.error({ err: error, emailId }, 'could not schedule the retry of an e-mail');
    }
  };
  app.mailer.setRetries({ enqueue });
  app.addHook('onReady', async () => {
    const unsent = await app.orm.em.getConnection().execute<{ id: string }[]>('select id from outbox_emails where sent_at is null and failed_at is null and attempts > 0', [], 'all');
    for (const row of unsent) await enqueue(row.id);
  });
}
