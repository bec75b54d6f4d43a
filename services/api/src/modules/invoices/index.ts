/**
 * Invoices (NF-e) of paid orders (issue 23 "Invoices (NF-e)"):
 * - `GET /api/orders/:id/invoice` (`customer`, own orders; 404 otherwise or while there is none):
 *   the invoice's status, number, series and signed links to its DANFE and XML;
 * - `GET /api/admin/orders/:id/invoice` (`admin`): the same with provider, attempts and last error;
 * - `POST /api/admin/orders/:id/invoice/retry` (`admin`, audited `invoice_retried`): sends a `failed`
 *   or `rejected` invoice again (409 otherwise);
 * - `GET /api/invoices/:id/danfe` and `/xml` (`public`, rate-limited; the signed link is the
 *   authorisation: invoice-links.ts): the file, fetched from the provider (403 for a bad or
 *   expired link, 404 before authorisation, 503 when the provider does not answer).
 *
 * When `OrderPaid` is dispatched (once per cluster, after commit) the order's invoice row is created
 * and the job `invoice-issue` queued under an id derived from the order; `OrderCancelled` and
 * `OrderRefunded` queue `invoice-cancel`. A provider that is down makes the job fail and pg-boss
 * retries it (`INVOICE_RETRY_DELAY_SECONDS`, doubled each time, `INVOICE_MAX_ATTEMPTS` runs); an
 * invoice SEFAZ is still authorising is polled by `invoice-poll` the same way. After the last
 * attempt the invoice is `failed` and the failure is a system error on the developer dashboard
 * (`InvoiceFailed`), and staff see the status and the error on the order's page. The order itself
 * is never held back. `INVOICE_PROVIDER=off`: nothing is requested.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_EVENTS, adminOrderInvoiceSchema, apiErrorSchema, invoiceDownloadQuerySchema, orderInvoiceSchema } from '@prata/contracts';
import { DomainError } from '../../errors.ts';
import { stableJobId } from '../../jobs/job-runner.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { FocusNfeProvider } from './focus-nfe-provider.ts';
import { InvoiceLinks } from './invoice-links.ts';
import { InvoiceProviderRejectedError, InvoiceProviderUnavailableError, type InvoiceProvider } from './invoice-provider.ts';
import { InvoiceService } from './invoices.service.ts';
import { SandboxInvoiceProvider } from './sandbox-invoice-provider.ts';

/** Job queue names. */
export const INVOICE_JOBS = { issue: 'invoice-issue', poll: 'invoice-poll', cancel: 'invoice-cancel' } as const;
/** Downloads per minute and client. */
export const INVOICE_DOWNLOADS_PER_MINUTE = 30;

interface InvoiceJobData {
  orderId: string;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });
const downloadParams = z.object({ id: z.uuid({ error: 'Nota fiscal não encontrada' }), kind: z.enum(['danfe', 'xml'], { error: 'Arquivo não encontrado' }) });

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.invoices;
  const provider: InvoiceProvider | null =
    settings.provider === 'focusnfe'
      ? new FocusNfeProvider({ origin: settings.focusNfe!.origin, token: settings.focusNfe!.token, timeoutMs: settings.timeoutMs, emitter: settings.emitter })
      : settings.provider === 'sandbox'
        ? new SandboxInvoiceProvider({ cnpj: settings.emitter.cnpj, state: settings.emitter.state, now: () => app.clock.now() })
        : null;
  const links = new InvoiceLinks(app.config.jwtSecret, app.config.publicUrl);
  const report = async (message: string, orderId: string) => {
    await app.systemErrors.report(app.orm.em.fork(), { errorType: 'InvoiceFailed', errorMessage: message, pageUrl: `orders/${orderId}`, remote: 'api', version: app.config.apiVersion }, 'server');
  };
  const service = provider ? new InvoiceService({ provider, links, clock: app.clock, report }) : null;
  const em = () => app.orm.em;
  /** Queues an invoice job; `key` makes the job id (one job per order, or one per staff retry). */
  const send = (name: string, orderId: string, startAfterSeconds?: number, key = orderId) =>
    app.jobs.send(name, { orderId }, { id: stableJobId(`${name}:${key}`), ...(startAfterSeconds ? { startAfterSeconds } : {}) });

  if (service) {
    const retries = { retryLimit: settings.maxAttempts - 1, retryDelaySeconds: settings.retryDelaySeconds, retryBackoff: true };
    app.jobs.define<InvoiceJobData>({
      name: INVOICE_JOBS.issue,
      ...retries,
      handler: async ({ orderId }) => {
        const step = await service.issue(app.orm.em.fork(), orderId);
        if (step === 'processing') await send(INVOICE_JOBS.poll, orderId, settings.retryDelaySeconds);
        if (step === 'authorized') app.log.info({ orderId }, 'invoice authorised');
      },
      onGiveUp: ({ orderId }, error) => service.giveUp(app.orm.em.fork(), orderId, 'issue', error),
    });
    app.jobs.define<InvoiceJobData>({
      name: INVOICE_JOBS.poll,
      ...retries,
      handler: async ({ orderId }) => void (await service.poll(app.orm.em.fork(), orderId)),
      onGiveUp: ({ orderId }, error) => service.giveUp(app.orm.em.fork(), orderId, 'poll', error),
    });
    app.jobs.define<InvoiceJobData>({
      name: INVOICE_JOBS.cancel,
      ...retries,
      handler: async ({ orderId }) => void (await service.cancel(app.orm.em.fork(), orderId)),
      onGiveUp: ({ orderId }, error) => service.giveUp(app.orm.em.fork(), orderId, 'cancel', error),
    });
    const unsubscribe = [
      app.events.subscribe(
        ORDER_EVENTS.paid,
        async (event) => {
          if (await service.request(app.orm.em.fork(), event.aggregateId)) await send(INVOICE_JOBS.issue, event.aggregateId);
        },
        'invoices-request',
      ),
      app.events.subscribe(ORDER_EVENTS.cancelled, (event) => send(INVOICE_JOBS.cancel, event.aggregateId), 'invoices-cancel-on-cancelled'),
      app.events.subscribe(ORDER_EVENTS.refunded, (event) => send(INVOICE_JOBS.cancel, event.aggregateId), 'invoices-cancel-on-refunded'),
    ];
    app.addHook('onClose', async () => unsubscribe.forEach((stop) => stop()));
  }

  const none = () => new DomainError(404, 'not_found', 'Nota fiscal não encontrada');

  app.get(
    '/api/orders/:id/invoice',
    { config: { access: 'customer' }, schema: { params: idParams, response: { 200: orderInvoiceSchema, ...errors } } },
    async (request) => {
      if (!service) throw none();
      return service.forBuyer(em(), requireAuth(request).userId, request.params.id);
    },
  );

  app.get(
    '/api/admin/orders/:id/invoice',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderInvoiceSchema, ...errors } } },
    async (request) => {
      if (!service) throw none();
      return service.forStaff(em(), request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/invoice/retry',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderInvoiceSchema, ...errors, 409: apiErrorSchema } } },
    async (request) => {
      if (!service) throw none();
      const orderId = request.params.id;
      await service.retry(em(), orderId, requireAuth(request).userId, requestMeta(request));
      await send(INVOICE_JOBS.issue, orderId, undefined, `${orderId}:retry:${app.clock.now().getTime()}`);
      return service.forStaff(em(), orderId);
    },
  );

  app.get(
    '/api/invoices/:id/:kind',
    {
      config: { access: 'public', rateLimit: { max: INVOICE_DOWNLOADS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { params: downloadParams, querystring: invoiceDownloadQuerySchema },
    },
    async (request, reply) => {
      if (!service) throw none();
      const { id, kind } = request.params;
      try {
        const file = await service.download(em(), id, kind, request.query.expires, request.query.signature);
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `${kind === 'danfe' ? 'inline' : 'attachment'}; filename="${file.fileName}"`)
          .send(file.body);
      } catch (error) {
        // The provider has no such file: as if the invoice had none.
        if (error instanceof InvoiceProviderRejectedError) throw none();
        if (!(error instanceof InvoiceProviderUnavailableError)) throw error;
        request.log.warn({ err: error }, 'invoice provider unavailable');
        throw new DomainError(503, 'invoice_provider_unavailable', 'O emissor de notas fiscais não respondeu. Tente de novo em instantes.');
      }
    },
  );
};

export default invoiceRoutes;

// The module's public face.
export { Invoice, InvoiceSchema } from './invoice.entity.ts';
