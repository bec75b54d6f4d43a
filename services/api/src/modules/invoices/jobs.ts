/**
 * The invoices module's queue jobs (defined by bootstrap/background-work.ts; none with
 * `INVOICE_PROVIDER=off`). Each runs once per order (its id derived from the order, or from a
 * staff retry), retried by pg-boss `INVOICE_RETRY_DELAY_SECONDS` apart, doubled each time, for
 * `INVOICE_MAX_ATTEMPTS` runs; after the last the invoice is `failed` and reported (InvoiceService.giveUp).
 * - `invoice-issue`: asks the provider for the NF-e; one that SEFAZ is still authorising queues `invoice-poll`;
 * - `invoice-poll`: asks again whether it was authorised;
 * - `invoice-cancel`: cancels the invoice of a cancelled or refunded order.
 */
import type { FastifyInstance } from 'fastify';
import { stableJobId } from '../../jobs/job-runner.ts';
import type { ModuleQueueJob } from '../../jobs/module-tasks.ts';
import type { InvoiceService } from './invoices.service.ts';

/** Job queue names. */
export const INVOICE_JOBS = { issue: 'invoice-issue', poll: 'invoice-poll', cancel: 'invoice-cancel' } as const;

interface InvoiceJobData {
  orderId: string;
}

/**
 * Queues an invoice job for `orderId`; `key` makes the job id (default: the order, so one job per
 * order and name), `startAfterSeconds` delays its first run.
 */
export function sendInvoiceJob(app: FastifyInstance, name: string, orderId: string, startAfterSeconds?: number, key = orderId): Promise<void> {
  return app.jobs.send(name, { orderId }, { id: stableJobId(`${name}:${key}`), ...(startAfterSeconds ? { startAfterSeconds } : {}) });
}

/** The invoice service; the jobs are only defined when there is one. */
const invoices = (app: FastifyInstance): InvoiceService => app.invoices!;

/** An invoice job: retried per the configuration, defined only when there is a provider, `failed` and reported after its last run. */
function invoiceJob(step: keyof typeof INVOICE_JOBS, handler: (app: FastifyInstance, service: InvoiceService, orderId: string) => Promise<void>): ModuleQueueJob<InvoiceJobData> {
  return {
    name: INVOICE_JOBS[step],
    retries: (app) => ({ retryLimit: app.config.invoices.maxAttempts - 1, retryDelaySeconds: app.config.invoices.retryDelaySeconds, retryBackoff: true }),
    enabled: (app) => app.invoices !== null,
    handler: (app, { orderId }) => handler(app, invoices(app), orderId),
    onGiveUp: (app, { orderId }, error) => invoices(app).giveUp(app.orm.em.fork(), orderId, step, error),
  };
}

export const invoiceQueueJobs: ModuleQueueJob[] = [
  invoiceJob('issue', async (app, service, orderId) => {
    const step = await service.issue(app.orm.em.fork(), orderId);
    if (step === 'processing') await sendInvoiceJob(app, INVOICE_JOBS.poll, orderId, app.config.invoices.retryDelaySeconds);
    if (step === 'authorized') app.log.info({ orderId }, 'invoice authorised');
  }),
  invoiceJob('poll', async (app, service, orderId) => void (await service.poll(app.orm.em.fork(), orderId))),
  invoiceJob('cancel', async (app, service, orderId) => void (await service.cancel(app.orm.em.fork(), orderId))),
];
