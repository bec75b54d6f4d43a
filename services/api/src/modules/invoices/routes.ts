/**
 * Invoices (NF-e) of paid orders:
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
 * `OrderRefunded` queue `invoice-cancel` (subscribers.ts, jobs.ts). A provider that is down makes the job fail and pg-boss
 * retries it (`INVOICE_RETRY_DELAY_SECONDS`, doubled each time, `INVOICE_MAX_ATTEMPTS` runs); an
 * invoice SEFAZ is still authorising is polled by `invoice-poll` the same way. After the last
 * attempt the invoice is `failed` and the failure is a system error on the developer dashboard
 * (`InvoiceFailed`), and staff see the status and the error on the order's page. The order itself
 * is never held back. `INVOICE_PROVIDER=off`: nothing is requested.
 */
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrderInvoiceSchema, apiErrorSchema, invoiceDownloadQuerySchema, orderInvoiceSchema } from '@prata/contracts';
import { DomainError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requestMeta } from '../identity/index.ts';
import { InvoiceProviderRejectedError, InvoiceProviderUnavailableError } from './invoice-provider.ts';
import { INVOICE_JOBS, sendInvoiceJob } from './jobs.ts';

/** Downloads per minute and client. */
export const INVOICE_DOWNLOADS_PER_MINUTE = 30;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: 'Pedido não encontrado' }) });
const downloadParams = z.object({ id: z.uuid({ error: 'Nota fiscal não encontrada' }), kind: z.enum(['danfe', 'xml'], { error: 'Arquivo não encontrado' }) });

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.invoices;
  const em = () => app.orm.em;

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
      await sendInvoiceJob(app, INVOICE_JOBS.issue, orderId, undefined, `${orderId}:retry:${app.clock.now().getTime()}`);
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

export default fp(invoiceRoutes, { name: 'invoices-routes', encapsulate: true, dependencies: ['invoices'] });
