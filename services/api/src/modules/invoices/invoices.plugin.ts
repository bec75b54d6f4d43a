/**
 * Invoices plugin: decorates `app.invoices`, the one InvoiceService of the app on the provider
 * `INVOICE_PROVIDER` names (Focus NFe or the sandbox), or null with `INVOICE_PROVIDER=off` (then
 * no invoice is requested, its jobs and subscribers are not registered and the routes answer 404).
 * A failure after the last attempt is reported as the system error `InvoiceFailed`.
 */
import fp from 'fastify-plugin';
import { FocusNfeProvider } from './focus-nfe-provider.ts';
import { InvoiceLinks } from './invoice-links.ts';
import type { InvoiceProvider } from './invoice-provider.ts';
import { InvoiceService } from './invoices.service.ts';
import { SandboxInvoiceProvider } from './sandbox-invoice-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoiceService | null;
  }
}

export default fp(
  async (app) => {
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
    app.decorate('invoices', provider ? new InvoiceService({ provider, links, clock: app.clock, report }) : null);
  },
  { name: 'invoices', dependencies: ['config', 'clock', 'orm', 'system-errors'] },
);
