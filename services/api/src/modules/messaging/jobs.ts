/**
 * The messaging module's queue job (registered by bootstrap/background-work.ts; none with
 * `MESSAGING_PROVIDER=off`): `whatsapp-order-message` `{ messageId }` sends one queued message
 * (messaging.service.ts). While the provider is down it is retried as the e-mails are:
 * `MAIL_MAX_ATTEMPTS` runs in all, the first retry `MAIL_RETRY_INTERVAL_MS` later, then pg-boss's
 * backoff; after the last the message is `failed`. The e-mail of the same moment went anyway.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../../jobs/job-runner.ts';
import type { ModuleQueueJob } from '../../jobs/module-tasks.ts';

/** The job queue's name. */
export const WHATSAPP_MESSAGE_JOB = 'whatsapp-order-message';

interface MessageJobData {
  messageId: string;
}

/** Queues the send of message `messageId`, once (the job's id derives from the message). */
export function sendMessageJob(app: FastifyInstance, messageId: string): Promise<void> {
  return app.jobs.send(WHATSAPP_MESSAGE_JOB, { messageId }, { id: stableJobId(`${WHATSAPP_MESSAGE_JOB}:${messageId}`) });
}

const sendJob: ModuleQueueJob<MessageJobData> = {
  name: WHATSAPP_MESSAGE_JOB,
  retries: (app) => ({ retryLimit: Math.max(0, app.config.mailMaxAttempts - 1), retryDelaySeconds: Math.max(1, Math.round(app.config.mailRetryIntervalMs / 1000)), retryBackoff: true }),
  enabled: (app) => app.messaging !== null,
  handler: async (app, { messageId }) => {
    const outcome = await app.messaging!.send(app.orm.em.fork(), messageId);
    if (outcome === 'failed') app.log.warn({ messageId }, 'WhatsApp message refused; the order e-mail went anyway');
  },
  onGiveUp: (app, { messageId }, error) => app.messaging!.giveUp(app.orm.em.fork(), messageId, error),
};

export const messagingQueueJobs: ModuleQueueJob[] = [sendJob];
